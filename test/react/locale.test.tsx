// @vitest-environment happy-dom
/**
 * `<Money>`'s locale (locale.ts): the provider's `locale`, and 'en-US' with no provider at all, so a
 * page that shows prices without holding a store (its cart's code loaded later) formats them.
 */
import { describe, expect, it } from 'vitest';
import { Money, StorefrontProvider } from '../../src/react/index.ts';
import { useLocale } from '../../src/react/locale.ts';
import { mount, visitorKit } from './support.tsx';

function Shown() {
  return (
    <p>
      <span data-locale>{useLocale()}</span> <Money amount="1234.5" currency="EUR" />
    </p>
  );
}

describe('the locale of <Money>', () => {
  it("is 'en-US' outside any provider: a price shows without a store", async () => {
    const page = await mount(<Shown />);
    expect(page.container.querySelector('[data-locale]')!.textContent).toBe('en-US');
    expect(page.container.querySelector('data')!.textContent).toBe('€1,234.50');
    page.unmount();
  });

  it("is the provider's locale inside one", async () => {
    const page = await mount(
      <StorefrontProvider client={visitorKit().client} locale="de-DE">
        <Shown />
      </StorefrontProvider>,
    );
    expect(page.container.querySelector('[data-locale]')!.textContent).toBe('de-DE');
    // Intl's own text for this Node (its ICU's spaces may differ from one version to the next).
    const german = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.5);
    expect(page.container.querySelector('data')!.textContent).toBe(german);
    expect(german).toMatch(/^1\.234,50\s€$/);
    page.unmount();
  });
});
