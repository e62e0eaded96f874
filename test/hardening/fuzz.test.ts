/**
 * Property-based fuzzing of every operation of the sandbox (fast-check). Requests are derived
 * from the spec's request schemas and examples, then mutated (wrong types, missing required
 * fields, huge strings, unknown enum values, NaN text, deeply nested objects, wrong content
 * types, malformed JSON, unknown query parameters, bad path ids, wrong methods) and sent with a
 * caller of the operation's column or a wrong one. For every request:
 *   - never a 5xx, never a crash, never a hang;
 *   - every answer other than 200 is the provider's error format;
 *   - a refused request changes nothing (the exported state, tokens aside, is the same);
 *   - a wrong caller with an otherwise well-formed request gets 401/403.
 * Most runs go to the sandbox in process (`handle(Request)`), a smaller run over real HTTP.
 * Then prototype pollution through every parser of every operation (query string, `.r`, bodies,
 * field masks; header names over HTTP): refused, and Object.prototype never changes.
 * Replay a failure with SFK_FUZZ_SEED=<seed printed> (each operation runs with seed + its index).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationList } from '../../generated/operations.ts';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { createSandbox } from '../../src/sandbox/create-sandbox.ts';
import type { Sandbox } from '../../src/sandbox/platform/sandbox.ts';
import { DEMO_MEMBER } from '../../src/sandbox/seed/ids.ts';
import { API_KEY, CLIENT_ID, useSandboxServer } from '../support/sandbox.ts';
import {
  bodyExample,
  bodySchema,
  buildRequest,
  MUTATION_NAMES,
  MUTATIONS,
  querySchema,
  schemaArb,
  schemaAt,
  type BuiltRequest,
  type Draft,
  type MutationName,
  type Pools,
} from './requests.ts';
import { comparableState, providerErrorProblem, recordFigures, stateDiff, withTimeout } from './support.ts';

const DEMO_MEMBER_ID = DEMO_MEMBER.id;

const SEED = Number(process.env.SFK_FUZZ_SEED ?? 20261122);
const RUNS_IN_PROCESS = Number(process.env.SFK_FUZZ_RUNS ?? 30);
const RUNS_OVER_HTTP = Number(process.env.SFK_FUZZ_HTTP_RUNS ?? 4);
const ANSWER_WITHIN_MS = 10_000;

interface Answer {
  status: number;
  body: unknown;
  contentType: string;
}

/** Where requests go: the in-process handler or the HTTP server. */
interface Target {
  name: string;
  send(req: BuiltRequest & { authorization?: string }): Promise<Answer>;
  state(): Promise<{ collections: Record<string, unknown> }>;
  /** The state as comparable text (support.ts's comparableState), read after every request. */
  comparable(): Promise<string>;
  restore(snapshot: unknown): Promise<void>;
}

async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: reported by the format check
  }
  return { status: res.status, body, contentType: res.headers.get('content-type') ?? '' };
}

function target(name: string, base: () => string, fetcher: (request: Request) => Promise<Response>): Target {
  const send = async ({ method, path, headers, body, authorization }: BuiltRequest & { authorization?: string }) => {
    const h = new Headers(headers);
    if (authorization !== undefined) h.set('authorization', authorization);
    return answerOf(await fetcher(new Request(base() + path, { method, headers: h, body })));
  };
  const state = async () => {
    const r = await send({ method: 'GET', path: '/__sandbox/state', headers: {} });
    if (r.status !== 200) throw new Error(`state export failed: ${r.status}`);
    return r.body as { collections: Record<string, unknown> };
  };
  return {
    name,
    send,
    state,
    comparable: async () => comparableState(await state()),
    async restore(snapshot) {
      const r = await send({ method: 'PUT', path: '/__sandbox/state', headers: { 'content-type': 'application/json' }, body: JSON.stringify(snapshot), authorization: API_KEY });
      if (r.status !== 200) throw new Error(`state import failed: ${r.status} ${JSON.stringify(r.body)}`);
    },
  };
}

