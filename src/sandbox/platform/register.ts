/**
 * The official-SDK preload: `node --import storefront-kit/sandbox/register app.js` (or
 * `NODE_OPTIONS="--import storefront-kit/sandbox/register"`) with `SFK_SANDBOX_URL` set to a
 * running sandbox. Every `fetch` to a provider host (provider-hosts.ts) goes to the sandbox
 * instead, path and query kept; every other request is left alone. The official SDK's modules
 * and its auth strategies all call the global `fetch`, so patching it reaches every request
 * they make. Requests made with `node:http` / `node:https` directly are not rerouted.
 */
import { sandboxOrigin, toSandboxUrl, withProviderUrlsHeader } from './provider-hosts.ts';

/** Installs the rerouting fetch on `target` (the global object); returns a function that puts the original back. */
export function routeProviderFetch(
  sandboxUrl: string | undefined,
  target: { fetch: typeof fetch } = globalThis,
): () => void {
  const origin = sandboxOrigin(sandboxUrl, 'SFK_SANDBOX_URL');
  const original = target.fetch;
  const routed: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input instanceof URL ? input.href : input);
    const to = toSandboxUrl(url, origin);
    if (to === undefined) return original(input, init);
    // A new request to the sandbox's own address: its Host header is the sandbox's (which refuses other Hosts).
    if (!(input instanceof Request)) return original(to, { ...init, headers: withProviderUrlsHeader(init?.headers) });
    const body = input.method === 'GET' || input.method === 'HEAD' ? undefined : await input.arrayBuffer();
    return original(
      new Request(to, {
        method: input.method,
        headers: withProviderUrlsHeader(input.headers),
        body,
        redirect: input.redirect,
        signal: input.signal,
      }),
      init && { ...init, headers: withProviderUrlsHeader(init.headers ?? input.headers) },
    );
  };
  target.fetch = routed;
  return () => {
    if (target.fetch === routed) target.fetch = original;
  };
}
