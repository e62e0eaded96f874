/**
 * Type tests, checked by `tsc` in `npm test` (the type check step): a wrong body field, a
 * missing or extra path parameter, or a wrong type does not compile; results are typed and
 * dates come back as Date.
 */
import { expectTypeOf } from 'vitest';
import { authentication, createClient, memoryStorage, OAuthStrategy, products, wishlist, collections, type AuthStrategy, type OAuthStrategyOptions } from '../../src/index.ts';

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

const identityKit = createClient({ modules: { authentication }, auth });

export async function identityAddressTypes() {
  // Identity addresses take and return the official SDK's names (addressLine1, formatted, location).
  const res = await identityKit.authentication.registerV2({
    loginId: { email: 'a@b.c' },
    profile: { addresses: [{ tag: 'HOME', address: { addressLine1: '235 W 23rd St', formatted: 'x', location: { latitude: 1, longitude: 2 } } }] },
  });
  expectTypeOf(res.identity?.identityProfile?.addresses?.[0]?.address?.addressLine1).toEqualTypeOf<string | undefined>();
  expectTypeOf(res.identity?.identityProfile?.addresses?.[0]?.address).not.toHaveProperty('addressLine');
  // @ts-expect-error the wire's name is not the client's
  await identityKit.authentication.registerV2({ loginId: { email: 'a@b.c' }, profile: { addresses: [{ address: { addressLine: 'x' } }] } });
}


export function oauthOptionTypes() {
  // The official SDK's option name for token persistence, and ours.
  OAuthStrategy({ clientId: 'c', tokenStorage: memoryStorage() });
  OAuthStrategy({ clientId: 'c', storage: memoryStorage() });
  // @ts-expect-error an unknown option does not compile
  OAuthStrategy({ clientId: 'c', tokenStorge: memoryStorage() });
  const fromVariable = { clientId: 'c', persist: true };
  // @ts-expect-error nor when the options come from a variable (no excess-property check there)
  OAuthStrategy(fromVariable);
  const known: OAuthStrategyOptions = { clientId: 'c' };
  OAuthStrategy(known);
}
