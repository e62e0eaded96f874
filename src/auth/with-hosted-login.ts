/**
 * Hosted login: the member signs in on the provider's hosted page, which sends the browser back
 * with a code that PKCE exchanges for member tokens. A wrapper, not part of OAuthStrategy itself,
 * so pages that never sign a member in (product pages, the cart) do not bundle the PKCE code.
 *
 *   const auth = withHostedLogin(OAuthStrategy({ clientId }));
 *   const data = await auth.generateOAuthData(`${location.origin}/callback`, location.href);
 *   location.assign((await auth.getAuthUrl(data)).authUrl);
 */
import { token } from '../../generated/modules/oauth.ts';
import { ClientError } from '../errors/client-error.ts';
import { INVALID_STATE, MEMBER_TOKENS_FAILED, MISSING_CODE_OR_STATE } from '../errors/messages.ts';
import { STRATEGY_INTERNALS, type OAuthStrategy, type TokenAnswer } from './oauth-strategy.ts';
import { codeChallenge, generateCodeVerifier, randomState } from './pkce.ts';
import type { Tokens } from './token-storage.ts';

export interface OAuthData {
  codeVerifier: string;
  codeChallenge: string;
  state: string;
  redirectUri: string;
  originalUri: string;
}

type Prompt = 'login' | 'none' | 'consent' | 'select_account';
type ResponseMode = 'fragment' | 'query' | 'web_message';

/** Adds the hosted-login methods to an OAuthStrategy (the same object, returned for chaining). */
export function withHostedLogin<S extends ReturnType<typeof OAuthStrategy>>(auth: S) {
  const { call, toTokens, redirectSession } = auth[STRATEGY_INTERNALS];
  const { clientId } = auth;

  return Object.assign(auth, {
    async generateOAuthData(redirectUri: string, originalUri = '', verifierLength?: number): Promise<OAuthData> {
      const codeVerifier = generateCodeVerifier(verifierLength);
      return {
        redirectUri,
        originalUri,
        codeVerifier,
        state: randomState(),
        codeChallenge: await codeChallenge(codeVerifier),
      };
    },

    async getAuthUrl(
      data: OAuthData,
      opts: { prompt?: Prompt; responseMode?: ResponseMode; sessionToken?: string } = {},
    ) {
      const session = await redirectSession({
        auth: {
          authRequest: {
            ...(data.redirectUri ? { redirectUri: data.redirectUri } : {}),
            clientId,
            codeChallenge: data.codeChallenge,
            codeChallengeMethod: 'S256',
            responseMode: opts.responseMode ?? 'fragment',
            responseType: 'code',
            scope: 'offline_access',
            state: data.state,
            ...(opts.sessionToken ? { sessionToken: opts.sessionToken } : {}),
          },
          prompt: opts.prompt ?? 'login',
        },
      });
      return {
        authUrl: session.fullUrl,
        authorizationEndpoint: session.urlDetails?.endpoint,
        sessionToken: session.sessionToken,
      };
    },

    parseFromUrl(url?: string, responseMode: 'fragment' | 'query' = 'fragment') {
      const href = url ?? (globalThis as { location?: Location }).location?.href;
      if (!href) throw new ClientError('parseFromUrl needs a URL outside a browser');
      const u = new URL(href);
      // Read the mode asked for; fall back to the other, since providers differ on where they put it.
      const primary = responseMode === 'query' ? u.searchParams : new URLSearchParams(u.hash.slice(1));
      const secondary = responseMode === 'query' ? new URLSearchParams(u.hash.slice(1)) : u.searchParams;
      const p = primary.has('code') || primary.has('error') ? primary : secondary;
      const error = p.get('error');
      return {
        code: p.get('code'),
        state: p.get('state'),
        ...(error ? { error, errorDescription: p.get('error_description') } : {}),
      };
    },

    async getMemberTokens(
      code: string | null | undefined,
      state: string | null | undefined,
      data: Pick<OAuthData, 'state' | 'codeVerifier' | 'redirectUri'>,
    ): Promise<Tokens> {
      if (!code || !state) throw new ClientError(MISSING_CODE_OR_STATE);
      if (state !== data.state) throw new ClientError(INVALID_STATE);
      let answer: TokenAnswer;
      try {
        answer = (await call(token, [
          {
            clientId,
            grantType: 'authorization_code',
            ...(data.redirectUri ? { redirectUri: data.redirectUri } : {}),
            code,
            codeVerifier: data.codeVerifier,
          },
        ])) as TokenAnswer;
      } catch (err) {
        throw new ClientError(MEMBER_TOKENS_FAILED, {}, { cause: err });
      }
      return toTokens(answer, 'member');
    },
  });
}
