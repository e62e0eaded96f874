/**
 * In-memory entity store with per-request transactions: a request's changes are recorded with
 * the values they replaced, undone if its handler throws, and (with a data file) written to
 * disk before the response. The state is plain JSON, versioned, exportable.
 */
import type { CollectionName, Db, Entity, IndexedValue, StoreIndexes, Where } from './types.ts';

export const STATE_VERSION = 1;

export interface StateSnapshot {
  version: number;
  collections: Record<string, Record<string, Entity>>;
}

type Undo = { collection: string; id: string; before: Entity | undefined };

/** An entity a committed transaction wrote (`value`) or deleted (`value` undefined). */
export interface Change {
  collection: string;
  id: string;
  value: Entity | undefined;
}

/** What a transaction commits: the entities it touched, or 'all' when it replaced the whole state (a load). */
export type Commit = Change[] | 'all';

/** One indexed field of one collection: its value -> the ids of the entities that have it. */
class FieldIndex {
  readonly ids = new Map<IndexedValue, Set<string>>();
  private readonly path: string[];

  constructor(path: string) {
    this.path = path.split('.');
  }

  private key(entity: Entity): IndexedValue | undefined {
    const v = valueAt(entity, this.path);
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
  }

  add(id: string, entity: Entity): void {
    const k = this.key(entity);
    if (k === undefined) return;
    let set = this.ids.get(k);
    if (!set) this.ids.set(k, (set = new Set()));
    set.add(id);
  }

  remove(id: string, entity: Entity): void {
    const k = this.key(entity);
    if (k === undefined) return;
    const set = this.ids.get(k);
    set?.delete(id);
    if (set && !set.size) this.ids.delete(k);
  }
}

function valueAt(entity: unknown, path: readonly string[]): unknown {
  let node = entity;
  for (const part of path) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Dotted paths split once: every lookup of a current cart matches three of them. */
const splitPaths = new Map<string, readonly string[]>();
/** Paths are the handlers' own; the bound only keeps a misuse from growing the map. */
const MAX_SPLIT_PATHS = 1_000;

function pathParts(path: string): readonly string[] {
  let parts = splitPaths.get(path);
  if (!parts) {
    if (splitPaths.size >= MAX_SPLIT_PATHS) splitPaths.clear();
    splitPaths.set(path, (parts = path.split('.')));
  }
  return parts;
}

function matchesWhere(entity: Entity, where: Where): boolean {
  for (const path in where) {
    if (!Object.hasOwn(where, path)) continue;
    const value = where[path];
    const actual = valueAt(entity, pathParts(path));
    // `undefined` in a filter: the field is absent (as `!entity.field` reads it: null too).
    if (value === undefined || value === null ? actual !== undefined && actual !== null : actual !== value)
      return false;
  }
  return true;
}

/**
 * A deep copy of stored state (plain JSON values, with NaN, Infinity and undefined kept): a few
 * times faster than structuredClone on an entity, and an update copies one per change (a bulk
 * of 100 products spent most of its time there). Anything else falls back to structuredClone.
 */
/** Keys V8 adds one by one to an object before it keeps the object as a dictionary. */
const FAST_KEYS = 12;

export function copyState<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyState) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (const key of keys) {
    const child = copyState((value as Record<string, unknown>)[key]);
    // State holds no reserved key (safe-object.ts refuses them on the way in); never set a prototype all the same.
    if (key === '__proto__')
      Object.defineProperty(out, key, { value: child, enumerable: true, writable: true, configurable: true });
    else out[key] = child;
  }
  // An object given more than a dozen keys one by one (out[key]) is kept by V8 as a dictionary,
  // which every later read, spread and JSON.stringify of the entity pays for (a product has 30):
  // a spread copy of it is a fast object again.
  return (keys.length > FAST_KEYS ? { ...out } : out) as T;
}

type Collection = Map<string, Entity>;
/** A state as `Store.keep` holds it for a restore. */
export type KeptState = ReadonlyMap<string, ReadonlyMap<string, Entity>>;
/** The indexes of one collection: by dotted path, and where each entity stands in the collection's order. */
interface CollectionIndexes {
  fields: Map<string, FieldIndex>;
  /** An entity's place in insertion order (a Map moves a deleted and re-added key to the end; so does this). */
  position: Map<string, number>;
  next: number;
}

