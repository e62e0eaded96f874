/**
 * The media host: every image the catalog names (seeded, or added through the writer API) is a
 * real PNG of the size the catalog says, at the provider's URL shape and at the transforms the
 * media helpers build; answers to a browser talking to the sandbox name images it can load
 * there, answers through the preload keep the provider's URLs (and the preload routes them).
 */
import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { getScaledToFillImageUrl as sdkFill, getScaledToFitImageUrl as sdkFit, getCroppedImageUrl as sdkCrop } from '@wix/sdk/media';
import { describe, expect, it } from 'vitest';
import { getScaledToFillImageUrl, getScaledToFitImageUrl } from '../../../src/media/media.ts';
import { PROVIDER_URLS_HEADER } from '../../../src/sandbox/platform/provider-hosts.ts';
import { routeProviderRequests } from '../../../src/sandbox/platform/node-routing.ts';
import { API_KEY, call, useSandboxServer } from '../../support/sandbox.ts';

const s = useSandboxServer();
const base = () => s.current.url;
const PROVIDER_MEDIA = 'https://static.wixstatic.com/media/';

/** A PNG's size, after checking it is one whose pixels inflate to exactly that size (8-bit RGB). */
function decodePng(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat: Buffer[] = [];
  let size = { width: 0, height: 0 };
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') size = { width: data.readUInt32BE(0), height: data.readUInt32BE(4) };
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  expect(inflateSync(Buffer.concat(idat)).length).toBe(size.height * (size.width * 3 + 1));
  return size;
}

async function image(url: string) {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), body };
}

type Product = { id: string; name: string; media: { items: { id: string; image: { url: string; width: number; height: number } }[] } };

async function products(headers: Record<string, string> = {}): Promise<Product[]> {
  const r = await call(base(), 'POST', '/stores-reader/v1/products/query-platformized', { body: { query: { paging: { limit: 100 } } }, token: API_KEY, headers });
  expect(r.status).toBe(200);
  return r.body.products;
}

describe('media served', () => {
  it('every seeded product image is a real PNG of the size the catalog says, and no two products look alike', async () => {
    const seeded = await products({ [PROVIDER_URLS_HEADER]: '1' });
    const digests = new Set<string>();
    for (const p of seeded) {
      const item = p.media.items[0];
      expect(item.image.url).toBe(PROVIDER_MEDIA + item.id);
      const got = await image(`${base()}/media/${item.id}`);
      expect(got.status, p.name).toBe(200);
      expect(got.type).toBe('image/png');
      expect(decodePng(got.body)).toEqual({ width: item.image.width, height: item.image.height });
      digests.add(createHash('sha256').update(got.body).digest('hex'));
    }
    expect(seeded.length).toBeGreaterThan(20);
    expect(digests.size).toBe(seeded.length);
  });

  it('serves the transforms the official SDK and this package build, in the size they ask for', async () => {
    const [mug] = (await products({ [PROVIDER_URLS_HEADER]: '1' })).filter((p) => p.name === 'Ceramic mug');
    const { id, image: img } = mug.media.items[0];
    const uri = `wix:image://v1/${id}/mug.jpg#originWidth=${img.width}&originHeight=${img.height}`;
    const urls: [string, { width: number; height: number }][] = [
      [sdkFill(uri, 300, 300, {}), { width: 300, height: 300 }],
      // The SDK works the fit out itself and asks for a fill (with the sides swapped: w_200,h_300).
      [sdkFit(uri, 300, 300, {}), { width: 200, height: 300 }],
      [sdkCrop(uri, 10, 10, 100, 50, 140, 70), { width: 140, height: 70 }],
      [getScaledToFillImageUrl(img.url, 64, 48), { width: 64, height: 48 }],
      // A `fit` step keeps the image's shape inside its box.
      [getScaledToFitImageUrl(img.url, 300, 300), { width: 300, height: 200 }],
    ];
    for (const [url, size] of urls) {
      expect(url.startsWith(PROVIDER_MEDIA + id + '/v1/')).toBe(true);
      const got = await image(base() + url.slice('https://static.wixstatic.com'.length));
      expect(got.status, url).toBe(200);
      expect(decodePng(got.body), url).toEqual(size);
    }
  });

  it('serves an image added through the writer API (createProduct, addProductMedia)', async () => {
    const created = await call(base(), 'POST', '/stores/v1/products', {
      token: API_KEY,
      body: { product: { name: 'Zinc Kettle', productType: 'physical', priceData: { price: 30 } } },
    });
    expect(created.status).toBe(200);
    const id = created.body.product.id;
    const added = await call(base(), 'POST', `/stores/v1/products/${id}/media`, { token: API_KEY, body: { media: [{ url: `${PROVIDER_MEDIA}made-here~mv2.png` }] } });
    expect(added.status).toBe(200);
    const product = (await call(base(), 'GET', `/stores-reader/v1/products/${id}`, { token: API_KEY, headers: { [PROVIDER_URLS_HEADER]: '1' } })).body.product as Product;
    const item = product.media.items[0];
    expect(item.image.url).toBe(`${PROVIDER_MEDIA}made-here~mv2.png`);
    const got = await image(`${base()}/media/made-here~mv2.png`);
    expect(got.status).toBe(200);
    expect(decodePng(got.body)).toEqual({ width: item.image.width, height: item.image.height });
  });

  it('refuses an id the catalog does not know (404) and a size past the limit (400)', async () => {
    const unknown = await call(base(), 'GET', '/media/not-in-the-catalog.jpg');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(`No image with media id "not-in-the-catalog.jpg" in the sandbox's catalog`);
    const [p] = await products();
    const huge = await call(base(), 'GET', `/media/${p.media.items[0].id}/v1/fill/w_40000,h_300/x.jpg`);
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('Image size 40000x300 is outside 1..4000 pixels a side');
    const odd = await call(base(), 'GET', `/media/${p.media.items[0].id}/v2/whatever`);
    expect(odd.status).toBe(400);
    expect(odd.body.details.applicationError.code).toBe('INVALID_ARGUMENT');
  });
});

describe('which image URLs the answers carry', () => {
  it('a browser talking to the sandbox gets URLs on the sandbox, which load', async () => {
    const [p] = await products();
    const url = p.media.items[0].image.url;
    expect(url).toBe(`${base()}/media/${p.media.items[0].id}`);
    const got = await image(url);
    expect(got.status).toBe(200);
    expect(got.type).toBe('image/png');
  });

  it("an app through the preload gets the provider's URLs, and the preload routes them to the sandbox", async () => {
    const restore = routeProviderRequests(base());
    try {
      const res = await fetch('https://www.wixapis.com/stores-reader/v1/products/query-platformized', {
        method: 'POST',
        headers: { authorization: API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ query: { paging: { limit: 1 } } }),
      });
      const url: string = (await res.json()).products[0].media.items[0].image.url;
      expect(url.startsWith(PROVIDER_MEDIA)).toBe(true);
      const img = await fetch(url);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      expect(decodePng(Buffer.from(await img.arrayBuffer()))).toEqual({ width: 1200, height: 800 });
    } finally {
      restore();
    }
  });
});
