/**
 * Type tests (checked by `tsc` in `npm test`; the messages that name the culprit are pinned in
 * messages.test.ts): typed query fields, closed options, answers' always-returned fields,
 * narrowable errors and enums as their literal values.
 */
import { expectTypeOf } from 'vitest';
import {
  ApiKeyStrategy,
  cartV2,
  checkout,
  createClient,
  currentCart,
  currentCartV2,
  isApplicationError,
  LoginState,
  members,
  OAuthStrategy,
  orders,
  products,
  redirects,
  withDirectLogin,
  type AuthStrategy,
  type ErrorOf,
  type LoginErrorCode,
} from '../../src/index.ts';

declare const auth: AuthStrategy;
const kit = createClient({ modules: { currentCart, currentCartV2, cartV2, checkout, orders, members, products, redirects }, auth });

export function typedQueryBuilders() {
  // Fields, values and operators the spec lists compile, with autocompletion of the field names.
  kit.products
    .queryProducts()
    .eq('name', 'Tote')
    .ge('priceData.price', 10)
    .hasSome('collectionIds', ['c1'])
    .eq('productType', 'physical')
    .ascending('name', 'lastUpdated');
  kit.products.queryProducts().gt('lastUpdated', new Date()).startsWith('slug', 'to').exists('price');
  kit.members
    .queryMembers()
    .in('status', ['APPROVED', 'PENDING'])
    .startsWith('profile.nickname', 'Da')
    .descending('profile.nickname');

  // @ts-expect-error a field products do not filter by
  kit.products.queryProducts().eq('notAField', 1);
  // @ts-expect-error a value of the wrong type
  kit.products.queryProducts().eq('name', 1);
  // @ts-expect-error a value outside the field's enumeration
  kit.products.queryProducts().eq('productType', 'bogus');
  // @ts-expect-error an operator the field does not support (collectionIds takes hasSome / hasAll)
  kit.products.queryProducts().eq('collectionIds', 'c1');
  // @ts-expect-error a field that does not sort
  kit.products.queryProducts().ascending('description');
  // @ts-expect-error a list operator takes a list of the field's values
  kit.members.queryMembers().in('status', ['NOT_A_STATUS']);
}

export async function typedFilterObjects() {
  await kit.products.queryProducts({
    query: {
      filter: { collectionIds: { $hasSome: ['c1'] }, 'priceData.price': { $gt: 10 } },
      sort: [{ fieldName: 'price', order: 'DESC' }],
    },
  });
  await kit.orders.searchOrders({
    search: {
      filter: { $or: [{ status: 'APPROVED' }, { paymentStatus: { $in: ['PAID'] } }] },
      sort: [{ fieldName: 'number' }],
    },
  });
  await kit.members.bulkApproveMembers({ filter: { 'contact.lastName': 'Demo' } });

  // @ts-expect-error a field products do not filter by
  await kit.products.queryProducts({ query: { filter: { notAField: 1 } } });
  // @ts-expect-error a value of the wrong type
  await kit.products.queryProducts({ query: { filter: { name: 1 } } });
  // @ts-expect-error an operator the field does not support
  await kit.products.queryProducts({ query: { filter: { collectionIds: { $eq: 'c1' } } } });
  // @ts-expect-error a sort on a field that does not sort
  await kit.products.queryProducts({ query: { sort: [{ fieldName: 'description' }] } });
  // @ts-expect-error an operator orders' status does not support, inside $or
  await kit.orders.searchOrders({ search: { filter: { $or: [{ status: { $startsWith: 'A' } }] } } });
  // @ts-expect-error a field of a bulk-by-filter call members do not filter by
  await kit.members.bulkBlockMembers({ filter: { activityStatus: 'MUTED' } });
}

export async function closedOptions() {
  await kit.currentCart.getCurrentCart();
  // @ts-expect-error an operation without options refuses any key
  await kit.currentCart.getCurrentCart({ bogus: 1 });
  // @ts-expect-error an unknown option of an operation with options
  await kit.checkout.getCheckout('c1', { bogus: 1 });
  OAuthStrategy({ clientId: 'x' });
  // @ts-expect-error an unknown OAuthStrategy option
  OAuthStrategy({ clientId: 'x', bogus: 1 });
  // @ts-expect-error an unknown ApiKeyStrategy option
  ApiKeyStrategy({ apiKey: 'k', siteId: 's', bogus: 1 });
  // @ts-expect-error an unknown createClient option
  createClient({ modules: { currentCart }, bogus: 1 });
  // @ts-expect-error an unknown call option
  await kit.currentCart.getCurrentCart(undefined, { bogus: 1 });
}

