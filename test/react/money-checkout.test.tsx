// @vitest-environment happy-dom
/** <Money> and useMoney() from decimal text; useCheckout() after the queued changes, on the visitor's token. */
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApplicationError } from '../../src/index.ts';
import { createSandbox } from '../../src/sandbox/index.ts';
import {
  addDecimals,
  cartApiV1,
  Money,
  multiplyDecimal,
  StorefrontProvider,
  useCartActions,
  useCheckout,
  useMoney,
  type MoneyFormat,
} from '../../src/react/index.ts';
import { linesOf, mount, visitorKit } from './support.tsx';

describe('money from decimal text', () => {
  it('adds and multiplies exactly, where floats would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('1.10', '2.5', '-0.05')).toBe('3.55');
    expect(multiplyDecimal('19.99', 3)).toBe('59.97');
    expect(multiplyDecimal('0.07', 100)).toBe('7.00');
    expect(multiplyDecimal('-1.5', 2)).toBe('-3.0');
    expect(() => multiplyDecimal('1,50', 2)).toThrow(
      'storefront-kit/react: "1,50" is not a decimal amount (digits, an optional point and digits)',
    );
    expect(() => multiplyDecimal('1.50', 1.5)).toThrow('storefront-kit/react: quantity 1.5 is not a whole number');
  });

  it('<Money> formats in the provider locale, keeps the exact amount in its value, and an amount past a float is exact', () => {
    const kit = visitorKit();
    let money!: MoneyFormat;
    const Grab = () => {
      money = useMoney();
      return null;
    };
    const html = renderToString(
      <StorefrontProvider client={kit.client} locale="de-DE">
        <Money amount="1234.50" currency="EUR" />|<Money amount="19.99" currency="EUR" quantity={3} />
        <Grab />
      </StorefrontProvider>,
    );
    // Intl puts a no-break space before the euro sign in German.
    expect(html).toBe('<data value="1234.50">1.234,50\u00a0€</data>|<data value="59.97">59,97\u00a0€</data>');
    expect(money.format('12345678901234567.89', 'EUR')).toBe('12.345.678.901.234.567,89\u00a0€');
    expect(Number('12345678901234567.89').toFixed(2)).not.toBe('12345678901234567.89');
    const en = renderToString(
      <StorefrontProvider client={kit.client}>
        <Money amount="12.5" currency="USD" />
      </StorefrontProvider>,
    );
    expect(en).toBe('<data value="12.5">$12.50</data>');
  });
});

describe('useCheckout', () => {
  it('starts a checkout of the cart after the changes still queued, and hands back the hosted checkout URL', async () => {
    const kit = visitorKit();
    const [shirt] = await linesOf(kit, ['linen-shirt']);
    let start!: ReturnType<typeof useCheckout>['start'];
    let actions!: ReturnType<typeof useCartActions>;
    const Grab = () => {
      start = useCheckout().start;
      actions = useCartActions();
      return null;
    };
    const page = await mount(
      <StorefrontProvider client={kit.client}>
        <Grab />
      </StorefrontProvider>,
    );
    const from = kit.requests.length;
    const result = await act(() => {
      void actions.addLines([shirt]);
      return start({ postFlowUrl: 'https://shop.example/thank-you' });
    });
    expect(kit.requests.slice(from).filter((r) => !r.includes('/oauth2/'))).toEqual([
      'POST /ecom/v2/carts/current/add-line-items',
      'POST /_api/redirects-api/v1/redirect-session',
    ]);
    expect(result.error).toBeUndefined();
    // The sandbox's redirect session URL (the provider's is its own host's).
    expect(result.url).toMatch(/^https:\/\/www\.wixapis\.com\/__sandbox\/redirect\?session=[0-9a-f-]{36}$/);
    page.unmount();
  });

  it("checks out the cart itself on Cart V2: the session's checkout is the cart's id; on Cart V1 a checkout is made first", async () => {
    for (const cartApi of ['v2', cartApiV1] as const) {
      const sandbox = createSandbox({
        validateResponses: true,
        settings: { cartV1: cartApi === 'v2' ? 'removed' : 'available' },
      });
      const kit = visitorKit(sandbox);
      const [shirt] = await linesOf(kit, ['linen-shirt']);
      let start!: ReturnType<typeof useCheckout>['start'];
      let actions!: ReturnType<typeof useCartActions>;
      const Grab = () => {
        start = useCheckout().start;
        actions = useCartActions();
        return null;
      };
      const page = await mount(
        <StorefrontProvider client={kit.client} cartApi={cartApi}>
          <Grab />
        </StorefrontProvider>,
      );
      const added = await act(() => actions.addLines([shirt]));
      const from = kit.requests.length;
      const result = await act(() => start({ postFlowUrl: 'https://shop.example/thank-you' }));
      expect(kit.requests.slice(from).filter((r) => !r.includes('/oauth2/'))).toEqual(
        cartApi === 'v2'
          ? ['POST /_api/redirects-api/v1/redirect-session']
          : ['POST /ecom/v1/carts/current/create-checkout', 'POST /_api/redirects-api/v1/redirect-session'],
      );
      // The hosted checkout the session leads to is the cart's (V2: by the cart's own id).
      const redirect = await (
        await sandbox.handle(new Request(result.url!.replace('https://www.wixapis.com', 'http://sandbox.test')))
      ).text();
      if (cartApi === 'v2') expect(redirect).toContain(`/__sandbox/checkout/${added.cart!.id}`);
      else expect(redirect).toContain('/__sandbox/checkout/');
      page.unmount();
    }
  });

  it('resolves the provider error when there is nothing to check out', async () => {
    const kit = visitorKit();
    let start!: ReturnType<typeof useCheckout>['start'];
    const Grab = () => {
      start = useCheckout().start;
      return null;
    };
    const page = await mount(
      <StorefrontProvider client={kit.client}>
        <Grab />
      </StorefrontProvider>,
    );
    const result = await act(() => start({ postFlowUrl: 'https://shop.example/thank-you' }));
    expect(result.error).toBeInstanceOf(ApplicationError);
    expect(result.error!.code).toBe('OWNED_CART_NOT_FOUND');
    page.unmount();
  });
});