/**
 * The sandbox in process. The state after each request is read from its store: the snapshot
 * GET /__sandbox/state serialises, without the export's JSON text parsed back per request
 * (that round trip was most of this suite's time; the HTTP runs still go through the export).
 */
function inProcess(sandbox: Sandbox): Target {
  const t = target('in-process', () => 'http://sandbox.test', (r) => sandbox.handle(r));
  return { ...t, comparable: async () => comparableState(sandbox.store.snapshot()) };
}

type CallerName = 'visitor' | 'member' | 'apiKey' | 'none' | 'garbage';

/** The callers the operation's column admits, and the ones it must refuse. */
function callersOf(d: OperationDescriptor): { valid: CallerName[]; wrong: CallerName[] } {
  const actsOnCaller = /\/(current|my)(\/|$)/.test(d.path);
  switch (d.caller) {
    case 'anyone':
      return { valid: ['none', 'visitor'], wrong: [] };
    case 'member':
      return { valid: ['member'], wrong: ['none', 'garbage', 'visitor', 'apiKey'] };
    case 'elevated':
      return { valid: ['apiKey'], wrong: ['none', 'garbage', 'visitor', 'member'] };
    default:
      return actsOnCaller ? { valid: ['visitor', 'member'], wrong: ['none', 'garbage', 'apiKey'] } : { valid: ['visitor', 'member', 'apiKey'], wrong: ['none', 'garbage'] };
  }
}

const GARBAGE_TOKENS = ['sfk-at.0000', 'Bearer', 'null', 'sandbox-api-key-wrong', 'sfk-rt.0000', ' , ', 'a'.repeat(3000), 'Bearer sfk-at.deadbeef'];

interface World {
  tokens: Record<'visitor' | 'member', string>;
  pools: Pools;
  /** The whole state (tokens included) each operation starts from. */
  snapshot: unknown;
}

