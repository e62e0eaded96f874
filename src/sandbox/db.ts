/**
 * In-memory entity store with per-request transactions: a request's changes are recorded with
 * the values they replaced, undone if its handler throws, and (with a data file) written to
 * disk before the response. The state is plain JSON, versioned, exportable.
 */
import type { Db, Entity } from './types.ts';

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

export class Store {
  private collections = new Map<string, Map<string, Entity>>();
  private journal: Undo[] | undefined;
  /** Bumped on every committed change; the persister writes when it moves. */
  revision = 0;

  private coll(name: string): Map<string, Entity> {
    let c = this.collections.get(name);
    if (!c) {
      c = new Map();
      this.collections.set(name, c);
    }
    return c;
  }

  private record(collection: string, id: string): void {
    if (this.journal && !this.journal.some((u) => u.collection === collection && u.id === id)) {
      this.journal.push({ collection, id, before: this.collections.get(collection)?.get(id) });
    }
  }

  /** Transactions run one at a time, in arrival order (a handler may await between its changes). */
  private tail: Promise<unknown> = Promise.resolve();

  /**
   * Runs `fn` as one transaction; on throw, every change it made is undone. `beforeCommit` runs
   * last, still inside the transaction, when something changed (the data file is written there:
   * if writing fails, the change is undone and the request fails, so nothing is acknowledged that
   * is not on disk). Transactions do not nest: calling this from inside `fn` would wait forever.
   */
  transaction<T>(fn: (db: Db) => T | Promise<T>, beforeCommit?: (commit: Commit) => void): Promise<{ result: T; changed: boolean }> {
    const next = this.tail.then(() => this.runOne(fn, beforeCommit));
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** The collections before the first `load` of the running transaction (a load replaces them all). */
  private beforeLoad: Map<string, Map<string, Entity>> | undefined;
  /** How many changes the transaction had journaled when it loaded. */
  private loadIndex: number | undefined;

  private async runOne<T>(fn: (db: Db) => T | Promise<T>, beforeCommit?: (commit: Commit) => void): Promise<{ result: T; changed: boolean }> {
    const journal: Undo[] = [];
    this.journal = journal;
    this.beforeLoad = this.loadIndex = undefined;
    try {
      const result = await fn(this.db);
      const changed = journal.length > 0 || this.beforeLoad !== undefined;
      if (changed) {
        beforeCommit?.(
          this.beforeLoad ? 'all' : journal.map(({ collection, id }) => ({ collection, id, value: this.collections.get(collection)?.get(id) })),
        );
        this.revision++;
      }
      return { result, changed };
    } catch (err) {
      // Changes after a load were made to collections that are dropped; undo only those before it.
      if (this.beforeLoad) this.collections = this.beforeLoad;
      for (const u of journal.slice(0, this.loadIndex ?? journal.length).reverse()) {
        if (u.before === undefined) this.coll(u.collection).delete(u.id);
        else this.coll(u.collection).set(u.id, u.before);
      }
      throw err;
    } finally {
      this.journal = undefined;
      this.beforeLoad = this.loadIndex = undefined;
    }
  }

  readonly db: Db = {
    get: <T extends Entity>(collection: string, id: string) => this.collections.get(collection)?.get(id) as T | undefined,
    list: <T extends Entity>(collection: string) => [...(this.collections.get(collection)?.values() ?? [])] as T[],
    find: <T extends Entity>(collection: string, match: (entity: T) => boolean) => {
      for (const e of this.collections.get(collection)?.values() ?? []) if (match(e as T)) return e as T;
      return undefined;
    },
    put: <T extends Entity>(collection: string, id: string, value: T) => {
      this.record(collection, id);
      this.coll(collection).set(id, value);
      return value;
    },
    update: <T extends Entity>(collection: string, id: string, change: (draft: T) => void) => {
      const current = this.collections.get(collection)?.get(id);
      if (!current) return undefined;
      const draft = structuredClone(current) as T;
      change(draft);
      this.record(collection, id);
      this.coll(collection).set(id, draft);
      return draft;
    },
    delete: (collection: string, id: string) => {
      if (!this.collections.get(collection)?.has(id)) return false;
      this.record(collection, id);
      this.coll(collection).delete(id);
      return true;
    },
  };

  snapshot(): StateSnapshot {
    const collections: StateSnapshot['collections'] = {};
    for (const [name, c] of this.collections) collections[name] = Object.fromEntries(c);
    return { version: STATE_VERSION, collections };
  }

  load(snapshot: StateSnapshot): void {
    if (snapshot.version !== STATE_VERSION) {
      throw new Error(`state version ${snapshot.version} is not supported (this sandbox reads version ${STATE_VERSION})`);
    }
    // Inside a transaction a load is a change like any other: persisted before the answer, undone
    // if the transaction fails (changes journaled before it are undone on the old collections).
    if (this.journal && !this.beforeLoad) {
      this.beforeLoad = this.collections;
      this.loadIndex = this.journal.length;
    }
    this.collections = new Map(Object.entries(snapshot.collections).map(([name, entities]) => [name, new Map(Object.entries(entities))]));
    if (!this.journal) this.revision++;
  }
}
