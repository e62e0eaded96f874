/**
 * Bounded state: the collections that grow with every visitor's request (sessions, codes,
 * links, events, mail) each have a cap, so memory and the `--data` file stay flat however
 * many requests arrive. Entities with an `expiresAt` (epoch ms, sandbox clock) are swept an
 * hour after they expire (until then using one answers "expired"). Past its cap a collection either refuses the
 * request that would grow it (`refuse`: 429 STATE_LIMIT_REACHED, nothing kept) or forgets its
 * oldest entries (`forget-oldest`: logs the sandbox keeps for people, never read by the API).
 * The composition root (modules.ts) names the limits; docs/sandbox.md lists them.
 */
import { appError } from './errors.ts';
import type { CollectionName, Db, Where } from './types.ts';

export interface StateLimit {
  /** What the collection holds, in a few words ("member session tokens"). */
  what: string;
  cap: number;
  /** How an entry goes away by itself ("24 hours after it is made"). */
  lifetime: string;
  /** Its entities carry `expiresAt` and are swept once it passes. */
  expires: boolean;
  past: 'refuse' | 'forget-oldest';
  /** The entities the cap counts and forgets, when not all of the collection (visitors' carts, not members'). */
  counts?: Where;
}

export type StateLimits = { readonly [C in CollectionName]?: StateLimit };

/** The error of a request that would grow a collection past its cap. */
export const stateLimitReached = (collection: string, limit: StateLimit) =>
  appError(
    429,
    'STATE_LIMIT_REACHED',
    `The sandbox keeps at most ${limit.cap} ${limit.what} at a time (each lasts ${limit.lifetime}); wait for some to expire, or reset the sandbox (POST /__sandbox/reset)`,
    { collection, cap: limit.cap },
  );

/** Inside a transaction, before it commits: refuses it past a `refuse` cap, forgets the oldest past a `forget-oldest` one. */
/** Each limits table as a list, made once: every transaction, a read's too, goes through it. */
const limitLists = new WeakMap<StateLimits, [CollectionName, StateLimit][]>();

function limitList(limits: StateLimits): [CollectionName, StateLimit][] {
  let list = limitLists.get(limits);
  if (!list) limitLists.set(limits, (list = Object.entries(limits) as [CollectionName, StateLimit][]));
  return list;
}

export function enforceLimits(db: Db, limits: StateLimits): void {
  for (const [collection, limit] of limitList(limits)) {
    // The whole collection within the cap is the common case, and needs no count of a part of it.
    if (db.count(collection) <= limit.cap) continue;
    const counted = () => (limit.counts ? db.list(collection, limit.counts).length : db.count(collection));
    if (counted() <= limit.cap) continue;
    if (limit.past === 'refuse') throw stateLimitReached(collection, limit);
    while (counted() > limit.cap) {
      const oldest = db.find(collection, limit.counts ?? (() => true));
      if (!oldest?.id) break;
      db.delete(collection, oldest.id);
    }
  }
}

/** How long an expired entry is kept, so that using it says "expired" rather than "not valid". */
export const EXPIRED_KEPT_MS = 60 * 60 * 1000;

/** Deletes every entity of a limited collection that expired more than EXPIRED_KEPT_MS ago. */
export function sweepExpired(db: Db, limits: StateLimits, now: Date): void {
  const t = now.getTime() - EXPIRED_KEPT_MS;
  for (const [collection, limit] of Object.entries(limits) as [CollectionName, StateLimit][]) {
    if (!limit.expires) continue;
    for (const e of db.list(collection)) {
      const expiresAt = (e as { expiresAt?: unknown }).expiresAt;
      if (typeof expiresAt === 'number' && expiresAt <= t && typeof e.id === 'string') db.delete(collection, e.id);
    }
  }
}