/** Tokens, a cart, a checkout; the ids and slugs of the state become the generators' pools. */
async function prepare(t: Target): Promise<World> {
  const token = async (body: unknown, authorization?: string) => {
    const r = await t.send({ method: 'POST', path: '/oauth2/token', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), authorization });
    if (r.status !== 200) throw new Error(`token grant failed: ${JSON.stringify(r.body)}`);
    return (r.body as { access_token: string }).access_token;
  };
  const visitor = await token({ clientId: CLIENT_ID, grantType: 'anonymous' });
  const memberVisitor = await token({ clientId: CLIENT_ID, grantType: 'anonymous' });
  const member = await token({ grant_type: 'authorized_client', scope: 'offline_access', member_id: DEMO_MEMBER_ID }, `${memberVisitor},${API_KEY}`);
  const before = (await t.state()).collections as Record<string, Record<string, any>>;
  const product = Object.values(before.products ?? {})[0];
  const post = (path: string, body: unknown, authorization: string) =>
    t.send({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), authorization });
  for (const who of [visitor, member]) {
    if (product) await post('/ecom/v1/carts/current/add-to-cart', { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product.id, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' } }] }, who);
  }
  await post('/ecom/v1/carts/current/create-checkout', { channelType: 'WEB' }, visitor);
  const snapshot = await t.state();
  const collections = snapshot.collections as Record<string, Record<string, any>>;
  const ids = new Set<string>();
  const slugs = new Set<string>(['no-such-slug']);
  for (const [name, entities] of Object.entries(collections)) {
    if (name === 'tokens' || name === 'credentials') continue;
    for (const e of Object.values(entities)) {
      if (typeof e?.id === 'string') ids.add(e.id);
      if (typeof e?.slug === 'string') slugs.add(e.slug);
      for (const v of e?.variants ?? []) if (typeof v?.id === 'string') ids.add(v.id);
    }
  }
  return { tokens: { visitor, member }, pools: { ids: [...ids], slugs: [...slugs], emails: ['demo@storefront.test', 'nobody@storefront.test'] }, snapshot };
}

function authorizationFor(caller: CallerName, world: World, pick: number): string | undefined {
  switch (caller) {
    case 'visitor':
    case 'member':
      return world.tokens[caller];
    case 'apiKey':
      return API_KEY;
    case 'none':
      return undefined;
    case 'garbage':
      return GARBAGE_TOKENS[pick % GARBAGE_TOKENS.length];
  }
}

/** Mutations that mean something for the operation (no body mutations where there is no body). */
function mutationsFor(d: OperationDescriptor): MutationName[] {
  const bodyOnly: MutationName[] = ['wrongContentType', 'noBody'];
  return MUTATION_NAMES.filter((m) => d.body || !bodyOnly.includes(m));
}

interface Case {
  caller: CallerName;
  wrongCaller: boolean;
  mutation: MutationName;
  payload: Record<string, unknown>;
  pathValues: Record<string, string>;
  pick: number;
  text: string;
  dotR: boolean;
}

function caseArb(d: OperationDescriptor, pools: Pools, overHttp: boolean): fc.Arbitrary<Case> {
  const { valid, wrong } = callersOf(d);
  const callers = [...valid.map((c) => ({ arbitrary: fc.constant({ caller: c, wrongCaller: false }), weight: 3 })), ...wrong.map((c) => ({ arbitrary: fc.constant({ caller: c, wrongCaller: true }), weight: 1 }))];
  const schema = d.body ? bodySchema(d) : querySchema(d);
  const example = d.body ? bodyExample(d) : undefined;
  const generated = schemaArb(d.service, schema, pools) as fc.Arbitrary<Record<string, unknown>>;
  const payload = example ? fc.oneof(fc.constant(example as Record<string, unknown>), generated) : generated;
  // Over HTTP, a huge query string (or `.r`) is refused by Node before the sandbox sees it (431, no body): keep those in process.
  const mutations = mutationsFor(d).filter((m) => !(overHttp && (!d.body || d.dotR) && (m === 'hugeString' || m === 'deeplyNested')));
  const pathValue = (name: string) => fc.oneof({ arbitrary: fc.constantFrom(...(/slug/i.test(name) ? pools.slugs : pools.ids)), weight: 4 }, { arbitrary: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s !== '.' && s !== '..').map(encodeURIComponent), weight: 1 });
  return fc.record({
    who: fc.oneof(...callers),
    mutation: fc.oneof({ arbitrary: fc.constant('valid' as MutationName), weight: 4 }, { arbitrary: fc.constantFrom(...mutations), weight: 10 }),
    payload: payload.map((p) => (p && typeof p === 'object' && !Array.isArray(p) ? p : {})),
    pathValues: fc.record(Object.fromEntries(d.pathParams.map((p) => [p.name, pathValue(p.name)]))) as fc.Arbitrary<Record<string, string>>,
    pick: fc.nat(),
    text: fc.string({ maxLength: 12 }),
    dotR: fc.boolean(),
  }).map(({ who, ...rest }) => ({ ...who, ...rest }));
}

const figures = { requests: 0, inProcess: 0, overHttp: 0, accepted: 0, refused: 0, fiveXX: 0, badFormat: 0, stateChanges: 0, wrongCallerAccepted: 0, operations: 0, pollutionAttempts: 0, prototypePolluted: 0, statuses: {} as Record<string, number> };

const clip = (s: string | undefined, n = 400) => (s && s.length > n ? `${s.slice(0, n)}... (${s.length} chars)` : s);

/** Counts an answer in the figures; returns the text that names it in a failure. */
function counted(targetName: string, res: { status: number; body: unknown }, where: string, clipAt = 600): string {
  figures.requests++;
  figures[targetName === 'http' ? 'overHttp' : 'inProcess']++;
  figures.statuses[res.status] = (figures.statuses[res.status] ?? 0) + 1;
  return `${where}\n  -> ${res.status} ${clip(JSON.stringify(res.body), clipAt)}`;
}

