/**
 * Members: who is shopping (a visitor or a signed-in member) and the ways to sign in and out,
 * the member's own data, their wishlist. Sign-in goes through the client's OAuthStrategy: the
 * hosted login page (PKCE, withHostedLogin), or login and register on the app's page too
 * (withDirectLogin, which includes hosted login). When the
 * person changes, the provider drops what was read for the one before and reads the cart again
 * (the provider's cart is now the member's, the visitor's lines merged into it by the provider).
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { LoginErrorCode, OAuthData, StateMachine } from '../index.ts';
import { memberRead, wishlistRead } from './catalog-resources.ts';
import { useCatalogRead, type CatalogState } from './catalog.ts';
import type {
  ActionError,
  Member,
  MemberQuery,
  ReadErrors,
  StorefrontAuth,
  StorefrontClient,
  StorefrontError,
  Wishlist,
  WishlistQuery,
} from './client-types.ts';
import { useAuthStrategy, useStorefront } from './provider.tsx';
import { storefrontError } from './store.ts';
import { sameOriginPath } from './destinations.ts';

export type { LoginErrorCode };

/** Where a login or registration stands. */
export type LoginResult =
  /**
   * Signed in: the member's tokens are the client's. After the hosted login, `back` is where to
   * send the member: the start's `originalUri` when it is a path (or URL) on the page's own
   * origin, else '/' (never another site: sameOriginPath).
   */
  | { state: 'SUCCESS'; back?: string }
  /** The site wants the e-mailed code first: `verify(code)` goes on (a refused code answers this state again, with `message`). */
  | { state: 'EMAIL_VERIFICATION_REQUIRED'; verify(code: string): Promise<LoginResult>; message?: string }
  /** The site's owner has to approve the member before they can sign in. */
  | { state: 'OWNER_APPROVAL_REQUIRED' }
  | { state: 'FAILURE'; errorCode: LoginErrorCode | undefined; message: string };

export interface Credentials {
  email: string;
  password: string;
  /** When the site asks for a captcha. */
  captchaTokens?: { recaptchaToken?: string; invisibleRecaptchaToken?: string };
}

/** Where the hosted login page sends the member back, and what to keep until then (e.g. in sessionStorage). */
export type HostedLoginStart =
  | { url: string; oauthData: OAuthData; error?: undefined }
  | { error: StorefrontError; url?: undefined; oauthData?: undefined };

export type LogoutResult =
  | { url: string; error?: undefined }
  | { error: ActionError<NonNullable<StorefrontClient['redirects']>['createRedirectSession']>; url?: undefined };