export class Store {
  private collections = new Map<string, Collection>();
  private indexes = new Map<string, CollectionIndexes>();
  private journal: Undo[] | undefined;
  /** The entities the running transaction has journaled (`collection id`): a lookup, not a scan of the journal per change. */
  private journaled = new Set<string>();
  /** Bumped on every committed change; the persister writes when it moves. */
  revision = 0;
  /**
   * Bumped on every change to the collections, as it is made: a write, an undo, a load or
   * restore, a failed transaction's return to the state before it (`Db.version`).
   */
  private changes = 0;

  /** `indexes`: the fields handlers look entities up by (besides the id, which is the key). */
  constructor(private readonly indexed: StoreIndexes = {}) {}

  private coll(name: string): Collection {
    let c = this.collections.get(name);
    if (!c) {
      c = new Map();
      this.collections.set(name, c);
    }
    return c;
  }

  private indexesOf(collection: string): CollectionIndexes | undefined {
    let found = this.indexes.get(collection);
    if (!found && Object.hasOwn(this.indexed, collection)) {
      const paths = this.indexed[collection as CollectionName] ?? [];
      found = { fields: new Map(paths.map((p) => [p, new FieldIndex(p)])), position: new Map(), next: 0 };
      for (const [id, e] of this.collections.get(collection) ?? []) {
        found.position.set(id, found.next++);
        for (const index of found.fields.values()) index.add(id, e);
      }
      this.indexes.set(collection, found);
    }
    return found;
  }

  /** The one place an entity changes: the collection and its indexes move together. */
  private write(collection: string, id: string, value: Entity | undefined): void {
    this.changes++;
    const c = this.coll(collection);
    const before = c.get(id);
    const indexes = this.indexesOf(collection);
    if (indexes) {
      for (const index of indexes.fields.values()) {
        if (before) index.remove(id, before);
        if (value) index.add(id, value);
      }
      if (!value) indexes.position.delete(id);
      else if (!before) indexes.position.set(id, indexes.next++);
    }
    if (value === undefined) c.delete(id);
    else c.set(id, value);
  }

  private record(collection: string, id: string): void {
    if (!this.journal) return;
    const key = `${collection}\u0000${id}`;
    if (this.journaled.has(key)) return;
    this.journaled.add(key);
    this.journal.push({ collection, id, before: this.collections.get(collection)?.get(id) });
  }

  /**
   * The ids to look at for `where`, in the collection's order: those of the narrowest index
   * among its paths; undefined when none of its paths is indexed (a scan), null when an index
   * says no entity matches.
   */
  private candidates(collection: string, where: Where): Iterable<string> | undefined | null {
    const indexes = this.indexesOf(collection);
    let candidates: Set<string> | undefined;
    for (const path in where) {
      if (!Object.hasOwn(where, path)) continue;
      const value = where[path];
      const index = indexes?.fields.get(path);
      if (!index || value === undefined || value === null) continue;
      const ids = index.ids.get(value);
      if (!ids) return null;
      if (!candidates || ids.size < candidates.size) candidates = ids;
    }
    if (!candidates || candidates.size < 2) return candidates;
    // The collection's order decides among several (a set keeps the order ids joined it).
    const position = indexes!.position;
    return [...candidates].sort((a, b) => position.get(a)! - position.get(b)!);
  }

  /**
   * The entities `where` selects, in insertion order, at most `most` of them: from the narrowest
   * index among its paths, or, when none of its paths is indexed, by a scan. No generator: a
   * current cart is looked up (`find`, the first) on every cart call.
   */
  private select(collection: string, where: Where, most = Infinity): Entity[] {
    const found: Entity[] = [];
    const c = this.collections.get(collection);
    const ids = c && this.candidates(collection, where);
    if (!c || ids === null) return found;
    const enough = (e: Entity) => matchesWhere(e, where) && found.push(e) >= most;
    if (ids === undefined) {
      for (const e of c.values()) if (enough(e)) break;
    } else for (const id of ids) if (enough(c.get(id)!)) break;
    return found;
  }

  /** Transactions run one at a time, in arrival order (a handler may await between its changes). */
  private tail: Promise<unknown> = Promise.resolve();

