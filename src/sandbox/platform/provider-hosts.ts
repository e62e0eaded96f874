import { httpOrigin } from './url-safety.ts';

/**
 * The hosts the provider's official SDK (`@wix/sdk` and its modules) sends requests to, found in
 * its code: a request to any of them is one the sandbox answers when an app is pointed at it
 * (the preload `storefront-kit/sandbox/register`, the msw handlers of `storefront-kit/sandbox/msw`).
 * The media host is one too: an app (Next's image optimizer, an `<img>` under msw) loads the
 * images the answers name from it. The SDK's other hosts are pages a browser is sent to or
 * files the sandbox has none of: `www.wix.com/installer` (app install page),
 * `video.wixstatic.com` (videos), `dev.wix.com` (documentation links).
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
  {
    host: 'static.wixstatic.com',
    carries:
      "media files: an image at `/media/<id>` and its transforms (`/media/<id>/v1/fill/w_300,h_300,.../<name>`, as the SDK's media helpers build them)",
  },
] as const;

/** Where the provider's images live: `<prefix><media id>[/v1/<transform>/<name>]`. */
export const MEDIA_URL_PREFIX = 'https://static.wixstatic.com/media/';

/**
 * A request header: answers to a request that carries it (with any value) name images at the
 * provider's media host, as the provider's do. The preload and `connect()` add it, since they
 * route the media host to the sandbox too. Without it, a request addressed to the sandbox's own
 * address (the console, a browser app pointed at it) gets image URLs on the sandbox
 * (`<sandbox>/media/<id>`), which a browser loads as they are. A request addressed to a
 * provider host (an in-process sandbox under msw) always keeps the provider's URLs.
 */
export const PROVIDER_URLS_HEADER = 'x-sfk-provider-urls';

/** `headers` with PROVIDER_URLS_HEADER added: what a request routed from a provider host to the sandbox carries. */
export function withProviderUrlsHeader(headers?: HeadersInit): Headers {
  const out = new Headers(headers);
  out.set(PROVIDER_URLS_HEADER, '1');
  return out;
}

/** Whether an answer to a request for `url` with these headers names images at the provider's host. */
export function keepsProviderUrls(url: URL, headers: { get(name: string): string | null }): boolean {
  return headers.get(PROVIDER_URLS_HEADER) !== null || PROVIDER_ORIGINS.includes(url.origin);
}

/** JSON text with the provider's image URLs moved to the sandbox at `sandboxOrigin`. */
export function toSandboxMediaUrls(json: string, sandboxOrigin: string): string {
  return json.includes(MEDIA_URL_PREFIX) ? json.replaceAll(MEDIA_URL_PREFIX, `${sandboxOrigin}/media/`) : json;
}

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
