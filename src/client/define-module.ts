import type { Operation, OperationDescriptor } from '../../generated/runtime-types.ts';
import { requireContext } from './context.ts';
import { invoke, type ClientContext } from './invoke.ts';
import type { ModuleFunctions } from './types.ts';
import type { WireFeatures } from './wire.ts';

/** Makes a query builder; passed in only by the modules that have one, so others do not bundle it. */
export type BuilderFactory = (run: (options: Record<string, unknown>) => Promise<unknown>, spec: NonNullable<OperationDescriptor['builder']>) => unknown;

/** What a module passes in beyond the basics, only when its operations need it (src/client/wire.ts). */
export interface ModuleFeatures extends WireFeatures {
  /** For query operations: the query builder (`queryMembers()`). */
  createQueryBuilder?: BuilderFactory;
}

/**
 * One callable operation. With a query builder spec and no options argument, it returns the
 * builder (`queryMembers()`); otherwise it sends the request as given.
 */
export function operationFunction(d: OperationDescriptor, context: () => ClientContext, features: ModuleFeatures = {}) {
  const n = d.pathParams.length;
  const { createQueryBuilder } = features;
  const fn = (...args: unknown[]) => {
    if (d.builder && createQueryBuilder && args[n] === undefined) {
      const head = args.slice(0, n);
      return createQueryBuilder((options) => invoke(context(), d, [...head, options], features), d.builder);
    }
    // A missing ambient context is a rejected call, like any other failure of the call.
    let ctx: ClientContext;
    try {
      ctx = context();
    } catch (err) {
      return Promise.reject(err);
    }
    return invoke(ctx, d, args, features);
  };
  return Object.assign(fn, { descriptor: d, features });
}

/**
 * Turns a generated module (a descriptor per operation) into callable functions. Called bare,
 * a function uses the ambient context; createClient binds the same descriptors to its own,
 * with the same features.
 */
export function defineModule<M extends Record<string, Operation>>(descriptors: M, features?: ModuleFeatures): ModuleFunctions<M> {
  const out: Record<string, unknown> = {};
  for (const [name, d] of Object.entries(descriptors)) out[name] = operationFunction(d, requireContext, features);
  return out as ModuleFunctions<M>;
}
