/**
 * Type tests of storefront-kit/react-query, checked by tsc (never run): the data a query hands
 * out is the operation's result (Dates as Dates), its error narrows by the operation's codes, and
 * a mutation takes the operation's options.
 */
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import {
  ApplicationError,
  createClient,
  currentCart,
  OAuthStrategy,
  products,
  type ResultOf,
} from '../../src/index.ts';
import { storefrontQueries } from '../../src/react/react-query.ts';

const kit = createClient({ modules: { currentCart, products }, auth: OAuthStrategy({ clientId: 'x' }) });
const q = storefrontQueries(kit);

export function Typed() {
  const cart = useQuery(q.currentCart.getCurrentCart.queryOptions());
  expectTypeOf(cart.data).toEqualTypeOf<ResultOf<typeof kit.currentCart.getCurrentCart> | undefined>();
  expectTypeOf(cart.data!.cart!.createdDate).toEqualTypeOf<Date>();
  if (cart.error instanceof ApplicationError)
    expectTypeOf(cart.error.code).toEqualTypeOf<'UNAUTHENTICATED' | 'PERMISSION_DENIED' | 'OWNED_CART_NOT_FOUND'>();

  const add = useMutation(q.currentCart.addToCurrentCart.mutationOptions());
  add.mutate({ lineItems: [{ quantity: 1, catalogReference: { catalogItemId: 'p', appId: 'a' } }] });
  // @ts-expect-error: a line item's quantity is a number
  add.mutate({ lineItems: [{ quantity: '1' }] });
  if (add.error instanceof ApplicationError && add.error.code === 'ITEM_NOT_FOUND')
    expectTypeOf(add.error.data.catalogItemId).toEqualTypeOf<string>();

  const pages = useInfiniteQuery(q.products.queryProducts.infiniteQueryOptions({ query: { paging: { limit: 4 } } }));
  const slug = pages.data!.pages[0].products![0].slug;
  expectTypeOf(slug).toEqualTypeOf<string>();

  // @ts-expect-error: a module the client does not have
  void q.members;
  return null;
}