async function fuzzOperation(t: Target, world: World, d: OperationDescriptor, index: number, runs: number): Promise<void> {
  await t.restore(world.snapshot);
  let before = await t.comparable();
  const seed = SEED + index;
  const schema = d.body ? bodySchema(d) : querySchema(d);
  await fc.assert(
    fc.asyncProperty(caseArb(d, world.pools, t.name === 'http'), async (c) => {
      const draft = MUTATIONS[c.mutation]({ payload: c.payload, extraQuery: [], pathValues: c.pathValues }, { d, schema, pick: c.pick, text: c.text }) as Draft;
      const req = { ...buildRequest(d, draft, c.dotR), authorization: authorizationFor(c.caller, world, c.pick) };
      const where = `${d.key} [${t.name}, seed ${seed}] ${c.mutation} as ${c.caller}: ${req.method} ${clip(req.path, 300)} body ${clip(req.body)}`;
      const res = await withTimeout(t.send(req), ANSWER_WITHIN_MS, where);
      const answered = counted(t.name, res, where);
      const after = await t.comparable().catch((err: Error) => {
        throw new Error(`the state could not be exported after this request (${err.message}): ${answered}`);
      });
      // 501 NOT_EMULATED is the sandbox's designed answer for what it does not emulate (docs/coverage.md), not a crash.
      const notEmulated = res.status === 501 && (res.body as { details?: { applicationError?: { code?: unknown } } })?.details?.applicationError?.code === 'NOT_EMULATED';
      if (res.status >= 500 && !notEmulated) {
        figures.fiveXX++;
        throw new Error(`5xx: ${answered}`);
      }
      if (res.status === 200) {
        figures.accepted++;
        // A wrong method or path may land on another operation the caller may call.
        if (c.wrongCaller && c.mutation !== 'wrongMethod' && c.mutation !== 'badPathValue') {
          figures.wrongCallerAccepted++;
          throw new Error(`a wrong caller was answered 200: ${answered}`);
        }
      } else {
        figures.refused++;
        const problem = providerErrorProblem(res.body) ?? (/^application\/json\b/.test(res.contentType) ? undefined : `content-type ${res.contentType}`);
        if (problem) {
          figures.badFormat++;
          throw new Error(`not the provider's error format (${problem}): ${answered}`);
        }
        if (after !== before) {
          figures.stateChanges++;
          throw new Error(`a refused request changed the state (${stateDiff(before, after)}): ${answered}`);
        }
        if (c.wrongCaller && c.mutation === 'valid' && res.status !== 401 && res.status !== 403) {
          throw new Error(`a wrong caller with a well-formed request was answered ${res.status}, not 401/403: ${answered}`);
        }
      }
      before = after;
    }),
    { seed, numRuns: runs, endOnFailure: true },
  );
}

const summary = () =>
  `fuzz: ${figures.requests} requests over ${figures.operations} operations and the sandbox's own routes (${figures.inProcess} in process, ${figures.overHttp} over HTTP), ` +
  `${figures.refused} refused in the provider's error format, ${figures.accepted} answered 200, ${figures.fiveXX} 5xx, ` +
  `${figures.stateChanges} state changes from refused requests, ${figures.badFormat} malformed errors; ` +
  `${figures.pollutionAttempts} prototype-pollution attempts (query, .r, bodies, field masks, header names), ${figures.prototypePolluted} reached Object.prototype; seed ${SEED}`;

afterAll(() => {
  recordFigures('fuzz', summary(), { seed: SEED, ...figures });
});

describe('fuzz in process: every operation', () => {
  const sandbox = createSandbox({ validateResponses: true });
  const t = inProcess(sandbox);
  let world: World;
  beforeAll(async () => {
    world = await prepare(t);
    console.log(`fuzz seed ${SEED}: replay with SFK_FUZZ_SEED=${SEED} (operation i uses seed ${SEED} + i in process, ${SEED} + 1000 + i over HTTP)`);
  });

  it('covers all 161 operations', () => {
    expect(operationList).toHaveLength(161);
  });

  it.each(operationList.map((d, i) => [d.key, d, i] as const))('%s', async (_key, d, i) => {
    figures.operations++;
    await fuzzOperation(t, world, d, i, RUNS_IN_PROCESS);
  });
});