export interface Auth {
  /** 'member' once signed in (member tokens), else 'visitor'; components re-render when it changes. */
  status: 'visitor' | 'member';
  /** E-mail and password on the app's page (needs `withDirectLogin`); resolves the login's state, never rejects. */
  login(credentials: Credentials): Promise<LoginResult>;
  /** A new member; the site may want the e-mailed code or the owner's approval first. */
  register(credentials: Credentials & { profile?: Record<string, unknown> }): Promise<LoginResult>;
  /**
   * The hosted login page (PKCE): the URL to send the browser to, and the data to keep for
   * `completeHostedLogin` on `redirectUri` (the code verifier never leaves the page).
   */
  startHostedLogin(options: { redirectUri: string; originalUri?: string }): Promise<HostedLoginStart>;
  /** On `redirectUri`: exchanges the code the page sent back (`url`: the page's URL, by default location.href). */
  completeHostedLogin(options: { oauthData: OAuthData; url?: string }): Promise<LoginResult>;
  /** Drops the member's tokens (the shopper is a new visitor) and resolves the provider's logout URL to navigate to. */
  logout(options: { postFlowUrl: string }): Promise<LogoutResult>;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The client's login state as a LoginResult; a SUCCESS's session token is exchanged for member tokens first. */
async function loginResult(auth: StorefrontAuth, run: () => Promise<StateMachine>): Promise<LoginResult> {
  try {
    const answer = await run();
    switch (answer.loginState) {
      case 'SUCCESS': {
        // A verification's SUCCESS (processVerification) comes from a login or register, which need withDirectLogin too.
        if (!auth.getMemberTokensForDirectLogin)
          return {
            state: 'FAILURE',
            errorCode: undefined,
            message: `storefront-kit/react: signing in needs withDirectLogin(OAuthStrategy(...)) as the provider's auth`,
          };
        await auth.getMemberTokensForDirectLogin(answer.data.sessionToken);
        return { state: 'SUCCESS' };
      }
      case 'EMAIL_VERIFICATION_REQUIRED':
        return {
          state: 'EMAIL_VERIFICATION_REQUIRED',
          ...(answer.error ? { message: answer.error } : {}),
          verify: (code) => loginResult(auth, () => auth.processVerification!({ verificationCode: code }, answer)),
        };
      case 'OWNER_APPROVAL_REQUIRED':
        return { state: 'OWNER_APPROVAL_REQUIRED' };
      default:
        return {
          state: 'FAILURE',
          errorCode: answer.errorCode,
          message: answer.error ?? 'storefront-kit/react: the login failed',
        };
    }
  } catch (e) {
    return { state: 'FAILURE', errorCode: undefined, message: message(e) };
  }
}

/** The direct-login method, or a FAILURE naming withDirectLogin. */
const directLogin = <K extends 'login' | 'register'>(auth: StorefrontAuth, name: K): NonNullable<StorefrontAuth[K]> => {
  const method = auth[name];
  if (!method)
    throw new Error(
      `storefront-kit/react: ${name}() on the app's page needs withDirectLogin(OAuthStrategy(...)) as the provider's auth`,
    );
  return method;
};

/** Who is shopping, and the ways to sign in and out (the provider's `auth`). */
export function useAuth(): Auth {
  const auth = useAuthStrategy();
  const store = useStorefront();
  const subscribe = useCallback((listener: () => void) => auth.on('tokens', listener), [auth]);
  const who = (): Auth['status'] => (auth.loggedIn() ? 'member' : 'visitor');
  const status = useSyncExternalStore(subscribe, who, who);
  const actions = useMemo(
    (): Omit<Auth, 'status'> => ({
      login: (c) => loginResult(auth, () => directLogin(auth, 'login')(c)),
      register: (c) => loginResult(auth, () => directLogin(auth, 'register')(c)),
      async startHostedLogin({ redirectUri, originalUri }) {
        try {
          const oauthData = await auth.generateOAuthData(redirectUri, originalUri);
          const { authUrl } = await auth.getAuthUrl(oauthData);
          return { url: authUrl, oauthData };
        } catch (e) {
          return { error: storefrontError(e) };
        }
      },
      async completeHostedLogin({ oauthData, url }) {
        try {
          const { code, state, error, errorDescription } = auth.parseFromUrl(url, 'fragment');
          if (error)
            return {
              state: 'FAILURE',
              errorCode: undefined,
              message: errorDescription ? `${error}: ${errorDescription}` : error,
            };
          auth.setTokens(await auth.getMemberTokens(code, state, oauthData));
          return {
            state: 'SUCCESS',
            back: sameOriginPath(oauthData.originalUri, '/', new URL(url ?? location.href).origin),
          };
        } catch (e) {
          return { state: 'FAILURE', errorCode: undefined, message: message(e) };
        }
      },
      async logout({ postFlowUrl }) {
        try {
          // Changes waiting for the member's cart are sent before the tokens go.
          await store.cartSettled();
          const { logoutUrl } = await auth.logout(postFlowUrl);
          return { url: logoutUrl };
        } catch (e) {
          return { error: storefrontError(e) };
        }
      },
    }),
    [auth, store],
  );
  return useMemo(() => ({ status, ...actions }), [status, actions]);
}

/**
 * The signed-in member (`data` null for a visitor: nothing is read), read once per sign-in;
 * `query` asks for more fieldsets (`{ fieldsets: ['FULL'] }`).
 */
export function useMember(query: MemberQuery = {}): CatalogState<Member | null, ReadErrors['member']> {
  const signedIn = useAuth().status === 'member';
  return useCatalogRead(memberRead(query, signedIn));
}

/**
 * A page of a wishlist (`{ id, limit, offset, kind }`, as the spec pages it: the page's items and
 * the list's `totalCount`), read once per query and dropped when the person changes.
 */
export function useWishlist(query: WishlistQuery): CatalogState<Wishlist, ReadErrors['wishlist']> {
  return useCatalogRead(wishlistRead(query));
}
