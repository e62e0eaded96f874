// @vitest-environment happy-dom
/** The provider (provider.tsx): what a storefront hook says when no `<StorefrontProvider>` is above it. */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useCartCount } from '../../src/react/index.ts';

function Badge() {
  return <span data-badge>{useCartCount()}</span>;
}

describe('the provider', () => {
  it('a hook outside a provider says what is missing', async () => {
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(document.createElement('div'), { onUncaughtError: () => {} });
    await expect(act(async () => root.render(<Badge />))).rejects.toThrow(
      'storefront-kit/react: useStorefront() and the storefront hooks need a <StorefrontProvider> above them',
    );
  });
});
