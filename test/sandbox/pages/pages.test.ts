/**
 * The sandbox's hosted pages render from the data handed to them (no store, no request): every
 * text they repeat is escaped, and each is sent with the same hardening headers and a
 * Content-Security-Policy that loads nothing, posts only to the sandbox and the given origins,
 * and refuses framing except for the web_message answer.
 */
import { describe, expect, it } from 'vitest';
import { checkoutPage } from '../../../src/sandbox/pages/checkout.ts';
import { esc, problemPage } from '../../../src/sandbox/pages/html.ts';
import {
  authResultPage,
  awaitingApprovalPage,
  loginPage,
  verificationCodePage,
} from '../../../src/sandbox/pages/login.ts';
import { signedOutDocument, signedOutPage } from '../../../src/sandbox/pages/logout.ts';
import { passwordSetPage, setPasswordPage } from '../../../src/sandbox/pages/recovery.ts';
import { redirectSessionPage } from '../../../src/sandbox/pages/redirect.ts';

const EVIL = `"><script>alert('x')</script><img src=x onerror=alert(1)>`;
const ESCAPED = '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;';
const session = { sessionId: EVIL, formTargets: ['http://localhost:5173'] };

const PAGES: Record<string, () => Response> = {
  'login form': () => loginPage(session, { error: EVIL, email: EVIL, captchaToken: EVIL, status: 400 }),
  'verification code form': () => verificationCodePage(session, EVIL, { error: EVIL }),
  'waiting for approval': () => awaitingApprovalPage(EVIL),
  'problem page': () => problemPage(400, EVIL, EVIL),
  'set a new password': () => setPasswordPage({ token: EVIL, redirectUrl: EVIL, clientId: EVIL, formTargets: [] }),
  'password set': () => passwordSetPage(),
  'signed out': () => signedOutPage(),
  'redirect session': () =>
    redirectSessionPage({
      purpose: EVIL,
      providerPage: EVIL,
      checkoutId: EVIL,
      request: { x: EVIL },
      callbacks: { [EVIL]: EVIL },
    }),
  checkout: () => checkoutPage(EVIL, { lineItemCount: 2, total: EVIL }),
  'no such checkout': () => checkoutPage(EVIL, undefined),
};

describe('hosted pages', () => {
  for (const [name, render] of Object.entries(PAGES)) {
    it(`${name}: escapes what it repeats and sends the hardening headers`, async () => {
      const res = render();
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp.split('; ')).toEqual(
        expect.arrayContaining(["default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"]),
      );
      expect(csp).not.toContain('script-src');
      const html = await res.text();
      expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8">')).toBe(true);
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<img');
    });
  }

  it('answers with the status it is given (404 for a checkout that does not exist)', () => {
    expect(loginPage(session, { status: 429 }).status).toBe(429);
    expect(awaitingApprovalPage().status).toBe(403);
    expect(checkoutPage('ck-1', undefined).status).toBe(404);
    expect(checkoutPage('ck-1', { lineItemCount: 1, total: '$1.00' }).status).toBe(200);
  });

  it('lets the login forms post only to the sandbox and the redirect URI origin', () => {
    expect(loginPage(session).headers.get('content-security-policy')).toContain(
      "form-action 'self' http://localhost:5173;",
    );
    expect(passwordSetPage().headers.get('content-security-policy')).toContain("form-action 'self';");
  });

  it('the web_message answer: framable by its one origin only, one nonce script, the data as JSON that cannot close its tag', async () => {
    const res = authResultPage(
      { code: 'c', state: '</script><script>alert(1)</script>' },
      'http://localhost:5173',
      EVIL,
    );
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain('frame-ancestors http://localhost:5173;');
    const nonce = /script-src 'nonce-([0-9a-f]{32})'/.exec(csp)![1];
    const html = await res.text();
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`<p>${ESCAPED}</p>`);
    const json = /<script type="application\/json" id="sfk-auth-result">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(json)).toEqual({
      message: { code: 'c', state: '</script><script>alert(1)</script>' },
      targetOrigin: 'http://localhost:5173',
    });
    // A new nonce for every page.
    expect(authResultPage({ code: 'c' }, undefined, 'Signed in.').headers.get('content-security-policy')).not.toContain(
      nonce,
    );
  });

  it("the logout operation's document moves on to the redirect, escaped", () => {
    expect(signedOutDocument()).toBe(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head><body><p>Signed out.</p></body></html>',
    );
    expect(signedOutDocument(EVIL)).toContain(`<meta http-equiv="refresh" content="0;url=${ESCAPED}">`);
    expect(signedOutDocument(EVIL)).toContain(`<a href="${ESCAPED}">Continue</a>`);
  });

  it('esc escapes the five characters that matter and prints nothing for null and undefined', () => {
    expect(esc(EVIL)).toBe(ESCAPED);
    expect(esc(undefined) + esc(null)).toBe('');
    expect(esc(2)).toBe('2');
  });
});
