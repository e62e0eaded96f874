/**
 * The sandbox: one fetch-style handler (Request -> Response) that behaves like the provider.
 * The same handler runs under msw in tests, behind the Node HTTP server (server.ts) and in the
 * browser's service worker. Nothing here is Node-only; durability is plugged in by the server.
 */
import type { OperationDescriptor } from '../../../generated/runtime-types.ts';
import { errorCodes, operationList } from '../../../generated/operations.ts';
import { mapShape, toWire, type LeafFn } from '../../normalise/shape.ts';
import { JsonAnswer, type Answer } from './answer.ts';
import { answerText, type TextRewrite } from './answer-text.ts';
import { CLOCK, clockOffsetInRange, clockProblem, LAST_CLOCK_TIME_MS } from './clock.ts';
import { control } from './control.ts';
import { Store, type Commit, type KeptState, type StateSnapshot } from './store.ts';
import { appError, SandboxError, validationError } from './errors.ts';
import { EventHub } from './events.ts';
import { checkFaultRule, Faults, type FaultRule } from './faults.ts';
import { RateLimit, type RateLimitOptions } from './rate-limit.ts';
import { CallReport, NOT_EMULATED_HEADER, STRICT_HEADER, strictRefusal } from './calls.ts';
import { WebhookSigner } from './webhook-signing.ts';
import { Router } from './router.ts';
import { isRemoved, REMOVAL_DAY, removedAnswer, RetiredCalls } from './retired.ts';
import type { Sandbox } from './sandbox.ts';
import { newTokenEpoch, resolveCaller, tokenRefusal, TokenSigner } from './tokens.ts';
import type { RequestNote } from './request-log.ts';
import type {
  Caller,
  DomainEventInput,
  HandlerTable,
  OperationContext,
  OutboxMail,
  RequestHeaders,
  SandboxIdentity,
  SandboxRequest,
  SandboxSettings,
} from './types.ts';
import { parseQuery } from './dot-r.ts';
import { filterSizeViolation, queryFieldViolations } from './query-fields.ts';
import { responseValidator, validateRequest } from './validate.ts';
import type { SandboxComposition, SandboxModule } from './module.ts';
import { enforceLimits, sweepExpired } from './limits.ts';
import { bodyLimit, nestedTooDeep, readJsonObject } from './json-body.ts';
import { isJsonObject, ownOptions, ownValue, setDotted } from './safe-object.ts';
import { assertSafeUrls } from './url-safety.ts';
import { keepsProviderUrls, toSandboxMediaUrls } from './provider-hosts.ts';
import { DEFAULT_API_KEY, DEFAULT_CLIENT_ID, DEFAULT_SITE_ID } from './defaults.ts';
import { isStartingStore, STARTING_STORES, type StartingStoreName } from './starting-stores.ts';

export { MAX_BODY_BYTES, MAX_IMPORT_BYTES } from './json-body.ts';
/** Deeper JSON is refused: validation, handlers and the state export walk values recursively. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON value nests deeper than `limit`. Recursive but never deeper than `limit` + 1
 * frames (it stops there), and allocation-free: it runs over every node of every body.
 */
function nestedDeeperThan(node: unknown, limit: number, depth = 0): boolean {
  if (!node || typeof node !== 'object') return false;
  if (depth >= limit) return true;
  if (Array.isArray(node)) {
    for (const child of node) if (nestedDeeperThan(child, limit, depth + 1)) return true;
    return false;
  }
  for (const key in node) {
    if (nestedDeeperThan((node as Record<string, unknown>)[key], limit, depth + 1)) return true;
  }
  return false;
}

function assertDepth(value: unknown, what: string): void {
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) throw nestedTooDeep(what, MAX_JSON_DEPTH);
}