  /**
   * Runs `fn` as one transaction; on throw, every change it made is undone. `beforeCommit` runs
   * last, still inside the transaction, when something changed (the data file is written there:
   * if writing fails, the change is undone and the request fails, so nothing is acknowledged that
   * is not on disk). Transactions do not nest: calling this from inside `fn` would wait forever.
   */
  transaction<T>(
    fn: (db: Db) => T | Promise<T>,
    beforeCommit?: (commit: Commit) => void,
  ): Promise<{ result: T; changed: boolean }> {
    const next = this.tail.then(() => this.runOne(fn, beforeCommit));
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** The collections and indexes before the first `load` of the running transaction (a load replaces them all). */
  private beforeLoad: { collections: Map<string, Collection>; indexes: Map<string, CollectionIndexes> } | undefined;
  /** How many changes the transaction had journaled when it loaded. */
  private loadIndex: number | undefined;

  private async runOne<T>(
    fn: (db: Db) => T | Promise<T>,
    beforeCommit?: (commit: Commit) => void,
  ): Promise<{ result: T; changed: boolean }> {
    const journal: Undo[] = [];
    this.journal = journal;
    this.journaled.clear();
    this.beforeLoad = this.loadIndex = undefined;
    try {
      const result = await fn(this.db);
      const changed = journal.length > 0 || this.beforeLoad !== undefined;
      if (changed) {
        beforeCommit?.(
          this.beforeLoad
            ? 'all'
            : journal.map(({ collection, id }) => ({
                collection,
                id,
                value: this.collections.get(collection)?.get(id),
              })),
        );
        this.revision++;
      }
      return { result, changed };
    } catch (err) {
      // Changes after a load were made to collections that are dropped; undo only those before it.
      if (this.beforeLoad) {
        ({ collections: this.collections, indexes: this.indexes } = this.beforeLoad);
        this.changes++;
      }
      for (const u of journal.slice(0, this.loadIndex ?? journal.length).reverse())
        this.write(u.collection, u.id, u.before);
      throw err;
    } finally {
      this.journal = undefined;
      this.journaled.clear();
      this.beforeLoad = this.loadIndex = undefined;
    }
  }

  // The overloads of `Db` (typed by collection, or by a type the caller names) share these bodies.
  readonly db: Db = {
    get: (collection: string, id: string) => this.collections.get(collection)?.get(id),
    list: (collection: string, where?: Where) => {
      if (!where) return [...(this.collections.get(collection)?.values() ?? [])];
      return this.select(collection, where);
    },
    find: (collection: string, match: Where | ((entity: never) => boolean)) => {
      if (typeof match !== 'function') return this.select(collection, match, 1)[0];
      for (const e of this.collections.get(collection)?.values() ?? [])
        if ((match as (entity: Entity) => boolean)(e)) return e;
      return undefined;
    },
    count: (collection: string) => this.collections.get(collection)?.size ?? 0,
    version: () => this.changes,
    put: (collection: string, id: string, value: Entity) => {
      this.record(collection, id);
      this.write(collection, id, value);
      return value;
    },
    update: (collection: string, id: string, change: (draft: never) => void) => {
      const current = this.collections.get(collection)?.get(id);
      if (!current) return undefined;
      const draft = copyState(current);
      (change as (draft: Entity) => void)(draft);
      this.record(collection, id);
      this.write(collection, id, draft);
      return draft;
    },
    delete: (collection: string, id: string) => {
      if (!this.collections.get(collection)?.has(id)) return false;
      this.record(collection, id);
      this.write(collection, id, undefined);
      return true;
    },
  } as Db;

  snapshot(): StateSnapshot {
    const collections: StateSnapshot['collections'] = {};
    for (const [name, c] of this.collections) collections[name] = Object.fromEntries(c);
    return { version: STATE_VERSION, collections };
  }

  /**
   * The state as it is now, for `restore` (a named snapshot): the collections' maps copied, the
   * entities shared (nothing changes an entity in place: an update writes a copy).
   */
  keep(): KeptState {
    return new Map([...this.collections].map(([name, c]) => [name, new Map(c)]));
  }

  /** Puts back a state `keep` made (it stays usable for another restore): a map copy per collection. */
  restore(kept: KeptState): void {
    this.replace(new Map([...kept].map(([name, c]) => [name, new Map(c)])));
  }

  load(snapshot: StateSnapshot): void {
    if (snapshot.version !== STATE_VERSION) {
      throw new Error(
        `state version ${snapshot.version} is not supported (this sandbox reads version ${STATE_VERSION})`,
      );
    }
    this.replace(
      new Map(
        Object.entries(snapshot.collections).map(([name, entities]) => [name, new Map(Object.entries(entities))]),
      ),
    );
  }

  private replace(collections: Map<string, Collection>): void {
    // Inside a transaction a load is a change like any other: persisted before the answer, undone
    // if the transaction fails (changes journaled before it are undone on the old collections).
    if (this.journal && !this.beforeLoad) {
      this.beforeLoad = { collections: this.collections, indexes: this.indexes };
      this.loadIndex = this.journal.length;
    }
    this.collections = collections;
    this.changes++;
    // Indexes are built again on first use of each collection.
    this.indexes = new Map();
    if (!this.journal) this.revision++;
  }
}