/** The sandbox's own routes: the control API (without its key), the hosted pages and the services beyond the spec. */
const OWN_ROUTES = [
  '/__sandbox/info', '/__sandbox/state', '/__sandbox/reset', '/__sandbox/outbox', '/__sandbox/events', '/__sandbox/events/stream',
  '/__sandbox/webhooks/deliveries', '/__sandbox/settings', '/__sandbox/clock', '/__sandbox/clock/advance', '/__sandbox/coverage', '/__sandbox/cart-v1-calls',
  '/__sandbox/faults', '/__sandbox/faults/', '/__sandbox/calls', '/__sandbox/snapshots', '/__sandbox/snapshots/',
  '/__sandbox/checkout/', '/__sandbox/login', '/__sandbox/logout', '/__sandbox/redirect', '/__sandbox/recover', '/__sandbox/',
  // The services beyond the spec the storefront templates call (recommendations, CMS data items).
  '/v1/recommendations/get', '/v1/recommendations/algorithms', '/wix-data/v2/items/', '/wix-data/v2/bulk/items/',
];
const ROUTE_TAILS = ['', '%E0%A4%A', '%', '..%2F..%2Fetc%2Fpasswd', '<script>alert(1)</script>', 'x'.repeat(3000), '00000000-0000-4000-8000-000000000000'];
const ROUTE_QUERIES = ['', '?session=%E0%A4%A', '?session=nope', '?since=abc', '?since=-1', '?to=%', '?token=x&redirect=javascript:alert(1)', '?session=&session=a'];
const ROUTE_BODIES: [string | undefined, string | undefined][] = [
  [undefined, undefined],
  ['application/json', '{'],
  ['application/json', '{"seconds":"NaN","redirectUris":"x","version":99}'],
  ['application/x-www-form-urlencoded', 'session=%E0%A4%A&email=%&action=login'],
  ['application/x-www-form-urlencoded', `session=nope&action=verify&code=${'9'.repeat(5000)}`],
  ['text/plain', 'hello'],
];

describe("fuzz in process: the sandbox's own routes (control API without its key, hosted pages)", () => {
  const sandbox = createSandbox({ validateResponses: true });
  const t = inProcess(sandbox);

  it('never answer 5xx or hang; JSON refusals are in the provider format and change nothing', async () => {
    const visitor = (await t.send({ method: 'POST', path: '/oauth2/token', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId: CLIENT_ID, grantType: 'anonymous' }) })).body as { access_token: string };
    let before = await t.comparable();
    // Every route x tail x method; the query, body and caller of each drawn from the seed.
    const combos = OWN_ROUTES.flatMap((route) => ROUTE_TAILS.flatMap((tail) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => ({ route, tail, method }))));
    const extras = fc.sample(fc.tuple(fc.constantFrom(...ROUTE_QUERIES), fc.constantFrom(...ROUTE_BODIES), fc.constantFrom(undefined, visitor.access_token, 'garbage')), { seed: SEED, numRuns: combos.length });
    for (const [i, { route, tail, method }] of combos.entries()) {
      const [query, [contentType, body], authorization] = extras[i];
      const path = route.endsWith('/') ? route + tail : route + (tail ? `/${tail}` : '');
      const req = { method, path: path + query, body: method === 'GET' ? undefined : body };
      const headers = new Headers();
      if (contentType) headers.set('content-type', contentType);
      if (authorization) headers.set('authorization', authorization);
      const where = `[own routes, seed ${SEED}] ${method} ${clip(req.path, 200)} body ${clip(req.body, 100)}`;
      const res = await withTimeout(
        sandbox.handle(new Request(`http://sandbox.test${req.path}`, { method, headers, body: req.body })),
        ANSWER_WITHIN_MS,
        where,
      );
      const type = res.headers.get('content-type') ?? '';
      // The event stream never ends: its headers are the answer.
      const answer = type.startsWith('text/event-stream') ? (await res.body?.cancel(), { status: res.status, body: undefined, contentType: type }) : await answerOf(res);
      const answered = counted('in-process', answer, where, 400);
      if (answer.status >= 500) {
        figures.fiveXX++;
        throw new Error(`5xx: ${answered}`);
      }
      const after = await t.comparable();
      if (answer.status >= 400) {
        figures.refused++;
        const problem = /^application\/json\b/.test(answer.contentType) ? providerErrorProblem(answer.body) : undefined;
        if (problem) {
          figures.badFormat++;
          throw new Error(`not the provider's error format (${problem}): ${answered}`);
        }
        if (after !== before) {
          figures.stateChanges++;
          throw new Error(`a refused request changed the state (${stateDiff(before, after)}): ${answered}`);
        }
      } else figures.accepted++;
      before = after;
    }
  });
});

