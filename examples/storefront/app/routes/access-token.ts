import { accessTokenResponse } from 'storefront-kit/react/server';
import type { Route } from './+types/access-token';

/**
 * The browser's client asks here for the visitor's access token (storeSessionAuth in kit.ts): the
 * refresh token stays in the HttpOnly cookie, renewed on the server. A form POST from the store's
 * own pages only (server.ts's guard refuses a foreign Origin).
 */
export function action({ context, request }: Route.ActionArgs) {
  return accessTokenResponse(context.visitor.auth, request);
}
