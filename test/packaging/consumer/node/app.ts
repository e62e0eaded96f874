// A Node ESM consumer: the client against the sandbox, both from the installed package.
import { createClient, OAuthStrategy, currentCart, products, ApplicationError } from 'storefront-kit';
import { createSandboxServer } from 'storefront-kit/sandbox';

const server = await createSandboxServer({ port: 0 });
try {
  const kit = createClient({
    modules: { currentCart, products },
    auth: OAuthStrategy({ clientId: 'sandbox-client' }),
    host: server.url,
  });
  const page = await kit.products.queryProducts().limit(2).find();
  const names = page.items.map((p) => p.name ?? '');
  let cart: string;
  try {
    cart = (await kit.currentCart.getCurrentCart()).cart?.id ?? 'no id';
  } catch (e) {
    if (!(e instanceof ApplicationError)) throw e;
    cart = e.code; // a new visitor has no cart yet
  }
  console.log(JSON.stringify({ products: names.length, cart }));
} finally {
  await server.close();
}
