/**
 * Issue 31, the sandbox's half: a merchant's media URL that is not a web URL is refused at write
 * time (the official SDK types Catalog V1's `MediaDataForWrite.url` and Catalog V3's
 * `ProductMedia.url` `@format WEB_URL`), and an oversized query filter is refused before any
 * validation walks it.
 */
import { describe, expect, it } from 'vitest';
import { MAX_FILTER_TERMS } from '../../src/sandbox/platform/query-fields.ts';
import { API_KEY, call, useSandboxServer, visitorToken } from '../support/sandbox.ts';
import { comparableState, providerErrorProblem, recordFigures } from './support.ts';

const s = useSandboxServer();
const state = async (base: string) => comparableState((await call(base, 'GET', '/__sandbox/state')).body);
const BAD_URLS = [
  'javascript:alert(document.cookie)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'JaVaScRiPt:alert(1)',
  'vbscript:x',
  '//evil.example/x.jpg',
  'https:',
  ' https://cdn.example/x.jpg',
  'not a url',
];

function expectViolation(r: { status: number; body: any }, field: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(providerErrorProblem(r.body)).toBeUndefined();
  expect(r.body.details.validationError.fieldViolations).toEqual([
    { field, description: 'must be a web URL (http or https)', violatedRule: 'FORMAT' },
  ]);
}

describe("a merchant's media URL", () => {
  it('is refused at write time unless it is http(s), in Catalog V1 and V3, changing nothing', async () => {
    const base = s.current.url;
    const products = (await call(base, 'GET', '/stores-reader/v1/products/query-platformized', { token: API_KEY }))
      .body;
    const id = (
      await call(base, 'POST', '/stores/v1/products', {
        token: API_KEY,
        body: { product: { name: 'Media check', priceData: { price: 5 } } },
      })
    ).body.product.id as string;
    expect(products).toBeTruthy();
    const before = await state(base);
    for (const url of BAD_URLS) {
      expectViolation(
        await call(base, 'POST', `/stores/v1/products/${id}/media`, { token: API_KEY, body: { media: [{ url }] } }),
        'media[0].url',
      );
      expectViolation(
        await call(base, 'POST', '/stores/v3/products', {
          token: API_KEY,
          body: {
            product: {
              name: 'Bad media',
              productType: 'PHYSICAL',
              physicalProperties: {},
              variantsInfo: { variants: [{ price: { actualPrice: { amount: '5' } }, choices: [] }] },
              media: { itemsInfo: { items: [{ url }] } },
            },
          },
        }),
        'product.media.itemsInfo.items[0].url',
      );
    }
    expect(await state(base)).toBe(before);
    const ok = await call(base, 'POST', `/stores/v1/products/${id}/media`, {
      token: API_KEY,
      body: { media: [{ url: 'https://cdn.example/shirt.jpg' }] },
    });
    expect(ok.status).toBe(200);
    recordFigures('merchant-input', `merchant input: ${BAD_URLS.length * 2} media URLs refused at write time`, {
      refused: BAD_URLS.length * 2,
    });
  });
});

describe('an oversized query filter', () => {
  it(`is refused past ${MAX_FILTER_TERMS} conditions, naming the filter, before validation (a visitor's 30,000 $or terms)`, async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const terms = Array.from({ length: 30_000 }, (_, i) => ({ slug: `p${i}` }));
    const r = await call(base, 'POST', '/stores/v3/products/query', {
      token,
      body: { query: { filter: { $or: terms } } },
    });
    expect(r.status).toBe(400);
    expect(r.body.details.validationError.fieldViolations).toEqual([
      { field: 'query.filter', description: `has more than ${MAX_FILTER_TERMS} conditions`, violatedRule: 'MAX_SIZE' },
    ]);
    // One violation, not one per term: the answer is small.
    expect(JSON.stringify(r.body).length).toBeLessThan(400);
    // Nested and in Catalog V1's JSON text too; at the bound a filter is still answered.
    const nested = { $and: [{ $or: terms.slice(0, 600) }, { $not: { $or: terms.slice(600, 1200) } }] };
    expect(
      (await call(base, 'POST', '/stores/v3/products/query', { token, body: { query: { filter: nested } } })).status,
    ).toBe(400);
    const v1 = await call(base, 'POST', '/stores-reader/v1/products/query-platformized', {
      token,
      body: { query: { filter: JSON.stringify({ $or: terms }) } },
    });
    expect(v1.body.details?.validationError?.fieldViolations?.[0]?.description).toBe(
      `has more than ${MAX_FILTER_TERMS} conditions`,
    );
    const atBound = await call(base, 'POST', '/stores/v3/products/query', {
      token,
      body: { query: { filter: { $or: terms.slice(0, MAX_FILTER_TERMS - 1) } } },
    });
    expect(atBound.status).toBe(200);
  });
});
