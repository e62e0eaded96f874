/** What a logout shows: the hosted `/__sandbox/logout` page, and the document `authentication.logout` answers. */
import { esc, htmlDocument, htmlPage } from './html.ts';

export const signedOutPage = (): Response =>
  htmlPage('Signed out', '<h1>Signed out</h1><p>The member is signed out.</p>');

/** The HTML `authentication.logout` returns (base64 on the wire): it moves on to `redirect` when given. */
export function signedOutDocument(redirect?: string): string {
  return redirect === undefined
    ? htmlDocument('<title>Signed out</title>', '<p>Signed out.</p>')
    : htmlDocument(
        `<meta http-equiv="refresh" content="0;url=${esc(redirect)}"><title>Signed out</title>`,
        `<p>Signed out. <a href="${esc(redirect)}">Continue</a></p>`,
      );
}
