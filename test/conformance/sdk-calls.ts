/**
 * How each of our operations is called through the provider's official SDK (`@wix/sdk` with
 * `@wix/ecom`, `@wix/members`, `@wix/stores`, `@wix/redirects`, `@wix/identity`), and the
 * request example every conformance test sends through both clients.
 *
 * Our client takes path parameters first, then one options object with every wire field
 * (`kit.checkout.removeLineItems(id, { lineItemIds })`). The official SDK spreads some wire
 * fields over positional arguments (`checkout.removeLineItems(_id, lineItemIds)`). Each row
 * below says, for one operation, which wire fields become the SDK's positional arguments:
 *   'lineItemIds'  -> the request's `lineItemIds`
 *   'order.id'     -> the `id` inside the request's `order` (the SDK's `_id` argument)
 *   'order-'       -> the request's `order` without its `id` (the SDK puts `_id` back)
 *   '*'            -> every field no other argument took (the SDK's `options`)
 */
import * as sdkCartV2 from '@wix/auto_sdk_ecom_cart-v-2';
import * as sdkCurrentCartV2 from '@wix/auto_sdk_ecom_current-cart-v-2';
import { checkout as sdkCheckout, currentCart as sdkCurrentCart, orders as sdkOrders } from '@wix/ecom';
import { authentication as sdkAuthentication, oauth as sdkOauth, recovery as sdkRecovery, verification as sdkVerification } from '@wix/identity';
import { members as sdkMembers } from '@wix/members';
import { redirects as sdkRedirects } from '@wix/redirects';
import { categories as sdkCategories } from '@wix/categories';
import { scripts as sdkScripts } from '@wix/headless-site-assets';
import {
  catalogVersioning as sdkCatalogVersioning,
  collections as sdkCollections,
  inventoryItemsV3 as sdkInventoryItemsV3,
  products as sdkProducts,
  productsV3 as sdkProductsV3,
  wishlist as sdkWishlist,
} from '@wix/stores';
import { operationList } from '../../generated/operations.ts';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { mapShape, type LeafFn } from '../../src/normalise/shape.ts';
import { loadBundles, type Json } from '../support/spec.ts';

/** Our module name -> the official SDK's module of the same functions. */
export const sdkModules = {
  currentCart: sdkCurrentCart,
  checkout: sdkCheckout,
  currentCartV2: sdkCurrentCartV2,
  cartV2: sdkCartV2,
  orders: sdkOrders,
  members: sdkMembers,
  redirects: sdkRedirects,
  products: sdkProducts,
  productsV3: sdkProductsV3,
  collections: sdkCollections,
  wishlist: sdkWishlist,
  authentication: sdkAuthentication,
  recovery: sdkRecovery,
  verification: sdkVerification,
  oauth: sdkOauth,
  scripts: sdkScripts,
  categories: sdkCategories,
  inventoryItemsV3: sdkInventoryItemsV3,
  catalogVersioning: sdkCatalogVersioning,
} as const;

/**
 * Operations the official SDK has no function for, with the reason. The brief's five
 * authentication calls, plus one more found by reading the SDK's checkout module.
 */
export const NO_SDK_COUNTERPART: Record<string, string> = {
  'authentication.register': 'v1 register: the SDK only has registerV2',
  'authentication.login': 'v1 login: the SDK only has loginV2',
  'authentication.loginWithTokenParams': 'SSO login: not in @wix/identity',
  'authentication.proceedToNextState': 'state/proceed: not in @wix/identity',
  'verification.resendDuringAuthentication': 'auth/resend: not in @wix/identity',
  'checkout.getCheckoutPaymentSettings': 'payment-settings: not in @wix/ecom checkout (found missing while mapping)',
  'currentCartV2.getUpsellOptionsForCurrentCart':
    'upsell-options of the current cart: the REST request builder is in the SDK package, but its module does not export the function',
};

