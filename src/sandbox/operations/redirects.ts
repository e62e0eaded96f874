/**
 * `createRedirectSession`: stores one purpose and answers a `fullUrl` on the sandbox itself
 * (the pages of ../pages/routes/hosted-pages.ts): `/__sandbox/login` for `auth`, `/__sandbox/logout` for
 * `logout`, `/__sandbox/redirect` for every other purpose.
 */
import type { SandboxHandlers } from '../platform/types.ts';
import { openRedirectSession } from '../domain/identity/redirect-sessions.ts';
import { httpOrigin } from '../platform/url-safety.ts';

export const redirectsOperations = {
  'redirects.createRedirectSession': (ctx) => {
    const origin = httpOrigin(ctx.headers.get('origin') ?? '');
    const session = openRedirectSession(ctx, ctx.input, ctx.caller, 'origin' in origin ? origin.origin : undefined);
    const page = session.purpose === 'auth' ? 'login' : session.purpose === 'logout' ? 'logout' : 'redirect';
    const endpoint = `${ctx.origin}/__sandbox/${page}`;
    return {
      redirectSession: {
        id: session.id,
        fullUrl: `${endpoint}?session=${encodeURIComponent(session.id)}`,
        urlDetails: { endpoint, searchParams: { session: session.id } },
        sessionToken: session.sessionToken,
        status: 'SUCCESS' as const,
      },
    };
  },
} satisfies SandboxHandlers<'redirects'>;
