/**
 * The call as code (console/src/core/snippets.ts): the text for given credentials. That each
 * snippet compiles and runs is test/spec/ts-snippets.test.ts's and the browser tests' part.
 */
import { describe, expect, it } from 'vitest';
import { findOperation } from '../../console/src/core/operations.ts';
import {
  clientSetup,
  curlSnippet,
  fetchSnippet,
  tsSnippet,
  type Credentials,
  type PreviewedRequest,
} from '../../console/src/core/snippets.ts';

const visitor: Credentials = { host: 'http://h.test', clientId: 'cid', elevated: false, apiKey: 'KEY', siteId: 'site' };
const request: PreviewedRequest = {
  method: 'POST',
  url: "http://h.test/x?q=it's",
  body: '{"a":1}',
  headers: [['content-type', 'application/json']],
};

describe('curl', () => {
  it('fetches a visitor token first when the console holds none, and quotes for the shell', () => {
    const text = curlSnippet(request, visitor);
    expect(text.split('\n')[0]).toMatch(/^TOKEN=\$\(curl -s -X POST 'http:\/\/h\.test\/oauth2\/token' /);
    expect(text).toContain(`curl -X POST 'http://h.test/x?q=it'\\''s'`);
    expect(text).toContain('-H "Authorization: $TOKEN"');
    expect(text).toContain(`--data '{"a":1}'`);
  });

  it('sends the API key and the site id for an elevated call, and a held token as it is', () => {
    const elevated = curlSnippet(request, { ...visitor, elevated: true });
    expect(elevated).not.toContain('TOKEN=');
    expect(elevated).toContain(`-H 'Authorization: KEY'`);
    expect(elevated).toContain(`-H 'wix-site-id: site'`);
    expect(curlSnippet(request, { ...visitor, accessToken: 'tok' })).toContain(`-H 'Authorization: tok'`);
  });
});

describe('fetch', () => {
  it('lays a JSON body out and reads the visitor token into the header', () => {
    const text = fetchSnippet(request, visitor);
    expect(text).toContain('"Authorization": TOKEN');
    expect(text).toContain('body: JSON.stringify({\n    "a": 1\n  })');
    expect(text.trimEnd().split('\n').at(-1)).toBe('console.log(res.status, await res.json());');
  });

  it('leaves a body that is not JSON as sent', () => {
    expect(fetchSnippet({ ...request, body: 'a=1' }, { ...visitor, accessToken: 't' })).toContain(
      'body: JSON.stringify(a=1)',
    );
  });
});

describe('TypeScript', () => {
  it('creates one client per kind of caller, importing what it uses', () => {
    const setup = clientSetup(
      ['orders', 'checkout'],
      [
        { name: 'kit', elevated: false },
        { name: 'admin', elevated: true },
      ],
      { host: '"h"', clientId: '"c"', apiKey: '"k"', siteId: '"s"' },
    );
    expect(setup.split('\n')[0]).toBe(
      "import { createClient, OAuthStrategy, ApiKeyStrategy, orders, checkout } from 'storefront-kit';",
    );
    expect(setup).toContain(
      'const admin = createClient({ modules: { orders, checkout }, auth: ApiKeyStrategy({ apiKey: "k", siteId: "s" }), host: "h" });',
    );
  });

  it('runs a query builder called with no options, and passes path values and options to any other call', () => {
    const query = tsSnippet(findOperation('products.queryProducts')!, [], {}, visitor);
    expect(query).toContain('const page = await kit.products.queryProducts().find();');
    const get = tsSnippet(findOperation('checkout.getCheckout')!, ['c1'], {}, visitor);
    expect(get).toContain('const result = await kit.checkout.getCheckout("c1");');
    expect(get).toContain('auth: OAuthStrategy({ clientId: "cid" })');
  });

  it('gives a body operation its options even when the form is empty', () => {
    const text = tsSnippet(findOperation('orders.searchOrders')!, [], undefined, { ...visitor, elevated: true });
    expect(text).toContain('await kit.orders.searchOrders({});');
  });
});