/** Positional arguments of the official SDK function, per operation (see the header comment). */
export const SDK_ARGS: Record<string, string[]> = {
  'currentCart.getCurrentCart': [],
  'currentCart.updateCurrentCart': ['*'],
  'currentCart.deleteCurrentCart': [],
  'currentCart.addToCurrentCart': ['*'],
  'currentCart.removeLineItemsFromCurrentCart': ['lineItemIds'],
  'currentCart.updateCurrentCartLineItemQuantity': ['lineItems'],
  'currentCart.removeCouponFromCurrentCart': [],
  'currentCart.createCheckoutFromCurrentCart': ['*'],
  'currentCart.estimateCurrentCartTotals': ['*'],
  'checkout.createCheckout': ['*'],
  'checkout.getCheckout': ['id'],
  'checkout.getCheckoutByCartId': ['id'],
  'checkout.getCheckoutUrl': ['id'],
  'checkout.updateCheckout': ['checkout.id', 'checkout-', '*'],
  'checkout.removeCoupon': ['id'],
  'checkout.removeGiftCard': ['id'],
  'checkout.removeOverrideCheckoutUrl': ['id'],
  'checkout.addToCheckout': ['id', '*'],
  'checkout.removeLineItems': ['id', 'lineItemIds'],
  'checkout.createOrder': ['id', '*'],
  'checkout.markCheckoutAsCompleted': ['id', '*'],
  'checkout.updateLineItemsQuantity': ['id', 'lineItems'],
  'orders.getOrder': ['id'],
  'orders.searchOrders': ['search'],
  'orders.createOrder': ['order', '*'],
  'orders.updateOrder': ['order.id', 'order-'],
  'orders.bulkUpdateOrders': ['orders', '*'],
  'orders.cancelOrder': ['id', '*'],
  'orders.bulkUpdateOrderTags': ['orderIds', '*'],
  'orders.preparePaymentCollection': ['ecomOrderId', 'amount', '*'],
  'orders.getPaymentCollectabilityStatus': ['ecomOrderId'],
  'orders.voidAuthorizedPayments': ['ecomOrderId', 'paymentIds'],
  'orders.captureAuthorizedPayments': ['ecomOrderId', 'payments'],
  'members.updateCurrentMemberSlug': ['slug'],
  'members.updateMemberSlug': ['id', 'slug'],
  'members.joinCommunity': [],
  'members.leaveCommunity': [],
  'members.getCurrentMember': ['*'],
  'members.getMember': ['id', '*'],
  'members.listMembers': ['*'],
  'members.queryMembers': ['query', '*'],
  'members.muteMember': ['id'],
  'members.unmuteMember': ['id'],
  'members.approveMember': ['id'],
  'members.blockMember': ['id'],
  'members.disconnectMember': ['id'],
  'members.deleteMember': ['id'],
  'members.deleteMyMember': ['*'],
  'members.bulkDeleteMembers': ['memberIds'],
  'members.bulkDeleteMembersByFilter': ['filter', '*'],
  'members.bulkApproveMembers': ['filter'],
  'members.bulkBlockMembers': ['filter'],
  'members.createMember': ['*'],
  'members.updateMember': ['member.id', 'member-'],
  'members.deleteMemberPhones': ['id'],
  'members.deleteMemberEmails': ['id'],
  'members.deleteMemberAddresses': ['id'],
  'redirects.createRedirectSession': ['*'],
  'collections.getCollection': ['id'],
  'collections.getCollectionBySlug': ['slug'],
  'collections.queryCollections': ['query'],
  'products.getProduct': ['id', '*'],
  'products.getCollectionBySlug': ['slug'],
  'products.getProductOptionsAvailability': ['id', 'options'],
  'products.queryProductVariants': ['id', '*'],
  'products.queryStoreVariants': ['query'],
  'products.getStoreVariant': ['id'],
  'products.queryProducts': ['query'],
  'products.createProduct': ['product'],
  'products.updateProduct': ['product.id', 'product-'],
  'products.deleteProduct': ['id'],
  'products.updateProductVariants': ['id', 'variants'],
  'products.resetAllProductVariantData': ['id'],
  'products.addProductsToCollection': ['id', 'productIds'],
  'products.removeProductsFromCollection': ['id', 'productIds'],
  'products.addProductMedia': ['id', 'media'],
  'products.removeProductMedia': ['id', 'mediaIds'],
  'products.addProductMediaToChoices': ['id', 'media'],
  'products.removeProductMediaFromChoices': ['id', 'media'],
  'products.deleteProductOptions': ['id'],
  'products.removeBrand': ['id'],
  'products.removeRibbon': ['id'],
  'products.createCollection': ['collection'],
  'products.updateCollection': ['collection.id', 'collection-'],
  'products.deleteCollection': ['id'],
  'products.bulkUpdateProductsProperty': ['ids', 'set'],
  'products.bulkAdjustProductProperty': ['adjust', 'ids'],
  'productsV3.queryProducts': ['query', '*'],
  'productsV3.searchProducts': ['search', '*'],
  'productsV3.countProducts': ['*'],
  'productsV3.getProduct': ['productId', '*'],
  'productsV3.getProductBySlug': ['slug', '*'],
  'productsV3.createProduct': ['product', '*'],
  'productsV3.createProductWithInventory': ['product', '*'],
  'productsV3.updateProduct': ['product.id', 'product-', '*'],
  'productsV3.deleteProduct': ['productId'],
  'wishlist.getWishlistById': ['id', '*'],
  'authentication.registerV2': ['loginId', '*'],
  'authentication.loginV2': ['loginId', '*'],
  'authentication.changePassword': ['newPassword'],
  'authentication.signOn': ['loginId', '*'],
  'authentication.logout': ['*'],
  'recovery.sendRecoveryEmail': ['email', '*'],
  'recovery.sendActivationEmail': ['identityId', '*'],
  'recovery.recover': ['recoveryToken', '*'],
  'verification.start': ['*'],
  'verification.verifyDuringAuthentication': ['code', '*'],
  // The SDK's oauth.token is a raw pass-through: the wire body goes in `options.body`.
  'oauth.token': ['*'],
  'scripts.listSiteScripts': ['*'],
  'categories.getCategory': ['categoryId', 'treeReference', '*'],
  // The SDK's queryCategories(query, options) is its typed query (queryCategories(options) is the builder).
  'categories.queryCategories': ['query', '*'],
  'categories.listItemsInCategory': ['categoryId', 'treeReference', '*'],
  'inventoryItemsV3.queryInventoryItems': ['query'],
  'inventoryItemsV3.updateInventoryItem': ['inventoryItem.id', 'inventoryItem-', '*'],
  'catalogVersioning.getCatalogVersion': [],
  // Cart V2: the current cart's functions take the request's one field, or the options; by id, the cart id first.
  'currentCartV2.createCurrentCart': ['*'],
  'currentCartV2.getCurrentCart': [],
  'currentCartV2.updateCurrentCart': ['cart'],
  'currentCartV2.deleteCurrentCart': [],
  'currentCartV2.refreshCurrentCart': [],
  'currentCartV2.calculateCurrentCart': ['*'],
  'currentCartV2.estimateCurrentCart': ['*'],
  'currentCartV2.addLineItemsToCurrentCart': ['*'],
  'currentCartV2.removeLineItemsFromCurrentCart': ['lineItemIds'],
  'currentCartV2.updateLineItemsInCurrentCart': ['*'],
  'currentCartV2.addCouponToCurrentCart': ['coupon'],
  'currentCartV2.removeCouponFromCurrentCart': ['couponId'],
  'currentCartV2.setDeliveryMethodForCurrentCart': ['deliveryMethod'],
  'currentCartV2.removeDeliveryMethodFromCurrentCart': [],
  'currentCartV2.addGiftCardToCurrentCart': ['giftCard'],
  'currentCartV2.removeGiftCardFromCurrentCart': ['giftCardId'],
  'currentCartV2.updateFormSubmissionsInCurrentCart': ['*'],
  'cartV2.createCart': ['*'],
  'cartV2.getCart': ['cartId'],
  'cartV2.getUpsellOptions': ['cartId'],
  'cartV2.updateCart': ['cart.id', 'cart-'],
  'cartV2.deleteCart': ['cartId'],
  'cartV2.refreshCart': ['cartId'],
  'cartV2.estimateCart': ['cartId', '*'],
  'cartV2.calculateCart': ['cartId', '*'],
  'cartV2.getCheckoutUrl': ['cartId', '*'],
  'cartV2.placeOrder': ['cartId', '*'],
  'cartV2.addLineItems': ['cartId', '*'],
  'cartV2.removeLineItems': ['cartId', 'lineItemIds'],
  'cartV2.updateLineItems': ['cartId', '*'],
  'cartV2.addCoupon': ['cartId', 'coupon'],
  'cartV2.removeCoupon': ['cartId', 'couponId'],
  'cartV2.setDeliveryMethod': ['cartId', 'deliveryMethod'],
  'cartV2.removeDeliveryMethod': ['cartId'],
  'cartV2.addGiftCard': ['cartId', 'giftCard'],
  'cartV2.removeGiftCard': ['cartId', 'giftCardId'],
  'cartV2.markCartAsCompleted': ['cartId', '*'],
  'cartV2.handleAsyncCheckoutCompletion': ['token'],
  'cartV2.updateFormSubmissions': ['cartId', '*'],
};