export async function alwaysReturned() {
  const { cart } = await kit.currentCart.getCurrentCart();
  expectTypeOf(cart.id).toEqualTypeOf<string>();
  expectTypeOf(cart.createdDate).toEqualTypeOf<Date>();
  expectTypeOf(cart.lineItems![0].id).toEqualTypeOf<string>();
  const created = await kit.checkout.createCheckout({ channelType: 'WEB' });
  expectTypeOf(created.checkout.id).toEqualTypeOf<string>();
  // A created checkout's id, and the checkout read back by it: strings, no `!` needed.
  const { checkoutId } = await kit.currentCart.createCheckoutFromCurrentCart({});
  expectTypeOf(checkoutId).toEqualTypeOf<string>();
  expectTypeOf((await kit.checkout.getCheckout(checkoutId)).checkout.id).toEqualTypeOf<string>();
  // Cart V2: what the provider always returns is there.
  const v2 = (await kit.currentCartV2.getCurrentCart()).cart;
  expectTypeOf(v2.id).toEqualTypeOf<string>();
  expectTypeOf(v2.revision).toEqualTypeOf<string>();
  expectTypeOf(v2.createdDate).toEqualTypeOf<Date>();
  expectTypeOf(v2.currentCart).toEqualTypeOf<boolean>();
  expectTypeOf(v2.lineItems[0].id).toEqualTypeOf<string>();
  expectTypeOf(v2.lineItems[0].quantityInfo.requestedQuantity).toEqualTypeOf<number>();
  expectTypeOf(v2.lineItems[0].pricing.unitPrice.amount).toEqualTypeOf<string>();
  expectTypeOf(v2.coupons[0].id).toEqualTypeOf<string>();
  expectTypeOf(v2.note).toEqualTypeOf<string | undefined>();
  const { summary } = await kit.cartV2.calculateCart(v2.id, {});
  expectTypeOf(summary.priceSummary.total.amount).toEqualTypeOf<string>();
  const placed = await kit.cartV2.placeOrder(v2.id, {});
  expectTypeOf(placed.orderId).toEqualTypeOf<string>();
  const { redirectSession } = await kit.redirects.createRedirectSession({ login: {} });
  expectTypeOf(redirectSession.fullUrl).toEqualTypeOf<string>();
  const { orders: found } = await kit.orders.searchOrders({});
  expectTypeOf(found[0].id).toEqualTypeOf<string>();
  expectTypeOf(found[0].number).toEqualTypeOf<string>();
  // Optional where the provider may leave it out.
  expectTypeOf(cart.buyerNote).toEqualTypeOf<string | undefined>();
  // Inputs keep optional what is optional: a cart without an id is a valid input.
  await kit.currentCart.updateCurrentCart({ cartInfo: { buyerNote: 'x' } });
}

export async function narrowableErrors() {
  try {
    await kit.currentCart.getCurrentCart();
  } catch (e) {
    if (isApplicationError(e, 'OWNED_CART_NOT_FOUND')) {
      expectTypeOf(e.code).toEqualTypeOf<'OWNED_CART_NOT_FOUND'>();
      // Its data is typed by the code: no fields (the provider sends none), not any, unknown or a bare record.
      expectTypeOf(e.data).not.toBeAny();
      expectTypeOf(e.data).not.toBeUnknown();
      expectTypeOf(e.data).toEqualTypeOf<{}>();
      // @ts-expect-error OWNED_CART_NOT_FOUND carries no data field
      void e.data.cartId;
    }
    if (isApplicationError(e, 'CART_NOT_FOUND')) expectTypeOf(e.data.cartId).toEqualTypeOf<string>();
    if (isApplicationError(e, 'CART_ALREADY_ORDERED')) expectTypeOf(e.data).toEqualTypeOf<{ cartId: string; orderId: string }>();
    if (isApplicationError(e, 'ORDER_NOT_FOUND')) expectTypeOf(e.data.id).toEqualTypeOf<string>();
    if (isApplicationError(e, 'INSUFFICIENT_INVENTORY')) expectTypeOf(e.data.quantityAvailable).toEqualTypeOf<number>();
    // @ts-expect-error a code no operation declares
    isApplicationError(e, 'NOT_A_CODE');
  }
  expectTypeOf<ErrorOf<typeof currentCart.getCurrentCart>['code']>().toEqualTypeOf<
    'UNAUTHENTICATED' | 'PERMISSION_DENIED' | 'OWNED_CART_NOT_FOUND'
  >();
  const e = {} as ErrorOf<typeof orders.getOrder>;
  if (e.code === 'ORDER_NOT_FOUND') expectTypeOf(e.data.id).toEqualTypeOf<string>();
}

export async function enumsAsLiterals() {
  const { product } = await kit.products.getProduct('p1');
  expectTypeOf(product.productType).toEqualTypeOf<
    'unspecified_product_type' | 'unspecified' | 'physical' | 'digital' | undefined
  >();
}

export async function loginStatesNarrow() {
  const direct = withDirectLogin(OAuthStrategy({ clientId: 'c' }));
  const state = await direct.login({ email: 'a@b.test', password: 'p' });
  // Any state reads as the official SDK's does...
  expectTypeOf(state.data?.identity).toEqualTypeOf<unknown>();
  expectTypeOf(state.error).toEqualTypeOf<string | undefined>();
  // @ts-expect-error a state not narrowed may carry no data
  void state.data.sessionToken;
  // ...and each state, once narrowed, carries what it is for: no `!`.
  if (state.loginState === LoginState.SUCCESS) await direct.getMemberTokensForDirectLogin(state.data.sessionToken);
  if (state.loginState === 'EMAIL_VERIFICATION_REQUIRED') expectTypeOf(state.data.stateToken).toEqualTypeOf<string>();
  if (state.loginState === 'FAILURE') {
    expectTypeOf(state.error).toEqualTypeOf<string>();
    expectTypeOf(state.errorCode).toEqualTypeOf<LoginErrorCode | undefined>();
  }
}
