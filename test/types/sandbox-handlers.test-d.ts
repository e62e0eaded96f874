/**
 * Type tests for the sandbox's handler contract (generated/sandbox-contract.ts), checked by `tsc`
 * in `npm test` (the type check step): a handler table that `satisfies SandboxHandlers<module>`
 * does not compile when a handler is missing, misspelt or answers the wrong shape, and each
 * handler's `ctx.input` is its operation's request.
 */
import { expectTypeOf } from 'vitest';
import type { OperationContext, SandboxHandlers } from '../../src/sandbox/platform/types.ts';

const session = { redirectSession: { id: 's1', fullUrl: 'https://sandbox.test/login?session=s1' } };

// A complete, well-shaped table compiles; the input is the operation's request.
export const complete = {
  'wishlist.getWishlistById': (ctx) => {
    expectTypeOf(ctx.input.id).toEqualTypeOf<string>();
    return { wishlist: { id: ctx.input.id, items: [] } };
  },
} satisfies SandboxHandlers<'wishlist'>;

// @ts-expect-error a handler missing from the table does not compile
export const missing = {} satisfies SandboxHandlers<'redirects'>;

// @ts-expect-error a misspelt handler name does not compile (and the real one is missing)
export const misspelt = { 'redirects.createRedirectSesion': () => session } satisfies SandboxHandlers<'redirects'>;

export const foreign = {
  'redirects.createRedirectSession': () => session,
  // @ts-expect-error an operation of another module does not belong in the table
  'wishlist.getWishlistById': () => ({}),
} satisfies SandboxHandlers<'redirects'>;

export const wrongShape = {
  // @ts-expect-error an answer of the wrong shape does not compile (fullUrl is text)
  'redirects.createRedirectSession': () => ({ redirectSession: { fullUrl: 42 } }),
} satisfies SandboxHandlers<'redirects'>;

export const wrongEnum = {
  // @ts-expect-error an enum value the spec does not list does not compile
  'redirects.createRedirectSession': () => ({ redirectSession: { status: 'DONE' } }),
} satisfies SandboxHandlers<'redirects'>;

export const unknownInput = {
  'wishlist.getWishlistById': (ctx) => {
    // @ts-expect-error a request field the spec does not have does not compile
    return { wishlist: { id: ctx.input.wishlistId } };
  },
} satisfies SandboxHandlers<'wishlist'>;

// A typed context keeps the operation; the sandbox's own work (jobs, seeding) may have none.
declare const typed: OperationContext<'members.getMember'>;
declare const own: OperationContext;
expectTypeOf(typed.op.operationId).toEqualTypeOf<string>();
// @ts-expect-error outside an operation there may be no descriptor
export const noOp: string = own.op.operationId;