/** The SDK's own address shape (its types name three fields differently from the wire). */
const SDK_ADDRESS_NAMES: Record<string, string> = { addressLine: 'addressLine1', formattedAddress: 'formatted', geocode: 'location' };
const ADDRESS_KEY = /^(address|shippingAddress|billingAddress)$/;

/**
 * The wire request in the SDK's own input shape: field masks as arrays of paths, dates as Date
 * (both from the operation table's request shape), addresses with the SDK's field names.
 */
export function toSdkShape(d: OperationDescriptor, r: Json): Json {
  const leaf: LeafFn = (kind, v) => (kind === 'mask' && typeof v === 'string' ? v.split(',') : kind === 'date' && typeof v === 'string' ? new Date(v) : v);
  const out = mapShape(structuredClone(r), d.request, d.shapes, leaf, false) as Json;
  const rename = (node: unknown, key = ''): unknown => {
    if (Array.isArray(node)) return node.map((n) => rename(n));
    if (!node || typeof node !== 'object' || node instanceof Date) return node;
    const entries = Object.entries(node).map(([k, v]) => [ADDRESS_KEY.test(key) ? (SDK_ADDRESS_NAMES[k] ?? k) : k, rename(v, k)]);
    return Object.fromEntries(entries);
  };
  return rename(out) as Json;
}

