/**
 * External login: member tokens for a member your backend vouches for (the provider's
 * `authorized_client` grant, with an API key). A wrapper, not part of OAuthStrategy itself: it
 * runs on a server that holds the API key, so storefront pages do not bundle it.
 *
 *   const auth = withExternalLogin(OAuthStrategy({ clientId }));
 *   auth.setTokens(await auth.getMemberTokensForExternalLogin(memberId, apiKey));
 */
import type { Tokens } from './token-storage.ts';
import { STRATEGY_INTERNALS, type OAuthStrategy } from './oauth-strategy.ts';

/** Adds `getMemberTokensForExternalLogin` to an OAuthStrategy (the same object, returned for chaining). */
export function withExternalLogin<S extends ReturnType<typeof OAuthStrategy>>(strategy: S) {
  const { tokenRequest, toTokens, ensureTokens } = strategy[STRATEGY_INTERNALS];
  return Object.assign(strategy, {
    /** Member tokens for `memberId`, asked for with the visitor's token and your API key (not stored: `setTokens` them). */
    async getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens> {
      const visitor = await ensureTokens();
      const answer = await tokenRequest(
        { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
        { authorization: `${visitor.accessToken.value},${apiKey}` },
      );
      return toTokens(answer, 'member');
    },
  });
}
