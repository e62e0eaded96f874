// The server's client: the catalog is read in the loaders (a `.server` module: never in the browser's bundle).
import { createClient, OAuthStrategy, products } from 'storefront-kit';

/** Where the API is (the sandbox's URL here, the provider's in production) and the app's OAuth client. */
export function apiConfig() {
  const host = process.env.SFK_SANDBOX_URL;
  if (!host) throw new Error("SFK_SANDBOX_URL is not set: start the server with the API's host");
  return { host, clientId: process.env.SFK_CLIENT_ID ?? 'sandbox-client' };
}

let client: ReturnType<typeof makeClient> | undefined;

function makeClient() {
  const { host, clientId } = apiConfig();
  return createClient({ modules: { products }, auth: OAuthStrategy({ clientId }), host });
}

/** One visitor-less client for the process: the catalog is the same for every visitor. */
export function catalog() {
  return (client ??= makeClient());
}
