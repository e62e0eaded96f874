/** Small hand-made operation descriptors for unit tests of the table-driven client core. */
import type { OperationDescriptor } from '../../generated/runtime-types.ts';

export function descriptor(partial: Partial<OperationDescriptor> & Pick<OperationDescriptor, 'method' | 'path'>): OperationDescriptor {
  return {
    key: 'test.op',
    module: 'test',
    operationId: 'op',
    service: 'test',
    pathParams: [...partial.path.matchAll(/\{([^}]+)\}/g)].map((m) =>
      m[1].includes('.') ? { name: m[1], body: m[1].split('.') } : { name: m[1] },
    ),
    query: [],
    body: partial.method !== 'GET' && partial.method !== 'DELETE',
    caller: 'visitorOrMember',
    ...partial,
  };
}
