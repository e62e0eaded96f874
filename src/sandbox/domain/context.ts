/**
 * What the domain rules need of the sandbox: the store (inside the request's transaction), the
 * clock, new ids and domain events. No request, no caller, no HTTP.
 */
import type { OperationContext } from '../platform/types.ts';

export type DomainContext = Pick<OperationContext, 'db' | 'now' | 'newId' | 'emit'>;
