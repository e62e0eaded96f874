/** A domain context over a bare store (no HTTP): a fixed clock, counted ids, and the events it emitted. */
import type { DomainContext } from '../../src/sandbox/domain/context.ts';
import { Store } from '../../src/sandbox/platform/store.ts';
import type { DomainEventInput } from '../../src/sandbox/platform/types.ts';

export function bareDomain(now = new Date('2026-01-01T00:00:00Z')) {
  const store = new Store();
  const events: DomainEventInput[] = [];
  let n = 0;
  const ctx: DomainContext = { db: store.db, now: () => now, newId: () => `id-${++n}`, emit: (e) => events.push(e) };
  return { store, ctx, events };
}
