/**
 * Type tests, checked by `tsc` in `npm test` (the type check step): a wrong body field, a
 * missing or extra path parameter, or a wrong type does not compile; results are typed and
 * dates come back as Date.
 */
import { expectTypeOf } from 'vitest';
import { createClient, products, wishlist, collections, type AuthStrategy } from '../../src/index.ts';

declare const auth: AuthStrategy;
const kit = createClient({ modules: { wishlist, products, collections }, auth });

export async function typeTests() {
  // Required body field present: compiles; the result is typed, dates are Date.
  const res = await kit.wishlist.getWishlistById({ id: 'w1', limit: 10 });
  expectTypeOf(res.wishlist?.items?.[0]?.dateAdded).toEqualTypeOf<Date | undefined>();

  // @ts-expect-error a misspelt body field does not compile
  await kit.wishlist.getWishlistById({ id: 'w1', limt: 10 });
  // @ts-expect-error a required body field missing does not compile
  await kit.wishlist.getWishlistById({ limit: 10 });
  // @ts-expect-error a wrong type does not compile
  await kit.wishlist.getWishlistById({ id: 'w1', limit: '10' });

  // Path parameters come first, as strings.
  await kit.products.getProduct('p1', { includeMerchantSpecificData: true });
  // @ts-expect-error the path parameter is required
  await kit.products.getProduct();
  // @ts-expect-error a path parameter is a string
  await kit.products.getProduct(42);
  // @ts-expect-error a query parameter with a wrong name does not compile
  await kit.products.getProduct('p1', { includeMerchantData: true });

  // A query operation called with no argument gives its builder; with options it sends them.
  const builder = kit.products.queryProducts();
  expectTypeOf(builder.find).toBeFunction();
  const page = await kit.products.queryProducts({ query: { paging: { limit: 5 } } });
  expectTypeOf(page).toHaveProperty('products');
}
