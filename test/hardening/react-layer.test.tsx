/**
 * Issue 31, storefront-kit/react's helpers as a hostile page, shopper and merchant would try them:
 * guardRequest (the server's door for state-changing requests), sameOriginPath (no open
 * redirect), storeSessionAuth (the browser holds an access token only) and <Image> with a
 * merchant's bad URL.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Image, imageAttributes, sameOriginPath, storeSessionAuth } from '../../src/react/index.ts';
import { accessTokenResponse, guardRequest } from '../../src/react/server.ts';
import { cookieStorage } from '../../src/index.ts';
import { startCheckout } from '../../src/react/checkout.ts';
import type { StorefrontClient } from '../../src/react/client-types.ts';
import { createStorefrontStore } from '../../src/react/store.ts';

const STORE = 'https://shop.example';
const form = (
  init: {
    method?: string;
    origin?: string | null;
    type?: string | null;
    body?: BodyInit;
    headers?: Record<string, string>;
  } = {},
) =>
  new Request(`${STORE}/cart`, {
    method: init.method ?? 'POST',
    headers: {
      ...(init.origin === null ? {} : { origin: init.origin ?? STORE }),
      ...(init.type === null ? {} : { 'content-type': init.type ?? 'application/x-www-form-urlencoded' }),
      ...init.headers,
    },
    body: init.body ?? 'quantity=2',
  });

describe('guardRequest', () => {
  it("passes GET, HEAD and the store's own forms through, the form readable by the action", async () => {
    const get = new Request(`${STORE}/cart`);
    expect(await guardRequest(get)).toBe(get);
    const checked = await guardRequest(form());
    expect(checked).toBeInstanceOf(Request);
    expect((await (checked as Request).formData()).get('quantity')).toBe('2');
    // A server's own request (no browser headers) is no cross-site request.
    expect(await guardRequest(form({ origin: null }))).toBeInstanceOf(Request);
  });

  it('refuses what a hostile page or client sends, with the status that says why', async () => {
    const cases: [string, Request, number][] = [
      ['another site', form({ origin: 'https://evil.example' }), 403],
      ['a look-alike', form({ origin: 'https://shop.example.evil.example' }), 403],
      ['another port', form({ origin: 'https://shop.example:8443' }), 403],
      ['an opaque origin', form({ origin: 'null' }), 403],
      ['cross-site without Origin', form({ origin: null, headers: { 'sec-fetch-site': 'cross-site' } }), 403],
      ['PUT', form({ method: 'PUT' }), 405],
      ['JSON', form({ type: 'application/json', body: '{}' }), 415],
      ['no type', form({ type: null, body: new Uint8Array([1]) }), 415],
      ['too large', form({ body: 'a='.padEnd(70_000, 'x') }), 413],
      ['broken multipart', form({ type: 'multipart/form-data; boundary=z', body: 'junk' }), 400],
    ];
    for (const [name, request, status] of cases) {
      const answer = await guardRequest(request);
      expect(answer, name).toBeInstanceOf(Response);
      expect((answer as Response).status, name).toBe(status);
    }
    const tooLarge = await guardRequest(form({ body: 'a=x' }), { bodyLimit: 2 });
    expect((tooLarge as Response).status).toBe(413);
    const allowed = await guardRequest(form({ origin: 'https://www.shop.example' }), {
      origins: [STORE, 'https://www.shop.example'],
    });
    expect(allowed).toBeInstanceOf(Request);
  });
});

describe('sameOriginPath', () => {
  it('takes one-slash paths only; anything a browser reads as another host falls back', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      '/\t/evil.example/x',
      '/\n/evil.example',
      '/\r\n/evil',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      '',
      '//',
    ])
      expect(sameOriginPath(bad, '/account'), JSON.stringify(bad)).toBe('/account');
    for (const good of ['/', '/cart', '/products/linen-shirt?Size=M#reviews', '/%2F%2Fevil.example'])
      expect(sameOriginPath(good, '/account')).toBe(good);
    expect(sameOriginPath(null, '/')).toBe('/');
    // With the page's origin, an absolute URL on it is taken as its path.
    expect(sameOriginPath(`${STORE}/cart?x=1`, '/', STORE)).toBe('/cart?x=1');
    expect(sameOriginPath('https://evil.example/cart', '/', STORE)).toBe('/');
    expect(sameOriginPath(`${STORE}//evil.example`, '/', STORE)).toBe('/');
  });
});

describe('storeSessionAuth and accessTokenResponse', () => {
  it('hands the browser the access token alone, asked once while valid and renewed after a 401', async () => {
    const written: string[] = [];
    const tokens = {
      accessToken: { value: 'at-1', expiresAt: Math.floor(Date.now() / 1000) + 600 },
      refreshToken: { value: 'rt-secret', role: 'visitor' as const },
    };
    let renewed = 0;
    const serverAuth = {
      getAuthHeaders: async () => ({ headers: { authorization: tokens.accessToken.value } }),
      onUnauthorized: async () => {
        renewed++;
        tokens.accessToken = { value: `at-${renewed + 1}`, expiresAt: tokens.accessToken.expiresAt };
        return true;
      },
      getTokens: () => tokens,
    };
    const asked: string[] = [];
    const auth = storeSessionAuth({
      fetch: async (input, init) => {
        asked.push(String(init?.body));
        const answer = await accessTokenResponse(serverAuth, new Request(`${STORE}${String(input)}`, init));
        const text = await answer.clone().text();
        written.push(text);
        return answer;
      },
    });
    expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-1' } });
    expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-1' } });
    expect(asked).toEqual(['']);
    expect(await auth.onUnauthorized!()).toBe(true);
    expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-2' } });
    expect(asked).toEqual(['', 'renew=1']);
    expect(written.join('')).not.toContain('rt-secret');
  });

  it('writes the server cookie HttpOnly, and refuses httpOnly where a page script would write it', () => {
    const set: string[] = [];
    cookieStorage({ httpOnly: true, setCookie: (v) => set.push(v) }).setTokens({
      accessToken: { value: 'a', expiresAt: 1 },
      refreshToken: { value: 'r', role: 'visitor' },
    });
    expect(set[0]).toMatch(/; HttpOnly$/);
    expect(() => cookieStorage({ httpOnly: true })).toThrow(/httpOnly needs setCookie/);
  });
});

describe("<Image> with a merchant's bad URL", () => {
  it('renders nothing for javascript:, data:, vbscript: and broken URLs, and a plain image for another http(s) host', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:image/svg+xml,<svg/onload=alert(1)>',
      'vbscript:x',
      'not a url',
      '',
    ])
      for (const image of [url, { url, width: 100, height: 100 }])
        expect(renderToString(<Image image={image} width={100} height={100} />), url).toBe('');
    const html = renderToString(
      <Image image={{ url: 'https://cdn.example/shirt.jpg', width: 400, height: 300 }} width={100} />,
    );
    expect(html).toMatch(/^<img /);
    expect(html).toContain('src="https://cdn.example/shirt.jpg"');
    expect(html).toContain('height="75"');
    expect(() => imageAttributes({ image: 'javascript:alert(1)', width: 10, height: 10 })).toThrow(
      'storefront-kit/react: <Image> shows http(s) and wix:image:// URLs only, not "javascript:alert(1)"',
    );
  });
});

describe('the checkout helper: where the buyer goes after paying', () => {
  afterEach(() => vi.unstubAllGlobals());
  /** A store whose client records the redirect session's postFlowUrl. */
  function recordingStore() {
    const sent: string[] = [];
    const client = {
      // Cart V2 (the React layer's default): the cart's id is the checkout id.
      currentCartV2: { getCurrentCart: async () => ({ cart: { id: 'c1' } }) },
      redirects: {
        createRedirectSession: async (body: { callbacks: { postFlowUrl: string } }) => {
          sent.push(body.callbacks.postFlowUrl);
          return { redirectSession: { fullUrl: 'https://checkout.example/c1' } };
        },
      },
    } as unknown as StorefrontClient;
    return { store: createStorefrontStore(client), sent };
  }

  it("takes a path of the page's own origin, and refuses one a browser reads as another host, asking nothing", async () => {
    vi.stubGlobal('location', { origin: STORE });
    const { store, sent } = recordingStore();
    expect(await startCheckout(store, { postFlowUrl: '/thank-you?order=1' })).toEqual({
      url: 'https://checkout.example/c1',
    });
    expect(await startCheckout(store, { postFlowUrl: 'https://shop.example/thanks' })).toEqual({
      url: 'https://checkout.example/c1',
    });
    for (const bad of ['//evil.example/x', '/\\evil.example/x', '/\t/evil.example', '\\\\evil.example']) {
      const result = await startCheckout(store, { postFlowUrl: bad });
      // A SystemError whose cause says why, as the helper's other refusals (no redirects module).
      expect((result.error?.cause as Error | undefined)?.message, JSON.stringify(bad)).toMatch(
        /is not a path of this site/,
      );
    }
    expect(sent).toEqual([`${STORE}/thank-you?order=1`, 'https://shop.example/thanks']);
  });
});
