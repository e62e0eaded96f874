/**
 * The one HTML helper of the sandbox's pages: the escaper, the document skeleton, and the
 * headers every hosted page is sent with (a strict Content-Security-Policy, no caching, no
 * referrer, no sniffing). Pages render from the data handed to them; the routes that serve
 * them (routes/hosted-pages.ts, routes/checkout-page.ts) decide what to show.
 */

/** Escapes text for HTML content and quoted attribute values. */
export const esc = (s: unknown): string =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The document around a page's head and body (both already HTML). */
export const htmlDocument = (head: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

const STYLE =
  'body{font:16px system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.4rem;box-sizing:border-box}button{margin:1rem .5rem 0 0;padding:.4rem 1rem}.error{color:#a00}';

export interface PageOptions {
  status?: number;
  /** Origins a form on the page may post to and be redirected to (besides the sandbox). */
  formTargets?: string[];
  /** A nonce for the one inline script the page runs (see `scriptNonce`). */
  nonce?: string;
  /** Origins that may show the page in a frame (the web_message login's app); none by default. */
  frameAncestors?: string[];
}

/** A nonce for a page's one inline script (new for every page sent). */
export function scriptNonce(): string {
  let hex = '';
  for (const b of crypto.getRandomValues(new Uint8Array(16))) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** The Content-Security-Policy of a hosted page: nothing loads, only the given form targets and nonce. */
function contentSecurityPolicy(o: PageOptions): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self'${(o.formTargets ?? []).map((t) => ` ${t}`).join('')}`,
    ...(o.nonce ? [`script-src 'nonce-${o.nonce}'`] : []),
    `frame-ancestors ${o.frameAncestors?.length ? o.frameAncestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
}

/** A hosted page: `title` is text (escaped here), `body` is HTML the page built with `esc`. */
export function htmlPage(title: string, body: string, o: PageOptions = {}): Response {
  const head = `<meta name="viewport" content="width=device-width"><title>${esc(title)}</title><style>${STYLE}</style>`;
  return new Response(htmlDocument(head, body), {
    status: o.status ?? 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': contentSecurityPolicy(o),
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** A page that says what went wrong (a session not valid, a redirect not registered, ...). */
export const problemPage = (status: number, title: string, text: string): Response =>
  htmlPage(title, `<h1>${esc(title)}</h1><p class="error">${esc(text)}</p>`, { status });

/** A redirect at the end of a page's flow, never cached; `noReferrer` for one that carries a code. */
export function redirectTo(location: string, o: { noReferrer?: boolean } = {}): Response {
  return new Response(null, {
    status: 302,
    headers: { location, 'cache-control': 'no-store', ...(o.noReferrer ? { 'referrer-policy': 'no-referrer' } : {}) },
  });
}