export interface SandboxOptions {
  /** OAuth client ids the token endpoint accepts. @default ['sandbox-client'] */
  clientIds?: string[];
  /** API keys that make elevated callers. @default ['sandbox-api-key'] */
  apiKeys?: string[];
  siteId?: string;
  /** The demo member the seed creates (printed at start). */
  memberEmail?: string;
  memberPassword?: string;
  /** Load the seed data on start and on reset. @default true */
  seed?: boolean;
  /**
   * The starting store a start and a reset make (seed/stores.ts): `demo` (the seed data),
   * `empty`, `catalog-v3` (the demo store on a Catalog V3-only site) or `large` (the demo store
   * and 10,000 more products with variants and collections). `seed: false` is an empty state
   * without even the settings. @default 'demo'
   */
  store?: StartingStoreName;
  /** Start from this state instead of the seed. */
  state?: StateSnapshot;
  /**
   * Durability: called inside every transaction that changed something, before its response.
   * `changes` lists the entities it wrote or deleted, or is 'all' when it replaced the whole
   * state (an import, a reset); `snapshot()` gives the whole state. A throw undoes the change
   * and fails the request, so nothing is acknowledged that was not kept.
   */
  persist?: (commit: { changes: Commit; snapshot: () => StateSnapshot }) => void;
  /** Validate every 200 answer against the spec's response schema; a mismatch answers 500 (tests turn this on). */
  validateResponses?: boolean;
  /** The control API's reads (state, info with the API key, outbox, events) need the API key too. The server sets this when it listens beyond loopback. @default false */
  controlReadsNeedKey?: boolean;
  /** Settings overrides (site policies, token lifetime, redirect URIs, webhooks). */
  settings?: Partial<SandboxSettings>;
  /** Extra modules (handlers, seeds) beside the built-in ones. */
  modules?: SandboxModule[];
  /**
   * The origin the links the sandbox writes point at (e-mails, redirect sessions, checkout URLs).
   * The server sets it (never from a Host header); without it a request's own origin is used.
   */
  publicUrl?: string | (() => string);
  /**
   * The secret (32 bytes or more) the sandbox signs its tokens with: a token stays valid across
   * restarts for as long as the secret is the same. The server reads it from a file it keeps
   * (token-secret.ts). @default a new random secret (tokens live as long as this sandbox)
   */
  tokenSecret?: Uint8Array;
  /** Faults in place from the start (faults.ts; the CLI's `--fault`); a reset clears them. */
  faults?: FaultRule[];
  /**
   * The provider's per-site request rate (rate-limit.ts: 200 a minute, its documented figure):
   * past it, operation calls answer 429 with Retry-After. `true` for the provider's figure.
   * @default off
   */
  rateLimit?: boolean | RateLimitOptions;
  /**
   * A call the sandbox does not emulate (no operation of the spec at its path, or one without a
   * handler) fails loudly: 501 NOT_EMULATED naming it, and a line on stderr (calls.ts). A request
   * can ask for it alone with the `x-sfk-strict: 1` header. @default false
   */
  strict?: boolean;
  /**
   * The private key (PKCS #8 PEM, RSA) webhook deliveries are signed with (webhook-signing.ts); its
   * public key is the one an app's `AppStrategy({ publicKey })` takes. @default a key pair made on first use
   */
  webhookPrivateKey?: string;
}

/** The API key a sandbox has unless told otherwise: public, so a sandbox beyond loopback refuses it. */
export { DEFAULT_API_KEY };

export const DEFAULT_SETTINGS: SandboxSettings = {
  requireEmailVerification: false,
  requireOwnerApproval: false,
  requireCaptcha: false,
  redirectUris: [],
  webhookUrls: [],
  accessTokenTtlSeconds: 4 * 60 * 60,
  catalogVersion: 'V1_AND_V3',
  siteScripts: [],
  cartV1: 'available',
};

export type { Sandbox } from './sandbox.ts';

const SETTINGS = 'settings';
/** The headers of work the sandbox starts itself. */
const NO_HEADERS: RequestHeaders = { get: () => null };
export { LAST_CLOCK_TIME_MS } from './clock.ts';
const FLOAT_TEXT: Record<string, number> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };
const floatFromText: LeafFn = (kind, v) =>
  kind === 'float' && typeof v === 'string' ? (ownValue(FLOAT_TEXT, v) ?? v) : v;

export { JsonAnswer, type Answer } from './answer.ts';

function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  text = JSON.stringify(body),
): JsonAnswer {
  return new JsonAnswer(
    status,
    { 'content-type': 'application/json', 'x-wix-request-id': crypto.randomUUID(), ...headers },
    text,
  );
}

/**
 * With response validation: an application error the operation does not declare in its
 * catalogue (`x-sfk-errors`) is a sandbox bug, answered 500 naming the code.
 */
