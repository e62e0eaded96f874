/** The operation index: sidebar groups, lookups by `<operationId>` or `<module>.<operationId>`. */
import { operationList, type OperationDescriptor } from '../../../src/console-data.ts';

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
  for (const d of operationList) {
    const op = operationNode(d);
    haystack.set(
      d.key,
      `${haystack.get(d.key)} ${String(op.summary ?? '')} ${String(op.description ?? '').split('. ')[0]}`.toLowerCase(),
    );
  }
});

/** The id's own words, for ranking: a hit in the name beats one in a summary ("add" in "address"). */
const nameWords = new Map(
  operationList.map((d) => [
    d.key,
    `${d.module} ${d.operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2')}`.toLowerCase().split(/[\s.]+/),
  ]),
);

/** The words people search with for the API's verbs: "list products" finds queryProducts. */
const SAME_WORDS: Record<string, string[]> = {
  list: ['query', 'search', 'list'],
  find: ['query', 'search', 'get', 'find'],
  fetch: ['get', 'query', 'fetch'],
  read: ['get', 'query', 'read'],
  show: ['get', 'query', 'show'],
  remove: ['remove', 'delete'],
  sign: ['sign', 'login', 'register'],
};
const meanings = (w: string) => SAME_WORDS[w] ?? [w];

/** Operations whose text holds every word of the query (or a word meaning the same), in any order; the best named first. */
export function search(query: string): readonly OperationDescriptor[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return operationList;
  const score = (d: OperationDescriptor) =>
    words.reduce(
      (n, w) => n + (nameWords.get(d.key)!.some((x) => meanings(w).some((m) => x.startsWith(m))) ? 1 : 0),
      0,
    );
  return operationList
    .filter((d) => words.every((w) => meanings(w).some((m) => haystack.get(d.key)!.includes(m))))
    .map((d, i) => [d, score(d), i] as const)
    .sort((a, b) => b[1] - a[1] || a[2] - b[2])
    .map(([d]) => d);
}

export function groups(filter = ''): [string, OperationDescriptor[]][] {
  const out = new Map<string, OperationDescriptor[]>();
  for (const d of search(filter)) out.set(d.module, [...(out.get(d.module) ?? []), d]);
  return [...out];
}

/** The method as it goes over the wire: a query the client sends as GET `.r` first (src/client/request.ts) says GET. */
export const wireMethod = (d: OperationDescriptor): string =>
  d.dotR && d.postFallback && d.method === 'POST' ? 'GET' : d.method;

/** The operation's page in the docs site served at `docsUrl`. */
export const referenceUrl = (d: OperationDescriptor, docsUrl: string) =>
  `${docsUrl.replace(/\/?$/, '/')}api/${d.service}/${d.operationId}/`;