describe('fuzz over HTTP: every operation, fewer runs', () => {
  const server = useSandboxServer();
  const t = target('http', () => server.current.url, (r) => fetch(r));
  let world: World;
  beforeAll(async () => {
    world = await prepare(t);
  });

  it.each(operationList.map((d, i) => [d.key, d, i] as const))('%s', async (_key, d, i) => {
    await fuzzOperation(t, world, d, 1000 + i, RUNS_OVER_HTTP);
  });
});

// ---------------------------------------------------------------------------------------------
// Prototype pollution through every parser of every operation: the query string (dotted keys),
// `.r`, JSON bodies, field masks and (over HTTP) header names, sent without a token as well as
// with the operation's caller. Every one is refused before anything runs (the reserved-key
// validation error), Object.prototype never changes, and a plain request afterwards is answered
// as before.

const POLLUTING_QUERIES: [string, string][] = [
  ['__proto__.polluted', '__proto__'],
  ['constructor.prototype.polluted', 'constructor'],
  ['paging.__proto__.polluted', 'paging.__proto__'],
  ['prototype', 'prototype'],
  ['__proto__.authorization', '__proto__'],
];
const POLLUTING_JSON: [string, string][] = [
  ['{"__proto__":{"polluted":"yes"}}', '__proto__'],
  ['{"constructor":{"prototype":{"polluted":"yes"}}}', 'constructor'],
  ['{"x":[{"y":{"prototype":{"polluted":"yes"}}}]}', 'x[0].y.prototype'],
  ['{"\\u005f_proto__":{"polluted":"yes"}}', '__proto__'],
];
const POLLUTING_HEADERS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
const RESERVED_MASK_VALUES = ['constructor', '__proto__', 'prototype', 'id,constructor'];

const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

/** Top-level body fields that are field masks (`fieldMask`, `cartFieldmask`, ...). */
function maskFields(d: OperationDescriptor): string[] {
  const schema = d.body ? schemaAt(d.service, bodySchema(d), []) : undefined;
  return Object.keys(schema?.properties ?? {}).filter((k) => /mask/i.test(k));
}