function uncatalogued(d: OperationDescriptor, err: unknown): SandboxError | undefined {
  if (!(err instanceof SandboxError) || err.status >= 500) return undefined;
  const app = err.body.details.applicationError;
  const code = isJsonObject(app) && typeof app.code === 'string' ? app.code : undefined;
  if (code === undefined || errorCodes[d.key]?.includes(code)) return undefined;
  return appError(500, 'ERROR_NOT_IN_CATALOGUE', `${d.key} answered ${code}, which its x-sfk-errors does not declare`, {
    code,
  });
}

export function errorResponse(err: SandboxError): JsonAnswer {
  return json(err.status, err.body);
}

export { parseQuery } from './dot-r.ts';

function placePathParams(d: OperationDescriptor, input: Record<string, unknown>, params: Record<string, string>): void {
  for (const p of d.pathParams) {
    const value = params[p.name];
    if (p.body) {
      setDotted(input, p.body, value);
    } else {
      input[p.name] = value;
    }
  }
}

/** Methods whose request carries the operation's input as a JSON body. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export const jsonBodyRequired = (method: string) =>
  appError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `A ${method} to an API operation needs a JSON body (Content-Type: application/json), {} when it has no fields`,
  );

/**
 * The JSON body of an operation request. A POST, PUT or PATCH must have one: without it a
 * web page on any site could send the request as a CORS "simple request" (no preflight, no
 * content type) with its input in the query string or `.r`, and have it acted on. The official
 * SDK sends every write with a JSON body (`{}` when empty) and `Content-Type: application/json`
 * (@wix/sdk: getDefaultContentHeader, rest-modules); its DELETEs carry their input in the query
 * string with no body, and a DELETE is never a simple request (the browser asks first, and only
 * allowed origins get CORS answers). A DELETE or GET body, if any, must still be JSON.
 */
async function operationBody(request: SandboxRequest, url: URL): Promise<Record<string, unknown> | undefined> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const body = await readJsonObject(request, bodyLimit(request.method, url.pathname), MAX_JSON_DEPTH);
  if (!body && BODY_METHODS.has(request.method)) throw jsonBodyRequired(request.method);
  return body;
}

/** The caller column of the operation list, enforced. */
function authorize(d: OperationDescriptor, caller: Caller): SandboxError | undefined {
  if (d.caller === 'anyone') return undefined;
  if (caller.kind === 'anonymous') {
    return appError(401, 'UNAUTHENTICATED', 'Authorization header is missing: send an access token or an API key');
  }
  if (d.caller === 'elevated' && caller.kind !== 'elevated') {
    return appError(403, 'PERMISSION_DENIED', `${d.operationId} requires an elevated caller (API key)`);
  }
  if (d.caller === 'member' && caller.kind !== 'member') {
    return appError(403, 'PERMISSION_DENIED', `${d.operationId} requires a logged-in member`);
  }
  // `x-sfk-own-data` in the spec: the operation acts on the caller's own cart or member.
  if (d.ownData && caller.kind === 'elevated') {
    return appError(
      403,
      'PERMISSION_DENIED',
      `${d.operationId} acts on the calling visitor or member; an API key has none`,
    );
  }
  return undefined;
}

/**
 * A sandbox made of what the composition root hands it (`createSandbox` in
 * src/sandbox/create-sandbox.ts passes the built-in modules and seeds).
 */
