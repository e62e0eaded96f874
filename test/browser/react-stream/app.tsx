/**
 * The page the streamed-render test renders on the server and hydrates in Chromium: the docs'
 * cart page, the cart's creation date (a Date after dehydration, or the markup differs), and a
 * mark set once hydration has run its effects.
 */
import { useEffect } from 'react';
import { StorefrontProvider, useCart, type StorefrontClient } from '../../../src/react/index.ts';
import type { DehydratedState } from '../../../src/react/server.ts';
import { CartPage } from '../../react/cart-page.example.tsx';

function Created() {
  const created = useCart((cart) => cart?.createdDate);
  return (
    <p id="created">{created instanceof Date ? `created ${created.toISOString()}` : `not a Date: ${typeof created}`}</p>
  );
}

/** Effects run children first: this one, outside the provider, runs after the provider's. */
function Hydrated({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    document.body.dataset.hydrated = 'yes';
  }, []);
  return children;
}

export function App({ client, state }: { client: StorefrontClient; state: DehydratedState }) {
  return (
    <Hydrated>
      <StorefrontProvider client={client} state={state} locale="en-US">
        <CartPage />
        <Created />
      </StorefrontProvider>
    </Hydrated>
  );
}
