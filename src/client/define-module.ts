import type { Operation, OperationDescriptor } from '../../generated/runtime-types.ts';
import { requireContext } from './context.ts';
import { invoke, type ClientContext } from './invoke.ts';
import type { ModuleFunctions } from './types.ts';

/**
 * One callable operation. With a query builder spec and no options argument, it returns the
 * builder (`queryMembers()`); otherwise it sends the request as given.
 */
/** Makes a query builder; passed in only by the modules that have one, so others do not bundle it. */
export type BuilderFactory = (run: (options: Record<string, unknown>) => Promise<unknown>, spec: NonNullable<OperationDescriptor['builder']>) => unknown;

export function operationFunction(d: OperationDescriptor, context: () => ClientContext, createQueryBuilder?: BuilderFactory) {
  const n = d.pathParams.length;
  const fn = (...args: unknown[]) => {
    if (d.builder && createQueryBuilder && args[n] === undefined) {
      const head = args.slice(0, n);
      return createQueryBuilder((options) => invoke(context(), d, [...head, options]), d.builder);
    }
    // A missing ambient context is a rejected call, like any other failure of the call.
    let ctx: ClientContext;
    try {
      ctx = context();
    } catch (err) {
      return Promise.reject(err);
    }
    return invoke(ctx, d, args);
  };
  return Object.assign(fn, { descriptor: d, builder: createQueryBuilder });
}

/**
 * Turns a generated module (a descriptor per operation) into callable functions. Called bare,
 * a function uses the ambient context; createClient binds the same descriptors to its own.
 */
export function defineModule<M extends Record<string, Operation>>(descriptors: M, createQueryBuilder?: BuilderFactory): ModuleFunctions<M> {
  const out: Record<string, unknown> = {};
  for (const [name, d] of Object.entries(descriptors)) out[name] = operationFunction(d, requireContext, createQueryBuilder);
  return out as ModuleFunctions<M>;
}
