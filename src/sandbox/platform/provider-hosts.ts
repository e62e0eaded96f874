import { httpOrigin } from './url-safety.ts';

/**
 * The hosts the provider's official SDK (`@wix/sdk` and its modules) sends requests to, found in
 * its code: a request to any of them is one the sandbox answers when an app is pointed at it
 * (the preload `storefront-kit/sandbox/register`, the msw handlers of `storefront-kit/sandbox/msw`).
 * Its other hosts are pages a browser is sent to or static files, never called by the SDK:
 * `www.wix.com/installer` (app install page), `static.wixstatic.com` / `video.wixstatic.com`
 * (media files), `dev.wix.com` (documentation links).
 */
export const PROVIDER_HOSTS = [
  {
    host: 'www.wixapis.com',
    carries:
      'every module call with an API key and every write (DEFAULT_API_URL), the token endpoint `/oauth2/token` (OAuthStrategy, SiteSessionAuth, AppStrategy), `/oauth2/token-info`, `/oauth/access`, `fetchWithAuth` and `/graphql`',
  },
  {
    host: 'edge.wixapis.com',
    carries:
      "an OAuth visitor's or member's module calls (DEFAULT_EDGE_API_URL, the CDN; the current cart's writes excepted)",
  },
] as const;

export const PROVIDER_ORIGINS: readonly string[] = PROVIDER_HOSTS.map((h) => `https://${h.host}`);

/** `url` on the sandbox at `sandboxOrigin` when it is addressed to a provider host (any path, query kept); otherwise undefined. */
export function toSandboxUrl(url: string, sandboxOrigin: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' || parsed.port !== '' || !PROVIDER_ORIGINS.includes(parsed.origin)) return undefined;
  return sandboxOrigin + parsed.pathname + parsed.search;
}

/** The sandbox's origin from a URL a user gave (`SFK_SANDBOX_URL`, `connect(url)`), or a clear error naming `what`. */
export function sandboxOrigin(value: string | undefined, what: string): string {
  if (value === undefined || value.trim() === '') {
    throw new Error(
      `${what} is not set: give the URL of a running sandbox, e.g. http://127.0.0.1:4010 (start one with \`npx storefront-kit sandbox\`)`,
    );
  }
  const parsed = httpOrigin(value.trim());
  if (!('origin' in parsed)) {
    throw new Error(
      parsed.problem === 'not a URL'
        ? `${what} ${JSON.stringify(value)} is not a URL: give the URL of a running sandbox, e.g. http://127.0.0.1:4010`
        : `${what} ${JSON.stringify(value)} must be the sandbox's http(s) origin, without a path, credentials, query or fragment (e.g. http://127.0.0.1:4010)`,
    );
  }
  if (PROVIDER_ORIGINS.includes(parsed.origin))
    throw new Error(`${what} ${JSON.stringify(value)} is the provider itself, not a sandbox`);
  return parsed.origin;
}
