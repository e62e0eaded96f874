// Template: `npm run generate` copies this file to generated/describe.ts with the do-not-edit banner.
import type { HttpMethod, OperationDescriptor, PathParam } from './runtime-types.ts';

/** What an operation's generated line spells out: only what differs from `describe`'s defaults. */
export type DescriptorParts = Partial<Omit<OperationDescriptor, 'key' | 'module' | 'operationId' | 'service' | 'method' | 'path' | 'pathParams'>>;

/**
 * One operation's descriptor from its key (`<module>.<operationId>`), service, method and path,
 * plus what differs from the defaults: no query parameters, a JSON body unless GET or DELETE, a
 * visitor or member caller. Path parameters follow from the path (`{checkout.id}` also lives at
 * `checkout.id` in the body). Module files call this rather than spelling every field, so an
 * app's bundle carries fewer bytes per operation; the generator checks that the result equals
 * the descriptor it read from the spec.
 */
export function describe(key: string, service: string, method: HttpMethod, path: string, parts: DescriptorParts = {}): OperationDescriptor {
  const [module, operationId] = key.split('.');
  const pathParams: PathParam[] = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => (name.includes('.') ? { name, body: name.split('.') } : { name }));
  return { key, module, operationId, service, method, path, pathParams, query: [], body: method !== 'GET' && method !== 'DELETE', caller: 'visitorOrMember', ...parts };
}

/**
 * A module: its operations by operationId. Built from the list rather than written as an object
 * literal, so each name is in an app's bundle once (in its key), not twice; the module file
 * states its type.
 */
export function moduleOf<M>(operations: OperationDescriptor[]): M {
  const module: Record<string, OperationDescriptor> = {};
  for (const d of operations) module[d.operationId] = d;
  return module as M;
}
