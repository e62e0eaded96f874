/**
 * Redirect sessions: one purpose each, an hour long (sandbox clock), single use. An `auth`
 * session is the PKCE authorization request the hosted login page answers; a `logout` session
 * ends its creator's login; every other purpose gets a page that says what the provider would
 * do. Only redirect URIs registered for the client are honoured, at creation and again when a
 * page redirects.
 */
import { SandboxError, validationError } from '../../platform/errors.ts';
import { randomToken } from '../../platform/tokens.ts';
import type { Caller, Db, JsonObject, SandboxContract } from '../../platform/types.ts';
import { requireKnownClient, requireRegisteredRedirect, type ClientSettings } from './clients.ts';
import type { DomainContext } from '../context.ts';
import { issueAuthCode } from './oauth.ts';

export const REDIRECT_SESSIONS = 'redirectSessions';

declare module '../../platform/types.ts' {
  interface Collections {
    redirectSessions: RedirectSessionRecord;
  }
}
/** A redirect session's URL works for an hour (sandbox clock). */
export const REDIRECT_SESSION_TTL_MS = 60 * 60 * 1000;

/** The purposes a redirect session can have; exactly one per session. */
const PURPOSES = [
  'auth',
  'logout',
  'login',
  'ecomCheckout',
  'bookingsCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'storesProduct',
  'bookingsBook',
] as const;
export type Purpose = (typeof PURPOSES)[number];

export type RedirectInput = SandboxContract['redirects.createRedirectSession']['request'];
/** The authorization request of an `auth` session, as the spec types it. */
export type AuthRequest = NonNullable<NonNullable<RedirectInput['auth']>['authRequest']>;
/** The purpose's part of a redirect session's request (`auth`, `logout`, `ecomCheckout`, ...), as sent. */
export type PurposeRequest = JsonObject & { authRequest?: AuthRequest; clientId?: string };

/** What the provider's page would do for the purposes the sandbox only describes. */
const PROVIDER_PAGES: Record<Exclude<Purpose, 'auth' | 'logout'>, (p: PurposeRequest) => string> = {
  login: () => "the site's member login page; after login the browser goes to the callbacks' postFlowUrl",
  ecomCheckout: (p) =>
    `the e-commerce checkout page for checkout ${p.checkoutId ?? '(none given)'}: it takes payment, creates the order and sends the browser to the callbacks' thankYouPageUrl`,
  bookingsCheckout: () => 'the bookings checkout page for the given slot: it books the slot and takes payment',
  eventsCheckout: (p) =>
    `the events checkout page for reservation ${p.reservationId ?? '(none given)'} of event ${p.eventSlug ?? '(none given)'}`,
  paidPlansCheckout: (p) => `the paid-plans checkout page for plan ${p.planId ?? '(none given)'}`,
  storesProduct: (p) => `the product page of product ${p.productSlug ?? '(none given)'}`,
  bookingsBook: (p) => `the booking page of resource ${p.resourceId ?? '(none given)'}`,
};

/** What the provider's page would do for a session the sandbox only describes. */
export const providerPageOf = (purpose: Exclude<Purpose, 'auth' | 'logout'>, request: PurposeRequest) =>
  PROVIDER_PAGES[purpose](request);

export interface RedirectSessionRecord extends JsonObject {
  id: string;
  purpose: Purpose;
  /** The purpose's part of the request, as sent. */
  request: PurposeRequest;
  callbacks?: RedirectInput['callbacks'];
  prompt?: string;
  /** Who created it: the visitor whose cart a login merges, the member a logout ends. */
  visitorId: string;
  memberId?: string;
  clientId?: string;
  sessionToken: string;
  expiresAt: number;
  done?: boolean;
  /** A web_message login's app: the origin of the page that created the session (its pages answer only to it). */
  appOrigin?: string;
}

/** The authorization request of an `auth` session (checked when the session was made). */
export function authRequestOf(request: PurposeRequest): AuthRequest {
  if (!request.authRequest) throw new Error('an auth redirect session without its authRequest (the spec requires one)');
  return request.authRequest;
}

function purposeOf(input: RedirectInput): Purpose {
  const given = PURPOSES.filter((p) => input[p] !== undefined && input[p] !== null);
  if (given.length !== 1) {
    throw new SandboxError(400, {
      message: `Send exactly one of ${PURPOSES.join(', ')} (got ${given.length ? given.join(', ') : 'none'})`,
      details: {
        applicationError: {
          code: 'INVALID_REDIRECT_SESSION',
          description: `Send exactly one of ${PURPOSES.join(', ')}`,
          data: { given },
        },
      },
    });
  }
  return given[0];
}