export function buildSandbox(composition: SandboxComposition, given: SandboxOptions = {}): Sandbox {
  const { modules: businessModules, startingStores, stateLimits, storeIndexes, defaultMember } = composition;
  // No inherited property answers an option lookup (a polluted Object.prototype included).
  const options = ownOptions(given);
  const opts: SandboxIdentity = {
    clientIds: options.clientIds ?? [DEFAULT_CLIENT_ID],
    apiKeys: options.apiKeys ?? [DEFAULT_API_KEY],
    siteId: options.siteId ?? DEFAULT_SITE_ID,
    memberEmail: options.memberEmail ?? defaultMember.email,
    memberPassword: options.memberPassword ?? defaultMember.password,
  };
  const modules = [...businessModules, ...(options.modules ?? [])];
  const handlers: HandlerTable = Object.assign({}, ...modules.map((m) => m.handlers ?? {}));
  const listeners = modules.flatMap((m) => (m.on ? [m.on] : []));
  /** The modules' own routes (hosted pages, beyond-spec services), in module order. */
  const routes = modules.flatMap((m) => (m.routes ?? []).map((route) => ({ ...route, module: m.name })));
  const router = new Router(operationList);
  const store = new Store(storeIndexes);
  const events = new EventHub();
  const retiredCalls = new RetiredCalls();
  events.instanceId = opts.siteId;
  let webhookSigner: Promise<WebhookSigner> | undefined;
  events.signer = () =>
    (webhookSigner ??= options.webhookPrivateKey
      ? WebhookSigner.fromPrivateKeyPem(options.webhookPrivateKey)
      : WebhookSigner.generate());
  const responseValidators = new Map<string, ReturnType<typeof responseValidator>>();
  const publicUrl = options.publicUrl;
  /** Where the links a request's work writes point. */
  const linkOrigin = (url: URL) => (typeof publicUrl === 'function' ? publicUrl() : publicUrl) || url.origin;

  let settingsCache: { from: unknown; value: SandboxSettings } | undefined;
  if (options.store !== undefined && !isStartingStore(options.store))
    throw new Error(`store must be one of ${STARTING_STORES.join(', ')} (got ${JSON.stringify(options.store)})`);
  let startingStore: StartingStoreName = options.store ?? 'demo';
  /** A store that takes long to make (large), as made by this sandbox's first reset to it: later resets load it. */
  const madeStores = new Map<StartingStoreName, KeptState>();
  /** Named snapshots of the state (`snapshot(name)`), in memory, for `restore(name)`. */
  const snapshots = new Map<string, KeptState>();
  const tokenSigner = options.tokenSecret ? new TokenSigner(options.tokenSecret) : TokenSigner.random();
  const faults = new Faults();
  const calls = new CallReport();
  const rateLimit = options.rateLimit
    ? new RateLimit(typeof options.rateLimit === 'object' ? options.rateLimit.requestsPerMinute : undefined)
    : undefined;
  const sandbox: Sandbox = {
    store,
    events,
    retiredCalls,
    faults,
    calls,
    options: opts,
    tokenSigner,
    controlReadsNeedKey: options.controlReadsNeedKey ?? false,
    get clockOffsetMs() {
      return store.db.get<{ offsetMs: number }>(CLOCK, 'sandbox')?.offsetMs ?? 0;
    },
    now: () => new Date(Date.now() + sandbox.clockOffsetMs),
    settings: () => {
      // Merged again only when the stored settings change (a write replaces the record).
      const stored = store.db.get(SETTINGS, 'site');
      if (!settingsCache || stored !== settingsCache.from) {
        settingsCache = {
          from: stored,
          value: Object.freeze({ ...DEFAULT_SETTINGS, ...options.settings, ...(stored ?? {}) }) as SandboxSettings,
        };
      }
      return settingsCache.value;
    },
    emulated: () => new Set(Object.keys(handlers)),
    beyondSpec: () => modules.flatMap((m) => (m.beyondSpec ?? []).map((b) => ({ ...b, module: m.name }))),
    runAs: () => {
      throw new Error('sandbox not initialised');
    },
    async advanceClock(seconds: number) {
      const offsetMs = sandbox.clockOffsetMs + seconds * 1000;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || !clockOffsetInRange(offsetMs)) {
        throw validationError([
          {
            field: 'seconds',
            description: `must be a non-negative number that keeps the clock at or before ${new Date(LAST_CLOCK_TIME_MS).toISOString()}`,
            violatedRule: seconds < 0 ? 'MIN' : 'MAX',
          },
        ]);
      }
      // One transaction: the new time and the jobs it makes due are kept together or not at all
      // (in memory and in the data file), so a job that fails leaves the clock where it was.
      await runAs({ kind: 'anonymous' }, '', async (ctx) => {
        ctx.db.put(CLOCK, 'sandbox', { id: 'sandbox', offsetMs });
        for (const m of modules) if (m.runJobs) await m.runJobs(ctx);
        sweepExpired(ctx.db, stateLimits, ctx.now());
      });
      lastSweep = sandbox.now().getTime();
    },
    async reset(to = {}) {
      const name = ownValue(to as Record<string, unknown>, 'store');
      if (name !== undefined && !isStartingStore(name))
        throw validationError([
          { field: 'store', description: `must be one of ${STARTING_STORES.join(', ')}`, violatedRule: 'VALIDATION' },
        ]);
      if (name !== undefined) startingStore = name;
      faults.clear();
      rateLimit?.clear();
      // One transaction: the emptied state and the seed are persisted (and seen) together.
      await runAs({ kind: 'anonymous' }, '', async () => {
        retiredCalls.clear();
        const made = madeStores.get(startingStore);
        if (made) store.restore(made);
        else store.load({ version: 1, collections: {} });
        newTokenEpoch(store.db);
        if (options.seed !== false && !made) {
          await seedAll();
          if (startingStores[startingStore].keepMade) madeStores.set(startingStore, store.keep());
        }
      });
    },
    get startingStore() {
      return startingStore;
    },
    requestsPerMinute: rateLimit?.limit,
    webhookPublicKey: async () => (await events.signer()).publicKeyPem,
    snapshot(name: string) {
      snapshots.set(name, store.keep());
    },
    async restore(name: string) {
      const snapshot = snapshots.get(name);
      if (!snapshot) throw new Error(`No snapshot named ${JSON.stringify(name)}: take one with snapshot(name) first`);
      // Entities are never changed in place (an update writes a copy), so the snapshot's own
      // entities are loaded as they are: a restore costs a map per collection, not a deep copy.
      await runAs({ kind: 'anonymous' }, '', () => store.restore(snapshot));
    },
    snapshotNames: () => [...snapshots.keys()],
    handle: () => Promise.reject(new Error('sandbox not initialised')),
    answer: () => Promise.reject(new Error('sandbox not initialised')),
    owns: (method, path) =>
      path.startsWith('/__sandbox/') ||
      routes.some((r) => r.method === method && (r.path === path || (r.prefix && path.startsWith(r.path)))) ||
      router.knows(path),
  };

  /**
   * Runs `fn` with an operation context as one transaction: its changes, events and mail are
   * kept only if it returns, persisted before the caller answers, and events are published.
   */
  async function run<T>(
    d: OperationDescriptor | undefined,
    input: Record<string, unknown>,
    params: Record<string, string>,
    caller: Caller,
    origin: string,
    fn: (ctx: OperationContext) => T | Promise<T>,
    headers: RequestHeaders = NO_HEADERS,
  ): Promise<T> {
    const pendingEvents: DomainEventInput[] = [];
    const pendingMail: OutboxMail[] = [];
    const ctx: OperationContext = {
      op: d,
      input,
      params,
      caller,
      db: store.db,
      settings: sandbox.settings(),
      now: sandbox.now,
      newId: () => crypto.randomUUID(),
      emit: ({ retired, ...e }) => {
        if (!retired || !isRemoved(REMOVAL_DAY, sandbox.settings().cartV1, sandbox.now())) pendingEvents.push(e);
      },
      announce: (name, event) => {
        for (const on of listeners) on[name]?.(ctx, event);
      },
      sendMail: (m) => pendingMail.push(m),
      origin,
      headers,
      options: opts,
      tokenSigner,
    };
    const { result } = await store.transaction(async (db) => {
      const version = db.version();
      const r = await fn(ctx);
      const published = pendingEvents.length ? events.record(db, pendingEvents, sandbox.now()) : [];
      for (const m of pendingMail) {
        const id = crypto.randomUUID();
        db.put('outbox', id, { id, ...m, sentDate: sandbox.now().toISOString() });
      }
      // A transaction that wrote nothing (a read) cannot have taken the state past a limit.
      if (db.version() !== version) enforceLimits(db, stateLimits);
      return { r, published };
    }, persist);
    if (result.published.length) events.publish(result.published, sandbox.settings());
    return result.r;
  }

  /** Durability: a failure undoes the change and is answered 500 in the provider's format. */
  const persist =
    options.persist &&
    ((changes: Commit) => {
      try {
        options.persist!({ changes, snapshot: () => store.snapshot() });
      } catch (err) {
        if (err instanceof SandboxError) throw err;
        throw appError(
          500,
          'STATE_NOT_SAVED',
          `The change could not be saved and was undone: ${(err as Error)?.message ?? String(err)}`,
        );
      }
    });

  /** The sandbox's own work (jobs, seeding, the control API): no operation is being answered. */
  const runAs = <T>(caller: Caller, origin: string, fn: (ctx: OperationContext) => T | Promise<T>) =>
    run(undefined, {}, {}, caller, origin, fn);

  // Due-job sweeps are transactions; one per second of sandbox time is enough (a clock advance
  // sweeps at once), and keeps them off the per-request path.
  let lastSweep = -Infinity;
  /** The due jobs' run when a sweep is due, else undefined (no promise to wait on: most requests). */
  function runDueJobs(): Promise<void> | undefined {
    const now = sandbox.now().getTime();
    if (now - lastSweep < 1000) return undefined;
    lastSweep = now;
    return sweepDueJobs();
  }
  async function sweepDueJobs(): Promise<void> {
    for (const m of modules) {
      if (m.runJobs) await runAs({ kind: 'anonymous' }, '', (ctx) => m.runJobs!(ctx));
    }
    await runAs({ kind: 'anonymous' }, '', (ctx) => sweepExpired(ctx.db, stateLimits, ctx.now()));
  }

  async function seedAll(): Promise<void> {
    const starting = startingStores[startingStore];
    store.db.put(SETTINGS, 'site', { id: 'site', ...DEFAULT_SETTINGS, ...starting.settings, ...options.settings });
    const seedContext = () => ({ db: store.db, now: sandbox.now(), options: opts, newId: () => crypto.randomUUID() });
    if (starting.moduleSeeds) for (const m of modules) if (m.seed) await m.seed(seedContext());
    starting.seed?.(seedContext());
  }

  sandbox.runAs = runAs;

  /** The strict refusal as an answer, with the header the preload and the test helpers read. */
  const notEmulated = (method: string, path: string, operation?: string) => {
    const err = strictRefusal(method, path, operation);
    return json(err.status, err.body, { [NOT_EMULATED_HEADER]: `${method} ${path}` });
  };

  /** The image URL rewrite of answers, for the origin links point at (the same one, request after request). */
  let lastMediaRewrite: TextRewrite | undefined;
  const mediaRewrite = (origin: string): TextRewrite =>
    lastMediaRewrite?.key === origin
      ? lastMediaRewrite
      : (lastMediaRewrite = { key: origin, apply: (text) => toSandboxMediaUrls(text, origin) });

  async function handleOperation(request: SandboxRequest, url: URL, note: RequestNote): Promise<Answer> {
    const match = router.match(request.method, url.pathname);
    const strict = options.strict === true || request.headers.get(STRICT_HEADER) === '1';
    if (!match) {
      calls.record(request.method, url.pathname, undefined, false);
      if (strict) return notEmulated(request.method, url.pathname);
      if (router.knows(url.pathname)) {
        return errorResponse(
          appError(405, 'METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${url.pathname}`),
        );
      }
      return errorResponse(appError(404, 'NOT_FOUND', `No operation at ${request.method} ${url.pathname}`));
    }
    const { d, params } = match;
    note.operation = d.key;
    calls.record(d.method, d.path, d.key, Object.hasOwn(handlers, d.key));
    // A retired operation (Cart V1, Checkout V1) is counted; once removed its path is gone (retired.ts).
    const calledAt = sandbox.now();
    const removed = removedAnswer(d, sandbox.settings(), calledAt);
    retiredCalls.record(d, calledAt, Boolean(removed));
    if (removed) return errorResponse(removed);
    if (strict && !Object.hasOwn(handlers, d.key)) return notEmulated(d.method, d.path, d.key);
    // A fault asked for by a test answers before anything of the request is read (faults.ts).
    const faulted = faults.any() ? await faults.apply(d) : undefined;
    if (faulted) return faulted;
    const limited = rateLimit?.take(sandbox.now().getTime());
    if (limited) return limited;
    // A GET's body is never read (operationBody): no promise to wait on.
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await operationBody(request, url);
    const query = url.search ? parseQuery(url.searchParams) : {};
    assertDepth(query, 'The query string');

    const caller = resolveCaller(
      store.db,
      tokenSigner,
      request.headers.get('authorization'),
      opts.apiKeys,
      request.headers.get('wix-site-id'),
      sandbox.now(),
    );
    // A token verified before resolves at once (tokens.ts).
    const resolved = caller instanceof Promise ? await caller : caller;
    if ('error' in resolved) {
      return errorResponse(tokenRefusal(resolved.error));
    }
    note.caller = resolved.caller.kind;
    const denied = authorize(d, resolved.caller);
    if (denied) return errorResponse(denied);

    // The operation's own form decides what is validated as body and what as query.
    const bodyForm = d.method !== 'GET' && d.method !== 'DELETE';
    let input: Record<string, unknown>;
    let violations;
    if (bodyForm) {
      input = { ...(body ?? query) };
      if (body) Object.assign(input, Object.fromEntries(Object.entries(query).filter(([k]) => !(k in input))));
    } else {
      input = { ...query, ...(body ?? {}) };
    }
    placePathParams(d, input, params);
    // A filter past its size is refused before any validation walks it (issue 31).
    const oversized = filterSizeViolation(d, input);
    if (oversized) return errorResponse(validationError([oversized]));
    violations = bodyForm
      ? validateRequest(d, input, {}, !body && !url.searchParams.has('.r'))
      : validateRequest(d, undefined, input);
    if (!violations.length) violations = queryFieldViolations(d, input);
    if (violations.length) return errorResponse(validationError(violations));
    assertSafeUrls(input);
    input = mapShape(input, d.request, d.shapes, floatFromText, false) as Record<string, unknown>;

    const handler = handlers[d.key];
    if (!handler) {
      return errorResponse(
        appError(501, 'NOT_EMULATED', `${d.key} is not emulated by the sandbox yet`, { operation: d.key }),
      );
    }
    const result = await run(d, input, params, resolved.caller, linkOrigin(url), handler, request.headers).catch(
      (err: unknown) => {
        throw options.validateResponses ? (uncatalogued(d, err) ?? err) : err;
      },
    );
    if (d.emptyResponse) return json(200, {});
    const out = mapShape(result ?? {}, d.response, d.shapes, toWire, true);
    if (options.validateResponses) {
      if (!responseValidators.has(d.key)) responseValidators.set(d.key, responseValidator(d));
      const validate = responseValidators.get(d.key);
      if (validate && !validate(JSON.parse(JSON.stringify(out)))) {
        return json(500, {
          message: `sandbox answer for ${d.key} does not match the spec`,
          details: {
            applicationError: {
              code: 'RESPONSE_SCHEMA_MISMATCH',
              description: JSON.stringify(validate.errors),
              data: {},
            },
          },
        });
      }
    }
    // Image URLs a browser talking to the sandbox itself can load (provider-hosts.ts says when).
    const text = answerText(out, keepsProviderUrls(url, request.headers) ? undefined : mediaRewrite(linkOrigin(url)));
    return json(200, out, {}, text);
  }

  async function answer(request: SandboxRequest, note: RequestNote): Promise<Answer> {
    const url = new URL(request.url);
    try {
      const due = runDueJobs();
      if (due) await due;
      const path = url.pathname;
      for (const route of routes) {
        if (route.method === request.method && (route.path === path || (route.prefix && path.startsWith(route.path)))) {
          note.operation = `${route.module}:${route.path}`;
          calls.record(request.method, route.path, note.operation, true);
          return await route.handle(request, {
            sandbox,
            url,
            run: (caller, fn) => runAs(caller, linkOrigin(url), fn),
            note,
          });
        }
      }
      if (url.pathname.startsWith('/__sandbox/')) {
        note.operation = 'control';
        return await control(request, url, sandbox, runAs);
      }
      return await handleOperation(request, url, note);
    } catch (err) {
      if (err instanceof SandboxError) return errorResponse(err);
      // decodeURIComponent on a caller's broken percent-encoding (a path, a page's query): their error.
      if (err instanceof URIError)
        return errorResponse(
          appError(400, 'INVALID_ARGUMENT', `The request URL is not valid percent-encoded text: ${err.message}`),
        );
      console.error('[sandbox] internal error', err);
      return json(500, {
        message: 'Internal sandbox error',
        details: {
          applicationError: { code: 'INTERNAL', description: String((err as Error)?.message ?? err), data: {} },
        },
      });
    }
  }

  if (options.state) {
    const problem = clockProblem(options.state);
    if (problem) throw new Error(`Refusing to load the state: ${problem}`);
    store.load(options.state);
  }
  // Checked now, so a bad rule stops the start; placed once the first reset (which clears faults) is done.
  const startFaults = (options.faults ?? []).map(checkFaultRule);
  let started = false;
  const ready = (options.state ? Promise.resolve() : sandbox.reset()).then(() => {
    for (const rule of startFaults) faults.add(rule);
    started = true;
  });
  sandbox.answer = async (request, note = {}) => {
    // Once started, nothing to wait on.
    if (!started) await ready;
    return answer(request, note);
  };
  sandbox.handle = async (request) => {
    const a = await sandbox.answer(request);
    return a instanceof JsonAnswer ? a.toResponse() : a;
  };
  return sandbox;
}
