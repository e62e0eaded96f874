/**
 * What the console (and other tools) read about the API: every operation descriptor and the
 * bundled spec of every service. Kept out of the client entry so apps do not bundle the spec.
 */
export { operationList, queryFields, serviceNames } from '../generated/operations.ts';
export { specs } from '../generated/specs.ts';
export type { OperationDescriptor, Shape, Caller, QueryFields } from '../generated/runtime-types.ts';
