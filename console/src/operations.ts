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

export function groups(filter = ''): [string, OperationDescriptor[]][] {
  const q = filter.trim().toLowerCase();
  const out = new Map<string, OperationDescriptor[]>();
  for (const d of operationList) {
    if (q && !`${d.key} ${d.path} ${d.method}`.toLowerCase().includes(q)) continue;
    out.set(d.module, [...(out.get(d.module) ?? []), d]);
  }
  return [...out];
}