async function pollute(t: Target, world: World, d: OperationDescriptor): Promise<void> {
  const before = prototypeNames();
  const state = await t.comparable();
  const path = d.path.replace(/\{[^}]+\}/g, () => world.pools.ids[0] ?? 'x');
  const caller = authorizationFor(callersOf(d).valid[0], world, 0);
  const json = { 'content-type': 'application/json' };
  const sends: { req: BuiltRequest & { authorization?: string }; field?: string }[] = [];
  for (const authorization of [undefined, caller]) {
    for (const [key, field] of POLLUTING_QUERIES) {
      sends.push({ req: { method: d.method, path: `${path}?${key}=yes`, headers: d.body ? json : {}, body: d.body ? '{}' : undefined, authorization }, field });
    }
    for (const [text, field] of POLLUTING_JSON) {
      if (d.body) sends.push({ req: { method: d.method, path, headers: json, body: text, authorization }, field });
      if (d.dotR) sends.push({ req: { method: 'GET', path: `${path}?.r=${Buffer.from(text).toString('base64url')}`, headers: {}, authorization }, field: `.r.${field}` });
    }
  }
  // Field masks reach the handler: a well-formed request whose mask names a reserved field.
  for (const field of maskFields(d)) {
    for (const mask of RESERVED_MASK_VALUES) {
      const payload = { ...((bodyExample(d) as Record<string, unknown> | undefined) ?? {}), [field]: mask };
      sends.push({ req: { method: d.method, path, headers: json, body: JSON.stringify(payload), authorization: caller } });
    }
  }
  if (t.name === 'http') {
    for (const name of POLLUTING_HEADERS) {
      sends.push({ req: { method: d.method, path, headers: { ...(d.body ? json : {}), [name]: 'sandbox-api-key' }, body: d.body ? '{}' : undefined } });
    }
  }
  for (const { req, field } of sends) {
    const where = `${d.key} [${t.name}] pollution: ${req.method} ${req.path} headers ${JSON.stringify(req.headers)} body ${req.body} as ${req.authorization ? 'caller' : 'nobody'}`;
    const res = await withTimeout(t.send(req), ANSWER_WITHIN_MS, where);
    figures.pollutionAttempts++;
    const answered = counted(t.name, res, where);
    if (prototypeNames() !== before) {
      figures.prototypePolluted++;
      throw new Error(`Object.prototype changed: ${answered}`);
    }
    if (res.status >= 500) {
      figures.fiveXX++;
      throw new Error(`5xx: ${answered}`);
    }
    if (res.status === 200) {
      figures.accepted++;
    } else {
      figures.refused++;
      const problem = providerErrorProblem(res.body);
      if (problem) {
        figures.badFormat++;
        throw new Error(`not the provider's error format (${problem}): ${answered}`);
      }
    }
    if (field !== undefined) {
      expect(res.status, answered).toBe(400);
      expect((res.body as any).details.validationError.fieldViolations, answered).toEqual([{ field, description: 'is a reserved name and cannot be used as a field', violatedRule: 'FIELD_NOT_ALLOWED' }]);
    } else if (res.status === 200 && maskFields(d).length && req.authorization === caller && req.body?.includes('"constructor"')) {
      throw new Error(`a field mask naming a reserved field was accepted: ${answered}`);
    }
  }
  const after = await t.comparable();
  if (sends.every((s) => s.field !== undefined) && after !== state) {
    figures.stateChanges++;
    throw new Error(`refused pollution attempts changed the state (${stateDiff(state, after)}) on ${d.key}`);
  }
  // A plain request afterwards: no token is no caller; the disk is not served.
  const plain = await t.send({ method: 'GET', path: '/ecom/v1/carts/current', headers: {} });
  expect(plain.status).toBe(401);
  expect((plain.body as any).message).toBe('Authorization header is missing: send an access token or an API key');
  const passwd = await t.send({ method: 'GET', path: '/etc/passwd', headers: {} });
  expect(passwd.status).toBe(404);
}

describe('fuzz in process: prototype pollution through every parser of every operation', () => {
  const sandbox = createSandbox({ validateResponses: true });
  const t = inProcess(sandbox);
  let world: World;
  beforeAll(async () => {
    world = await prepare(t);
  });

  it.each(operationList.map((d) => [d.key, d] as const))('%s', async (_key, d) => {
    await t.restore(world.snapshot);
    await pollute(t, world, d);
  });
});

describe('fuzz over HTTP: prototype pollution through every parser and header names of every operation', () => {
  const server = useSandboxServer();
  const t = target('http', () => server.current.url, (r) => fetch(r));
  let world: World;
  beforeAll(async () => {
    world = await prepare(t);
  });

  it.each(operationList.map((d) => [d.key, d] as const))('%s', async (_key, d) => {
    await pollute(t, world, d);
  });
});