/** The official SDK's arguments for a wire request `r` of operation `key`. */
export function sdkArguments(key: string, r: Json): unknown[] {
  const spec = SDK_ARGS[key];
  if (!spec) throw new Error(`${key}: no row in SDK_ARGS`);
  const taken = new Set<string>();
  const args = spec.map((token): unknown => {
    if (token === '*') return undefined; // filled below, once every other field is taken
    const [field, sub] = token.split('.');
    taken.add(field.replace(/-$/, ''));
    if (sub) return (r[field] as Json | undefined)?.[sub];
    if (token.endsWith('-')) {
      const { id: _omitted, ...rest } = (r[field.slice(0, -1)] ?? {}) as Json;
      return rest;
    }
    return r[field];
  });
  const star = spec.indexOf('*');
  if (star >= 0) {
    const rest = Object.fromEntries(Object.entries(r).filter(([k]) => !taken.has(k)));
    // The SDK's oauth.token is a raw-HTTP envelope: the body goes as bytes.
    args[star] = key === 'oauth.token' ? { body: new TextEncoder().encode(JSON.stringify(rest)) } : rest;
  }
  return args;
}

/** The official SDK function for one of our operations. */
export function sdkFunction(client: Record<string, Record<string, unknown>>, d: OperationDescriptor): (...args: unknown[]) => Promise<unknown> {
  const fn = client[d.module]?.[d.operationId];
  if (typeof fn !== 'function') throw new Error(`${d.key}: the official SDK client has no ${d.module}.${d.operationId}`);
  return fn as (...args: unknown[]) => Promise<unknown>;
}

/**
 * Query and path values the spec gives no example for: hand-written so every parameter of a
 * GET or DELETE is exercised at least once.
 */
const EXTRA_FIELDS: Record<string, Json> = {
  'members.getCurrentMember': { fieldsets: ['FULL'] },
  'members.getMember': { fieldsets: ['PUBLIC', 'EXTENDED'] },
  'members.listMembers': { paging: { limit: 5, offset: 0 }, fieldsets: ['FULL'], sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }] },
  'members.deleteMyMember': { contentAssigneeId: '6a8c2f6e-0000-4000-8000-000000000001' },
  'products.getProduct': { includeMerchantSpecificData: true },
  'productsV3.getProduct': { fields: ['CURRENCY', 'URL'] },
  'productsV3.getProductBySlug': { fields: ['VARIANT_OPTION_CHOICE_NAMES'] },
  'scripts.listSiteScripts': { pageName: 'product-page' },
  'categories.getCategory': { fields: ['DESCRIPTION', 'BREADCRUMBS_INFO'] },
  'categories.listItemsInCategory': { cursorPaging: { limit: 5 }, useCategoryArrangement: false, includeItemsFromSubcategories: false },
  'authentication.logout': { postLogoutRedirectUri: 'http://localhost:5173/bye', clientId: 'sandbox-client' },
};

const bundles = loadBundles();

/**
 * The wire request (path parameters, query parameters and JSON body fields in one object) made
 * from the spec's examples of operation `d`.
 */
export function exampleRequest(d: OperationDescriptor): Json {
  const op = ((bundles[d.service].paths as Json)[d.path] as Json)[d.method.toLowerCase()] as Json;
  const out: Json = {};
  const dotted: [string[], unknown][] = [];
  for (const p of (op.parameters ?? []) as Json[]) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const value = p.example ?? (p.schema as Json | undefined)?.example;
    const name = p.name as string;
    if (value === undefined) continue;
    if (name.includes('.')) dotted.push([name.split('.'), value]);
    else out[name] = value;
  }
  const media = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
  const body = media?.example ?? Object.values((media?.examples ?? {}) as Record<string, Json>)[0]?.value;
  Object.assign(out, structuredClone(body ?? {}), EXTRA_FIELDS[d.key]);
  // A dotted path parameter (`product.id`) lives in the body object of the same name.
  for (const [[entity, field], value] of dotted) {
    const target = ((out[entity] ??= {}) as Json);
    target[field] ??= value;
  }
  return out;
}

/** Our operations the official SDK has a function for. */
export const sdkOperations = operationList.filter((d) => !(d.key in NO_SDK_COUNTERPART));
