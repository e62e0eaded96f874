/** The OAuth clients the sandbox knows and the redirect URIs it honours for them. */
import { appError } from '../../platform/errors.ts';
import type { OperationContext } from '../../platform/types.ts';
import { matchesRedirectPattern, parseCallerUrl } from '../../platform/url-safety.ts';

/** What the checks read: the site's settings and the client ids the sandbox was started with. */
export type ClientSettings = Pick<OperationContext, 'settings' | 'options'>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Redirect URIs honoured per client: the settings' list plus any localhost origin. */
export function isRegisteredRedirect(ctx: ClientSettings, clientId: string, uri: string): boolean {
  if (!ctx.options.clientIds.includes(clientId)) return false;
  const u = parseCallerUrl(uri);
  if (!u) return false;
  if ((u.protocol === 'http:' || u.protocol === 'https:') && LOCAL_HOSTS.has(u.hostname)) return true;
  return ctx.settings.redirectUris.some((pattern) => matchesRedirectPattern(pattern, uri));
}

export const unregisteredRedirect = (uri: string) =>
  appError(
    400,
    'INVALID_REDIRECT_URI',
    `Redirect URI ${uri} is not registered for this client (add it to the sandbox setting redirectUris)`,
    { redirectUri: uri },
  );
export const unknownClient = (clientId: string) =>
  appError(400, 'INVALID_CLIENT', `Unknown OAuth client id ${clientId}`, { clientId });

/** Throws unless the redirect URI is registered for the client. */
export function requireRegisteredRedirect(ctx: ClientSettings, clientId: string, uri: string): void {
  if (!isRegisteredRedirect(ctx, clientId, uri)) throw unregisteredRedirect(uri);
}

/** Throws unless the sandbox knows the client id. */
export function requireKnownClient(ctx: ClientSettings, clientId: string): void {
  if (!ctx.options.clientIds.includes(clientId)) throw unknownClient(clientId);
}

/** The token endpoint's client check (its INVALID_CLIENT carries no data): the client id, when the sandbox knows it. */
export function knownClient(clientId: unknown, clientIds: readonly string[]): string {
  if (typeof clientId !== 'string' || !clientIds.includes(clientId)) {
    throw appError(400, 'INVALID_CLIENT', `Unknown OAuth client id ${String(clientId)}`);
  }
  return clientId;
}
