/**
 * Where a shopper is sent back to (destinations.ts): sameOriginPath takes a path of the store's
 * own origin from a request (`?back=`, a form field, the hosted login's `originalUri`), or the
 * fallback. test/hardening/react-layer.test.tsx tries it with a hostile page's addresses; these
 * are its contract for the store's own code.
 */
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '../../src/react/server.ts';
import { sameOriginPath as fromBrowserEntry } from '../../src/react/index.ts';

const STORE = 'https://shop.example';

describe('sameOriginPath', () => {
  it('is the same function on the server and in the browser', () => {
    expect(fromBrowserEntry).toBe(sameOriginPath);
  });

  it('answers a path as it was given: no normalising, its query and fragment kept', () => {
    expect(sameOriginPath('/cart?x=1', '/account')).toBe('/cart?x=1');
    expect(sameOriginPath('/a/../b/./c?q=%20#top', '/account')).toBe('/a/../b/./c?q=%20#top');
    expect(sameOriginPath('/search?q=rain%20jacket&sort=price', '/')).toBe('/search?q=rain%20jacket&sort=price');
  });

  it('answers the fallback for no value and for anything that is not a path, whatever the fallback is', () => {
    expect(sameOriginPath(undefined, '/account')).toBe('/account');
    expect(sameOriginPath(null, '')).toBe('');
    expect(sameOriginPath('cart', '/account')).toBe('/account');
    expect(sameOriginPath('?back=/cart', '/account')).toBe('/account');
    expect(sameOriginPath(' /cart', '/account')).toBe('/account');
    // Without the page's origin an absolute URL is refused even on the store's own origin.
    expect(sameOriginPath(`${STORE}/cart`, '/account')).toBe('/account');
    // The fallback is the caller's: it is answered as it is.
    expect(sameOriginPath('//evil.example', 'https://shop.example/home')).toBe('https://shop.example/home');
  });

  it('with the page’s origin, takes an absolute URL on it as its path, query and fragment', () => {
    expect(sameOriginPath(`${STORE}`, '/account', STORE)).toBe('/');
    expect(sameOriginPath(`${STORE}/products/linen-shirt?Size=M#reviews`, '/', STORE)).toBe(
      '/products/linen-shirt?Size=M#reviews',
    );
    // The origin as URLs compare it: the scheme and host in any case, the default port named or not.
    expect(sameOriginPath('HTTPS://SHOP.EXAMPLE:443/cart', '/', `${STORE}/any/page?x=1`)).toBe('/cart');
    // A path is still taken as a path.
    expect(sameOriginPath('/cart', '/', STORE)).toBe('/cart');
  });

  it('with the page’s origin, refuses another scheme, port or host, and a URL or origin that does not parse', () => {
    for (const other of [
      'http://shop.example/cart',
      'https://shop.example:8443/cart',
      'https://www.shop.example/cart',
      'https://shop.example.evil.example/cart',
      'mailto:someone@shop.example',
      'cart',
    ])
      expect(sameOriginPath(other, '/account', STORE), other).toBe('/account');
    expect(sameOriginPath(`${STORE}/cart`, '/account', 'not an origin')).toBe('/account');
  });
});
