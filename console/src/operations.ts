/** The operation index: sidebar groups, lookups by `<operationId>` or `<module>.<operationId>`. */
import { operationList, type OperationDescriptor } from '../../src/console-data.ts';

const byId = new Map<string, OperationDescriptor[]>();
for (const d of operationList) byId.set(d.operationId, [...(byId.get(d.operationId) ?? []), d]);

/** `/op/queryProducts` or `/op/products.getCollectionBySlug`: the first module wins for a bare repeated name. */
export function findOperation(id: string): OperationDescriptor | undefined {
  return operationList.find((d) => d.key === id) ?? byId.get(id)?.[0];
}

/** The route of an operation: the bare id when it is unique, else `<module>.<operationId>`. */
export function routeOf(d: OperationDescriptor): string {
  return (byId.get(d.operationId)?.length ?? 0) > 1 ? `/op/${d.key}` : `/op/${d.operationId}`;
}

/** The sidebar's name: the operation id, with its module where two modules share the id. */
export function displayName(d: OperationDescriptor): string {
  return (byId.get(d.operationId)?.length ?? 0) > 1 ? `${d.module}.${d.operationId}` : d.operationId;
}

/** What search matches: the key, method, path, the words of the id ("addToCurrentCart" -> "add to current cart"). */
const haystack = new Map(
  operationList.map((d) => [
    d.key,
    `${d.key} ${d.operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2')} ${d.method} ${d.path}`.toLowerCase(),
  ]),
);

/**
 * The summaries (and the first sentence of each description) come with the spec, which the first screen does not load: search gets them
 * once the spec's chunk is in (a moment after the start).
 */
export const summariesLoaded: Promise<void> = import('./schema.ts').then(({ operationNode }) => {
  for (const d of operationList)
    haystack.set(d.key, `${haystack.get(d.key)} ${String(operationNode(d).summary ?? '').toLowerCase()}`);
});

/** Operations whose text holds every word of the query, in any order (a word also matches the start of a longer one). */
export function search(query: string): readonly OperationDescriptor[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return operationList;
  return operationList.filter((d) => {
    const text = haystack.get(d.key)!;
    return words.every((w) => text.includes(w));
  });
}

export function groups(filter = ''): [string, OperationDescriptor[]][] {
  const out = new Map<string, OperationDescriptor[]>();
  for (const d of search(filter)) out.set(d.module, [...(out.get(d.module) ?? []), d]);
  return [...out];
}
