/**
 * The sandbox under load, from this process (autocannon's programmatic API) against a sandbox
 * in a child process: requests per second and p50/p99 latency for getCurrentCart,
 * addToCurrentCart and queryProducts with request validation on, in memory and with `--data`;
 * a bare node:http server answering getCurrentCart's exact bytes is the baseline. Then how the
 * latency grows with the catalog (100 -> 10,000 products) and the member list (10 -> 10,000).
 * Every run is bounded by a request count and a time limit, and must answer only 2xx.
 */
import autocannon, { type Result } from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StateSnapshot } from '../../src/sandbox/platform/store.ts';
import { compiledAt } from './compiled.ts';
import { startServer, type ChildServer } from './servers.ts';
import { median } from './median.ts';

export const CLIENT_ID = 'sandbox-client';
const STORES_APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
/** Issue 33: a test suite's concurrency, 32 connections (10 before). */
export const CONNECTIONS = 32;

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Server CPU time per answered request, microseconds: steadier than rps on a shared machine. */
  cpuUs: number;
}

export interface Target {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

async function http(base: string, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

export async function visitorToken(base: string): Promise<string> {
  return (await http(base, 'POST', '/oauth2/token', { clientId: CLIENT_ID, grantType: 'anonymous' })).json()
    .access_token;
}

/** A visitor with one line in the cart, and the three requests the bench sends as that visitor. */
export async function visitor(base: string) {
  const token = await visitorToken(base);
  const listing = await http(
    base,
    'POST',
    '/stores-reader/v1/products/query-platformized',
    { query: { filter: { slug: 'linen-shirt' } } },
    token,
  );
  const shirt = listing.json().products[0];
  const add = {
    lineItems: [
      {
        quantity: 1,
        catalogReference: { catalogItemId: shirt.id, appId: STORES_APP, options: { variantId: shirt.variants[0].id } },
      },
    ],
  };
  await http(base, 'POST', '/ecom/v1/carts/current/add-to-cart', add, token);
  const json = { authorization: token, 'content-type': 'application/json' };
  const targets = {
    getCurrentCart: { method: 'GET', path: '/ecom/v1/carts/current', headers: { authorization: token } },
    addToCurrentCart: {
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
      headers: json,
      body: JSON.stringify(add),
    },
    // A storefront listing: filter, sort and one page, so every product is looked at.
    queryProducts: {
      method: 'POST',
      path: '/stores-reader/v1/products/query-platformized',
      headers: json,
      body: JSON.stringify({
        query: {
          filter: { productType: 'physical', 'priceData.price': { $gt: 10 } },
          sort: [{ fieldName: 'lastUpdated', order: 'DESC' }],
          paging: { limit: 10 },
        },
      }),
    },
    queryMembers: {
      method: 'POST',
      path: '/members/v1/members/query',
      headers: json,
      body: JSON.stringify({ query: { paging: { limit: 10 } } }),
    },
  } satisfies Record<string, Target>;
  return { token, add, shirt, targets };
}

/**
 * One autocannon run, bounded by time and by a request cap. autocannon checks both only on its
 * whole-second ticks, so a run that reaches the cap ends on the next tick and its rate is
 * quantised (20,000 requests always "took" 1 or 2 s): measured runs are timed by the duration,
 * with a cap far above what this machine can do, and a run that reaches it is refused below.
 */
function cannon(url: string, t: Target, cap: number, seconds: number, connections: number): Promise<Result> {
  return autocannon({
    url: url + t.path,
    method: t.method,
    headers: t.headers,
    body: t.body,
    connections,
    duration: seconds,
    maxOverallRequests: cap,
    timeout: 30,
  });
}

/** A short warm-up (JIT, connection pools), then the measured run, timed by its duration. Anything but 2xx fails the bench. */
export async function load(
  server: ChildServer,
  t: Target,
  { cap = 1_000_000, seconds = 3, warmup = 1_000, connections = CONNECTIONS } = {},
): Promise<Load> {
  const url = server.url;
  if (warmup > 0) await cannon(url, t, warmup, 10, connections);
  const cpu0 = await server.cpuMicros();
  const start = performance.now();
  const r = await cannon(url, t, cap, seconds, connections);
  const elapsed = (performance.now() - start) / 1000;
  const cpu = (await server.cpuMicros()) - cpu0;
  if (r.non2xx || r.errors || r.timeouts) {
    const sample = await fetch(url + t.path, { method: t.method, headers: t.headers, body: t.body }).then(
      async (res) => `${res.status} ${(await res.text()).slice(0, 300)}`,
    );
    throw new Error(
      `${t.method} ${t.path}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (one answer: ${sample})`,
    );
  }
  if (r['2xx'] >= cap)
    throw new Error(
      `${t.method} ${t.path}: the run reached its cap of ${cap} requests, so its rate would be quantised; raise the cap`,
    );
  return { rps: r['2xx'] / elapsed, p50: r.latency.p50, p99: r.latency.p99, requests: r['2xx'], cpuUs: cpu / r['2xx'] };
}

/**
 * One client, one request at a time, timed here to the microsecond (autocannon reports whole
 * milliseconds): the service time of a request, without time spent queueing behind others.
 */
export async function serial(
  server: ChildServer,
  t: Target,
  { amount = 2_000, seconds = 2, warmup = 20 } = {},
): Promise<Load> {
  const once = async () => {
    const res = await fetch(server.url + t.path, { method: t.method, headers: t.headers, body: t.body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${t.method} ${t.path} answered ${res.status}: ${text.slice(0, 300)}`);
  };
  for (let i = 0; i < warmup; i++) await once();
  const times: number[] = [];
  const cpu0 = await server.cpuMicros();
  const start = performance.now();
  while (times.length < amount && performance.now() - start < seconds * 1000) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  const elapsed = (performance.now() - start) / 1000;
  const cpu = (await server.cpuMicros()) - cpu0;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return {
    rps: times.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    requests: times.length,
    cpuUs: cpu / times.length,
  };
}

/** Records the sandbox's getCurrentCart answer (status, headers, body) for the bare server to repeat. */
async function recordAnswer(url: string, t: Target, file: string): Promise<void> {
  const res = await fetch(url + t.path, { method: t.method, headers: t.headers });
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(k)) headers[k] = v;
  });
  writeFileSync(file, JSON.stringify({ status: res.status, headers, body: await res.text() }));
}

export async function exportState(url: string): Promise<StateSnapshot> {
  return (await http(url, 'GET', '/__sandbox/state')).json();
}

/** The state with exactly `count` entities in `collection`, cloned from the seeded ones with new ids and unique names. */
export function scaled(
  state: StateSnapshot,
  collection: 'products' | 'members' | 'carts',
  count: number,
): StateSnapshot {
  const seeded = Object.values(state.collections[collection] ?? {});
  if (!seeded.length) throw new Error(`the seed has no ${collection} to clone`);
  const out: Record<string, any> = {};
  for (let i = 0; i < count; i++) {
    const base = seeded[i % seeded.length] as Record<string, any>;
    if (i < seeded.length) {
      out[base.id] = base;
      continue;
    }
    const id = `b0000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const e = structuredClone(base);
    e.id = id;
    if (collection === 'products') {
      e.name = `${base.name} ${i}`;
      e.slug = `${base.slug}-${i}`;
      e.numericId = String(1_000_000 + i);
      e.sku = base.sku ? `${base.sku}-${i}` : undefined;
      e.collectionIds = [];
    } else if (collection === 'carts') {
      // Another visitor's cart.
      e.buyerInfo = { visitorId: `d0000000-0000-4000-8000-${String(i).padStart(12, '0')}` };
    } else {
      e.loginEmail = `bench${i}@storefront.test`;
      e.contactId = `c0000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      e.profile = { ...e.profile, nickname: `Bench ${i}`, slug: `bench-${i}` };
    }
    out[id] = e;
  }
  return { ...state, collections: { ...state.collections, [collection]: out } };
}

export interface LoadResults {
  /** Every measured run of the bare server, in order (a run before the first round and one after each). */
  bareRuns: Load[];
  /** getCurrentCart, round by round, each against the bare runs around it; `cart` is the median round's. */
  cartRounds: Paired[];
  /** queryProducts in the same rounds; `query` is the median round's. */
  queryRounds: Paired[];
  cart: Paired;
  query: Paired;
  /** getCurrentCart of the build before the sandbox's rebuild, run in the same rounds; or why it was not. */
  previous: PreviousBuild;
  memory: Record<'getCurrentCart' | 'addToCurrentCart' | 'queryProducts', Load>;
  /** GET /__sandbox/clock: no operation, no handler; what every request pays (HTTP to Request and back, due jobs). */
  floor: Load;
  data: Record<'getCurrentCart' | 'addToCurrentCart' | 'queryProducts', Load> & { stateBytes: number };
  /** One client at a time, so latency is the service time, not time in the queue. */
  growth: {
    products: number;
    members: number;
    stateBytes: number;
    queryProducts: Load;
    queryMembers: Load | string;
    addToCurrentCartData: Load;
  }[];
}

async function withServer<T>(args: string[], fn: (s: ChildServer) => Promise<T>): Promise<T> {
  const s = await startServer(args);
  try {
    return await fn(s);
  } finally {
    await s.stop();
  }
}

/**
 * Rounds of the side-by-side measure. Each round runs this build's getCurrentCart and
 * queryProducts (and the previous build's getCurrentCart, when measured) between two runs of
 * the bare server, in an order that alternates round by round; a run is judged against the mean
 * of the two bare runs around it, so a machine that gets busier or quieter during a round moves
 * both sides of its ratio. The median round's ratio is reported, with the spread of the rounds.
 */
const ROUNDS = 9;
/** Seconds per measured run: several short runs side by side beat a few long ones far apart. */
export const RUN_SECONDS = 1.5;
/** Seconds of load each server takes before the rounds (JIT, compiled validators, caches). */
const WARMUP_SECONDS = 2;

/**
 * The build before issue 15 rebuilt the sandbox (platform, domain, operations), which asks the rebuilt
 * one to be no slower: it runs in the same rounds, so both see the same machine.
 */
export const PREVIOUS_BUILD = 'e4c9369';

/** One sandbox run and the bare server's rate around it (the mean of the runs before and after). */
export interface Paired {
  run: Load;
  bareRps: number;
  ratio: number;
}

interface Round {
  cart: Paired;
  query: Paired;
  previous?: Paired;
  /** The previous build's queryProducts (`--sandbox` with SFK_BENCH_BEFORE). */
  previousQuery?: Paired;
}

export type PreviousBuild =
  | {
      commit: string;
      ratios: number[];
      ours: Load;
      theirs: Load;
      theirsVsBare: number;
      /** That build's queryProducts vs the bare server, round by round, when measured. */
      queryVsBare?: number[];
      /** That build's server CPU per request, medians of its runs (µs). */
      cpuUs: { getCurrentCart: number; queryProducts?: number };
    }
  | { commit: string; missing: string };

const medianIndex = (xs: number[]) => xs.indexOf(median(xs));

/** The spread of round figures: the lowest, the quartiles and the highest (nearest rank). */
export interface Spread {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

export function spread(xs: number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.round(q * (s.length - 1)))];
  return { min: s[0], q1: at(0.25), median: median(xs), q3: at(0.75), max: s[s.length - 1] };
}

/** The previous build's sandbox in its own process, or why it cannot be built. */
async function startPrevious(
  log: (line: string) => void,
  commit = PREVIOUS_BUILD,
): Promise<ChildServer | { missing: string }> {
  try {
    return await startServer(['sandbox'], await compiledAt(commit, 'server-child', 'scripts/bench/server-child.ts'));
  } catch (err) {
    log(`the build ${commit} is not measured: ${(err as Error).message}`);
    return { missing: (err as Error).message };
  }
}

/** This build over the previous one, round by round; the median round's figures. */
function previousBuild(rounds: Round[]): PreviousBuild {
  const measured = rounds.filter((r): r is Required<Round> => r.previous !== undefined);
  const ratios = measured.map((r) => r.cart.run.rps / r.previous.run.rps);
  const mid = measured[medianIndex(ratios)];
  const theirsVsBare = median(measured.map((r) => r.previous.ratio));
  const queries = rounds.flatMap((r) => (r.previousQuery ? [r.previousQuery.ratio] : []));
  return {
    commit: PREVIOUS_BUILD,
    ratios,
    ours: mid.cart.run,
    theirs: mid.previous.run,
    theirsVsBare,
    ...(queries.length ? { queryVsBare: queries } : {}),
    cpuUs: {
      getCurrentCart: median(measured.map((r) => r.previous.run.cpuUs)),
      ...(queries.length
        ? { queryProducts: median(rounds.flatMap((r) => (r.previousQuery ? [r.previousQuery.run.cpuUs] : []))) }
        : {}),
    },
  };
}

/** queryMembers answers 501 NOT_EMULATED until the members handlers land; that is reported, not measured. */
async function notEmulated(url: string, t: Target): Promise<string | undefined> {
  const probe = await fetch(url + t.path, { method: t.method, headers: t.headers, body: t.body });
  if (probe.status === 200) return (await probe.arrayBuffer(), undefined);
  const body = (await probe.json()) as { details?: { applicationError?: { code?: string } } };
  return `${probe.status} ${body.details?.applicationError?.code ?? ''}`.trim();
}

/** The in-memory rows: bare, getCurrentCart and queryProducts side by side in rounds, then the rest. */
export type MemoryLoad = Pick<
  LoadResults,
  'bareRuns' | 'memory' | 'floor' | 'cartRounds' | 'queryRounds' | 'cart' | 'query' | 'previous'
>;

/**
 * The in-memory sandbox beside the bare server. `quick` (`npm run bench -- --sandbox`) leaves
 * out the build before the rebuild (which is compiled from git) and addToCurrentCart.
 */
export async function memoryLoad(
  dir: string,
  log: (line: string) => void,
  { quick = false } = {},
): Promise<MemoryLoad & { seedState: StateSnapshot }> {
  const answerFile = join(dir, 'answer.json');
  return withServer(['sandbox'], async (s) => {
    const v = await visitor(s.url);
    await recordAnswer(s.url, v.targets.getCurrentCart, answerFile);
    const seedState = await exportState(s.url);
    return withServer(['bare', answerFile], async (b) => {
      const bareTarget: Target = { method: 'GET', path: '/ecom/v1/carts/current', headers: {} };
      // --sandbox measures another build beside this one only when SFK_BENCH_BEFORE names its commit.
      const before = quick ? process.env.SFK_BENCH_BEFORE : PREVIOUS_BUILD;
      const started = before ? await startPrevious(log, before) : { missing: 'not measured by --sandbox' };
      const base = 'missing' in started ? undefined : started;
      const baseVisitor = base && (await visitor(base.url));
      type Side = 'cart' | 'query' | 'previous' | 'previousQuery';
      const sides: [Side, ChildServer, Target][] = [
        ['cart', s, v.targets.getCurrentCart],
        ['query', s, v.targets.queryProducts],
        ...(base && baseVisitor
          ? [
              ['previous', base, baseVisitor.targets.getCurrentCart] as [Side, ChildServer, Target],
              // The build named by SFK_BENCH_BEFORE: its queryProducts too, for a before and after in the same rounds.
              ...(quick
                ? [['previousQuery', base, baseVisitor.targets.queryProducts] as [Side, ChildServer, Target]]
                : []),
            ]
          : []),
      ];
      const measure = (server: ChildServer, t: Target) => load(server, t, { seconds: RUN_SECONDS, warmup: 0 });
      const rounds: Round[] = [];
      const bareRuns: Load[] = [];
      try {
        // Warm-up: every server answers its request for a while before anything is measured.
        for (const [server, t] of [[b, bareTarget] as const, ...sides.map(([, server, t]) => [server, t] as const)])
          await load(server, t, { seconds: WARMUP_SECONDS, warmup: 0 });
        // bare, [cart, query], bare, [query, cart], bare, ...: every sandbox run between two bare runs.
        let bareBefore = await measure(b, bareTarget);
        bareRuns.push(bareBefore);
        for (let i = 0; i < ROUNDS; i++) {
          const order = i % 2 === 0 ? sides : [...sides].reverse();
          const runs = new Map<Side, Load>();
          for (const [side, server, t] of order) runs.set(side, await measure(server, t));
          const bareAfter = await measure(b, bareTarget);
          bareRuns.push(bareAfter);
          const bareRps = (bareBefore.rps + bareAfter.rps) / 2;
          const paired = (side: Side): Paired | undefined => {
            const run = runs.get(side);
            return run && { run, bareRps, ratio: run.rps / bareRps };
          };
          const round: Round = {
            cart: paired('cart')!,
            query: paired('query')!,
            previous: paired('previous'),
            previousQuery: paired('previousQuery'),
          };
          rounds.push(round);
          bareBefore = bareAfter;
          const beside = round.previous
            ? `, ${before} getCurrentCart ${round.previous.run.rps.toFixed(0)}/s (${round.previous.ratio.toFixed(2)})` +
              (round.previousQuery
                ? `, queryProducts ${round.previousQuery.run.rps.toFixed(0)}/s (${round.previousQuery.ratio.toFixed(3)})`
                : '')
            : '';
          log(
            `round ${i + 1}: bare node:http ${bareRps.toFixed(0)}/s (mean of the runs around), sandbox getCurrentCart ${round.cart.run.rps.toFixed(0)}/s (${round.cart.ratio.toFixed(2)}), queryProducts ${round.query.run.rps.toFixed(0)}/s (${round.query.ratio.toFixed(3)})${beside}`,
          );
        }
        const cpu = (xs: Load[]) => median(xs.map((x) => x.cpuUs));
        log(
          `server CPU per request, median of the runs: bare ${cpu(bareRuns).toFixed(0)} µs, getCurrentCart ${cpu(rounds.map((r) => r.cart.run)).toFixed(0)} µs, queryProducts ${cpu(rounds.map((r) => r.query.run)).toFixed(0)} µs`,
        );
      } finally {
        await base?.stop();
      }
      const cartRounds = rounds.map((r) => r.cart);
      const queryRounds = rounds.map((r) => r.query);
      const cart = cartRounds[medianIndex(cartRounds.map((r) => r.ratio))];
      const query = queryRounds[medianIndex(queryRounds.map((r) => r.ratio))];
      const previous =
        'missing' in started
          ? { commit: before ?? PREVIOUS_BUILD, missing: started.missing }
          : { ...previousBuild(rounds), commit: before ?? PREVIOUS_BUILD };
      const floor = await load(s, { method: 'GET', path: '/__sandbox/clock', headers: {} }, { seconds: 2 });
      log(`sandbox floor (GET /__sandbox/clock) ${floor.rps.toFixed(0)}/s`);
      const memory = { getCurrentCart: cart.run, queryProducts: query.run } as LoadResults['memory'];
      if (!quick) {
        memory.addToCurrentCart = await load(s, v.targets.addToCurrentCart, { seconds: 2 });
        log(`sandbox in memory addToCurrentCart: ${memory.addToCurrentCart.rps.toFixed(0)}/s`);
      }
      return { bareRuns, memory, floor, cartRounds, queryRounds, cart, query, previous, seedState };
    });
  });
}

export async function sandboxLoad(log: (line: string) => void = () => {}): Promise<LoadResults> {
  const dir = mkdtempSync(join(tmpdir(), 'sfk-bench-'));
  try {
    const { seedState, ...inMemory } = await memoryLoad(dir, log);

    // Durable: every acknowledged write is on disk (temp file, fsync, rename) before its answer.
    const data = await withServer(['sandbox', `--data=${join(dir, 'state.json')}`], async (s) => {
      const v = await visitor(s.url);
      const out = {} as LoadResults['data'];
      for (const op of ['getCurrentCart', 'queryProducts', 'addToCurrentCart'] as const) {
        out[op] = await load(s, v.targets[op], { seconds: 2, warmup: op === 'addToCurrentCart' ? 20 : 1_000 });
        log(`sandbox --data ${op}: ${out[op].rps.toFixed(0)}/s`);
      }
      out.stateBytes = JSON.stringify(await exportState(s.url)).length;
      return out;
    });

    // Growth: a storefront listing over a bigger catalog, a member query over more members, and
    // adds with --data (which writes the whole state per write) over the bigger state.
    const growth: LoadResults['growth'] = [];
    for (const [products, members] of [
      [100, 10],
      [1_000, 1_000],
      [10_000, 10_000],
    ]) {
      const file = join(dir, `growth-${products}.json`);
      const state = scaled(scaled(seedState, 'products', products), 'members', members);
      const stateBytes = JSON.stringify(state).length;
      writeFileSync(file, JSON.stringify(state));
      const row = await withServer(['sandbox', `--data=${file}`], async (s) => {
        const v = await visitor(s.url);
        const queryProducts = await serial(s, v.targets.queryProducts);
        const queryMembers =
          (await notEmulated(s.url, v.targets.queryMembers)) ?? (await serial(s, v.targets.queryMembers));
        const addToCurrentCartData = await serial(s, v.targets.addToCurrentCart, { warmup: 2 });
        return { products, members, stateBytes, queryProducts, queryMembers, addToCurrentCartData };
      });
      log(
        `${products} products / ${members} members: queryProducts p50 ${row.queryProducts.p50.toFixed(2)} ms, --data add p50 ${row.addToCurrentCartData.p50.toFixed(1)} ms`,
      );
      growth.push(row);
    }
    return { ...inMemory, data, growth };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface LookupGrowth {
  entities: number;
  /** GET a product by its id. */
  getProduct: Load;
  /** The calling visitor's cart, among `entities` carts of other visitors (theirs was added last). */
  getCurrentCart: Load;
}

/**
 * Lookups as the store grows: a product by id among `n` products, and the current cart among
 * `n` carts, at 100 and at 10,000 of each (one client, serial, like the other growth rows).
 */
export async function lookupGrowth(
  log: (line: string) => void = () => {},
  sizes: readonly number[] = [100, 10_000],
): Promise<LookupGrowth[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sfk-bench-lookups-'));
  try {
    const seedState = await withServer(['sandbox'], async (s) => {
      await visitor(s.url);
      return exportState(s.url);
    });
    const rows: LookupGrowth[] = [];
    for (const n of sizes) {
      const file = join(dir, `lookups-${n}.json`);
      writeFileSync(file, JSON.stringify(scaled(scaled(seedState, 'products', n), 'carts', n)));
      const row = await withServer(['sandbox', `--data=${file}`], async (s) => {
        const v = await visitor(s.url);
        const getProduct: Target = {
          method: 'GET',
          path: `/stores-reader/v1/products/${v.shirt.id}`,
          headers: { authorization: v.token },
        };
        return {
          entities: n,
          getProduct: await serial(s, getProduct),
          getCurrentCart: await serial(s, v.targets.getCurrentCart),
        };
      });
      log(
        `${n} products and carts: getProduct p50 ${row.getProduct.p50.toFixed(3)} ms, getCurrentCart p50 ${row.getCurrentCart.p50.toFixed(3)} ms`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
