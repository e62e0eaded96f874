// A browser storefront: a visitor's cart through OAuth, as a shop page bundles it.
import { createClient, OAuthStrategy, currentCart, localStorageStorage } from 'storefront-kit';

const kit = createClient({
  modules: { currentCart },
  auth: OAuthStrategy({ clientId: 'sandbox-client', storage: localStorageStorage() }),
  host: 'http://127.0.0.1:4010',
});
kit.currentCart.getCurrentCart().then(
  ({ cart }) => (document.getElementById('cart')!.textContent = JSON.stringify(cart)),
  (e: Error) => (document.getElementById('cart')!.textContent = e.message),
);
