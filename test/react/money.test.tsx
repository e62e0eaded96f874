// @vitest-environment happy-dom
/** Money (money.tsx): <Money> and useMoney() from decimal text, exact sums and products. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  Money,
  multiplyDecimal,
  StorefrontProvider,
  useMoney,
  type MoneyFormat,
} from '../../src/react/index.ts';
import { visitorKit } from './support.tsx';

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