/** The checks of an authorization request: a known client, a registered redirect URI (unless posted back), PKCE. */
function checkAuthRequest(ctx: ClientSettings, a: AuthRequest): void {
  requireKnownClient(ctx, a.clientId);
  const mode = a.responseMode ?? 'fragment';
  // A page posting to its opener/parent may omit the redirect URI (the official SDK's direct login does).
  if (a.redirectUri === undefined && mode !== 'web_message') {
    throw validationError([
      {
        field: 'auth.authRequest.redirectUri',
        description: 'is required unless responseMode is web_message',
        violatedRule: 'REQUIRED_FIELD',
      },
    ]);
  }
  if (a.redirectUri !== undefined) requireRegisteredRedirect(ctx, a.clientId, a.redirectUri);
  if (typeof a.codeChallenge !== 'string' || !a.codeChallenge) {
    throw validationError([
      {
        field: 'auth.authRequest.codeChallenge',
        description: 'is required (PKCE with S256)',
        violatedRule: 'REQUIRED_FIELD',
      },
    ]);
  }
}

/** Stores a new redirect session for `caller`, after the checks its purpose needs. */
export function openRedirectSession(
  ctx: DomainContext & ClientSettings,
  input: RedirectInput,
  caller: Caller,
  /** The creating request's Origin, when it is an http(s) origin. */
  requestOrigin?: string,
): RedirectSessionRecord {
  const purpose = purposeOf(input);
  const request: PurposeRequest = input[purpose] ?? {};
  const callbacks = input.callbacks;
  let clientId: string | undefined;
  if (purpose === 'auth') {
    const a = authRequestOf(request);
    checkAuthRequest(ctx, a);
    clientId = a.clientId;
  }
  if (purpose === 'logout') {
    clientId = request.clientId;
    if (clientId !== undefined) requireKnownClient(ctx, clientId);
  }
  const postFlowUrl = callbacks?.postFlowUrl;
  if ((purpose === 'logout' || purpose === 'login') && typeof postFlowUrl === 'string') {
    requireRegisteredRedirect(ctx, clientId ?? ctx.options.clientIds[0], postFlowUrl);
  }
  const id = ctx.newId();
  const record: RedirectSessionRecord = {
    id,
    purpose,
    request,
    ...(callbacks ? { callbacks } : {}),
    ...(purpose === 'auth' && input.auth?.prompt ? { prompt: input.auth.prompt } : {}),
    visitorId: caller.kind === 'visitor' || caller.kind === 'member' ? caller.visitorId : ctx.newId(),
    ...(caller.kind === 'member' ? { memberId: caller.memberId } : {}),
    ...(clientId ? { clientId } : {}),
    sessionToken: randomToken('sfk-rs'),
    expiresAt: ctx.now().getTime() + REDIRECT_SESSION_TTL_MS,
    ...(purpose === 'auth' && request.authRequest?.responseMode === 'web_message' && requestOrigin
      ? { appOrigin: requestOrigin }
      : {}),
  };
  ctx.db.put(REDIRECT_SESSIONS, id, record);
  return record;
}

/** A session a page may still use, or why not (the text the page shows). */
export function openSession(db: Db, id: string | null, now: Date, purpose?: Purpose): RedirectSessionRecord | string {
  const s = id ? db.get(REDIRECT_SESSIONS, id) : undefined;
  if (!s || (purpose && s.purpose !== purpose)) return 'This redirect session does not exist.';
  if (s.done) return 'This redirect session was already used; start a new one.';
  if (s.expiresAt <= now.getTime()) return 'This redirect session has expired; start a new one.';
  return s;
}

/** A session is single use. */
export function closeSession(db: Db, s: RedirectSessionRecord): void {
  db.put(REDIRECT_SESSIONS, s.id, { ...s, done: true });
}

/** Ends an `auth` session with a code for the member, bound to the session's request and visitor. */
export function issueSessionCode(
  ctx: Pick<DomainContext, 'db' | 'now'>,
  s: RedirectSessionRecord,
  memberId: string,
): string {
  const a = authRequestOf(s.request);
  const code = issueAuthCode(ctx, {
    clientId: a.clientId,
    redirectUri: a.redirectUri ?? '',
    // Checked when the session was made (PKCE is required).
    codeChallenge: a.codeChallenge ?? '',
    visitorId: s.visitorId,
    memberId,
  });
  closeSession(ctx.db, s);
  return code;
}
