/**
 * Commerce: the current cart (one per visitor or member, created by the first add), checkouts
 * and the orders a checkout creates. Line items are priced from the catalog, never from the
 * caller; availability is reported per line; coupons, merchant discounts, gift cards, shipping
 * options (with a delivery slot and a pickup point) and a tax rate per region make the totals.
 *
 * Stored: `carts` and `checkouts` (spec wire shapes, with `buyerInfo.visitorId/memberId` as
 * the owner), `orders`, `coupons`, `giftCards`. Orders created here are what the orders
 * module (issue 5) works on.
 */
import { appError, conflict, notFound } from '../errors.ts';
import { entityEvent } from '../events.ts';
import type { SandboxModule, SeedContext } from '../module.ts';
import type { OperationContext } from '../types.ts';
import { changeStock, findProduct, priceForVariant } from './catalog.ts';
import { descriptionLines, pageUrl, sameItem } from '../domain/line-items.ts';
import { COUPON, GIFT_CARD } from '../seed/ids.ts';

type Json = Record<string, any>;

export { STORES_APP_ID } from './catalog.ts';
import { STORES_APP_ID } from './catalog.ts';
const CARTS = 'carts';
const CHECKOUTS = 'checkouts';
export { ORDERS } from '../domain/settlement.ts';
import { ORDERS } from '../domain/settlement.ts';
const COUPONS = 'coupons';
const GIFT_CARDS = 'giftCards';
const CURRENCY = 'USD';
const CARRIER = 'sandbox-carrier';
/** Days a checkout's delayed-capture authorization lasts before it is voided. */
const AUTHORIZATION_DAYS = 7;

/** Tax rate per region (country), as a fraction. Other countries: no tax collected. */
const TAX_RATES: Record<string, number> = { US: 0.08875, GB: 0.2, DE: 0.19, FR: 0.2, IL: 0.17 };

const price = (n: number) => {
  const t = (Math.round(n * 100) / 100).toFixed(2);
  return { amount: t, convertedAmount: t, formattedAmount: `$${t}`, formattedConvertedAmount: `$${t}` };
};
const num = (p: Json | undefined) => Number(p?.amount ?? 0);

function seed(ctx: SeedContext): void {
  const { tenPercent, fiveOff } = COUPON;
  ctx.db.put(COUPONS, tenPercent, { id: tenPercent, code: tenPercent, name: '10% off everything', kind: 'PERCENT', value: 10 });
  ctx.db.put(COUPONS, fiveOff, { id: fiveOff, code: fiveOff, name: '$5 off', kind: 'AMOUNT', value: 5 });
  ctx.db.put(GIFT_CARDS, GIFT_CARD.code, { id: GIFT_CARD.code, code: GIFT_CARD.code, balance: GIFT_CARD.balance });
}

// ---------------- ownership ----------------

function owner(ctx: OperationContext): { visitorId?: string; memberId?: string } {
  const c = ctx.caller;
  if (c.kind === 'member') return { memberId: c.memberId, visitorId: c.visitorId };
  if (c.kind === 'visitor') return { visitorId: c.visitorId };
  return {};
}

function owns(ctx: OperationContext, entity: Json): boolean {
  if (ctx.caller.kind === 'elevated') return true;
  const o = owner(ctx);
  const b = entity.buyerInfo ?? {};
  return Boolean((o.memberId && b.memberId === o.memberId) || (!b.memberId && o.visitorId && b.visitorId === o.visitorId));
}

function currentCart(ctx: OperationContext): Json | undefined {
  if (ctx.caller.kind === 'elevated') return undefined;
  return ctx.db.find<Json>(CARTS, (c) => owns(ctx, c));
}

function requireCart(ctx: OperationContext): Json {
  const cart = currentCart(ctx);
  if (!cart) throw appError(404, 'OWNED_CART_NOT_FOUND', 'Cart not found: this visitor has no cart yet (the first add creates it)');
  return cart;
}

function requireCheckout(ctx: OperationContext, id: string): Json {
  const checkout = ctx.db.get<Json>(CHECKOUTS, id);
  // Another visitor's checkout is answered exactly like a missing one.
  if (!checkout || !owns(ctx, checkout)) throw notFound('Checkout', id, 'CHECKOUT_NOT_FOUND');
  return checkout;
}

// ---------------- line items ----------------

/** A line item built from the catalog (price, name, image, weight), with its availability. */
function lineFromCatalog(ctx: OperationContext, input: Json, id = ctx.newId()): Json {
  const ref = input.catalogReference ?? {};
  if (ref.appId !== STORES_APP_ID) throw appError(400, 'UNSUPPORTED_CATALOG', `Catalog app ${ref.appId} is not emulated (only the stores app ${STORES_APP_ID})`);
  const product = findProduct(ctx.db, ref.catalogItemId);
  if (!product || product.visible === false) throw appError(400, 'ITEM_NOT_FOUND', `Product ${ref.catalogItemId} not found in the catalog`, { catalogItemId: ref.catalogItemId });
  const pricing = priceForVariant(product, ref.options ?? {});
  if (!pricing) throw appError(400, 'VARIANT_NOT_FOUND', `No variant of product ${product.id} matches ${JSON.stringify(ref.options)}`);
  // A product without managed variants is bought by its options; a managed variant by its id.
  const options = Object.keys(pricing.options).length ? { options: pricing.options } : { variantId: pricing.variantId };
  const line: Json = {
    id,
    quantity: input.quantity,
    catalogReference: { catalogItemId: product.id, appId: STORES_APP_ID, options },
    productName: { original: product.name, translated: product.name },
    url: pageUrl(product.productPageUrl),
    price: price(pricing.price),
    fullPrice: price(pricing.fullPrice),
    priceBeforeDiscounts: price(pricing.price),
    itemType: { preset: product.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL' },
    paymentOption: 'FULL_PAYMENT_ONLINE',
    physicalProperties: { weight: pricing.weight, sku: pricing.sku, shippable: product.productType !== 'digital' },
    descriptionLines: descriptionLines(product, pricing.choices),
  };
  const main = product.media?.mainMedia;
  if (main?.image?.url) line.image = { id: main.id, url: main.image.url, width: main.image.width, height: main.image.height };
  if (input.catalogOverrideFields) line.catalogOverrideFields = input.catalogOverrideFields;
  if (input.serviceProperties) line.serviceProperties = input.serviceProperties;
  return refreshAvailability(ctx, line);
}

function refreshAvailability(ctx: OperationContext, line: Json): Json {
  const product = findProduct(ctx.db, line.catalogReference?.catalogItemId);
  const pricing = product ? priceForVariant(product, line.catalogReference?.options ?? {}) : undefined;
  if (!product || !pricing) line.availability = { status: 'NOT_FOUND' };
  else if (!pricing.inStock || pricing.quantity === 0) line.availability = { status: 'NOT_AVAILABLE', quantityAvailable: 0 };
  else if (pricing.quantity !== undefined && pricing.quantity < line.quantity) line.availability = { status: 'PARTIALLY_AVAILABLE', quantityAvailable: pricing.quantity };
  else line.availability = { status: 'AVAILABLE', ...(pricing.quantity !== undefined ? { quantityAvailable: pricing.quantity } : {}) };
  if (pricing) {
    // Prices follow the catalog: a price change shows in every price of the line.
    line.price = price(pricing.price);
    line.fullPrice = price(pricing.fullPrice);
    line.priceBeforeDiscounts = price(pricing.price);
    line.physicalProperties = { ...line.physicalProperties, weight: pricing.weight };
  }
  return line;
}

/** Adds lines, merging with an existing line of the same variant. */
function addLines(ctx: OperationContext, lines: Json[], inputs: Json[] = []): Json[] {
  const out = lines.map((l) => ({ ...l }));
  for (const input of inputs) {
    const built = lineFromCatalog(ctx, input);
    const same = out.find((l) => sameItem(l, built));
    if (same) {
      same.quantity += built.quantity;
      refreshAvailability(ctx, same);
    } else out.push(built);
  }
  return out;
}

function setQuantities(ctx: OperationContext, lines: Json[], updates: { id: string; quantity: number }[]): Json[] {
  for (const u of updates) if (!lines.some((l) => l.id === u.id)) throw appError(400, 'LINE_ITEM_NOT_FOUND', `Line item ${u.id} not found`, { lineItemId: u.id });
  return lines
    .map((l) => {
      const u = updates.find((x) => x.id === l.id);
      return u ? refreshAvailability(ctx, { ...l, quantity: u.quantity }) : l;
    })
    .filter((l) => l.quantity > 0);
}

function removeLines(lines: Json[], ids: string[]): Json[] {
  for (const id of ids) if (!lines.some((l) => l.id === id)) throw appError(400, 'LINE_ITEM_NOT_FOUND', `Line item ${id} not found`, { lineItemId: id });
  return lines.filter((l) => !ids.includes(l.id));
}

// ---------------- pricing ----------------

function couponFor(ctx: OperationContext, code: string | undefined): Json | undefined {
  if (!code) return undefined;
  const coupon = ctx.db.get<Json>(COUPONS, code.toUpperCase());
  if (!coupon) throw appError(400, 'COUPON_DOES_NOT_EXIST', `Coupon ${code} does not exist`, { couponCode: code });
  return coupon;
}

function shippingOptions(now: Date, destination: Json | undefined): Json[] {
  const day = 86400000;
  const slotStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + 3 * day + 9 * 3600000);
  return [
    {
      code: 'standard',
      title: 'Standard delivery',
      logistics: { deliveryTime: '3-5 business days', deliveryTimeSlot: { from: slotStart.toISOString(), to: new Date(slotStart.getTime() + 8 * 3600000).toISOString() } },
      cost: { price: price(destination?.country && destination.country !== 'US' ? 15 : 5), otherCharges: [] },
    },
    {
      code: 'pickup',
      title: 'Store pickup',
      logistics: {
        deliveryTime: 'Ready tomorrow',
        pickupDetails: { address: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10011', addressLine: '235 W 23rd St' }, pickupMethod: 'STORE_PICKUP' },
      },
      cost: { price: price(0), otherCharges: [] },
    },
  ];
}

/** The subtotal of the lines that can be paid for, and the coupon and merchant discounts on it. */
function discounts(ctx: OperationContext, lines: Json[], opts: { couponCode?: string; merchantDiscounts?: Json[] }) {
  const payable = lines.filter((l) => l.availability?.status === 'AVAILABLE' || l.availability?.status === 'PARTIALLY_AVAILABLE');
  const subtotal = payable.reduce((s, l) => s + num(l.price) * Math.min(l.quantity, l.availability?.quantityAvailable ?? l.quantity), 0);
  const applied: Json[] = [];
  let discount = 0;
  const coupon = couponFor(ctx, opts.couponCode);
  if (coupon) {
    const amount = coupon.kind === 'PERCENT' ? (subtotal * coupon.value) / 100 : Math.min(subtotal, coupon.value);
    discount += amount;
    applied.push({ discountType: 'GLOBAL', coupon: { id: coupon.id, code: coupon.code, name: coupon.name, amount: price(amount), couponType: coupon.kind } });
  }
  for (const m of opts.merchantDiscounts ?? []) {
    const amount = Math.min(subtotal - discount, Number(m.amount?.amount ?? m.amount ?? 0));
    discount += amount;
    applied.push({ discountType: 'GLOBAL', merchantDiscount: { amount: price(amount), percentage: subtotal ? Math.round((amount / subtotal) * 10000) / 100 : 0 } });
  }
  return { payable, subtotal, discount, applied };
}

/** Totals of a set of lines for an address: discounts, shipping, tax. */
function totals(ctx: OperationContext, lines: Json[], opts: { couponCode?: string; merchantDiscounts?: Json[]; address?: Json; selected?: Json; giftCard?: Json; calculateTax?: boolean; calculateShipping?: boolean }) {
  const { payable, subtotal, discount, applied } = discounts(ctx, lines, opts);
  const shippable = payable.some((l) => l.physicalProperties?.shippable);
  const options = shippingOptions(ctx.now(), opts.address);
  const chosen = shippable && opts.calculateShipping !== false && opts.address ? options.find((o) => o.code === (opts.selected?.code ?? 'standard')) ?? options[0] : undefined;
  const shipping = chosen ? num(chosen.cost.price) : 0;
  const rate = opts.address?.country ? TAX_RATES[opts.address.country] ?? 0 : 0;
  const taxable = Math.max(0, subtotal - discount);
  const tax = opts.calculateTax === false ? 0 : taxable * rate;
  const beforeGift = taxable + shipping + tax;
  const giftAmount = opts.giftCard ? Math.min(opts.giftCard.balance, beforeGift) : 0;
  const calculationErrors: Json = {};
  if (!opts.address && shippable) {
    calculationErrors.generalShippingCalculationError = { applicationError: { code: 'MISSING_SHIPPING_ADDRESS', description: 'Shipping cannot be calculated without a shipping address', data: {} } };
  }
  return {
    subtotal,
    priceSummary: { subtotal: price(subtotal), discount: price(discount), shipping: price(shipping), tax: price(tax), total: price(beforeGift - giftAmount), additionalFees: price(0) },
    appliedDiscounts: applied,
    shippingInfo: {
      region: opts.address?.country ? { id: opts.address.country.toLowerCase(), name: opts.address.country } : undefined,
      shippingDestination: opts.address ? { address: opts.address } : undefined,
      selectedCarrierServiceOption: chosen ? { ...chosen, carrierId: CARRIER } : undefined,
      carrierServiceOptions: shippable ? [{ carrierId: CARRIER, shippingOptions: options }] : [],
    },
    taxSummary: {
      taxableAmount: price(taxable),
      totalTax: price(tax),
      calculationDetails: { rateType: rate ? 'MANUAL_RATE' : 'NO_TAX_COLLECTED', ...(rate ? { manualRateReason: 'REGION_SETTING_TO_MANUAL' } : {}) },
      taxBreakdown: rate ? [{ jurisdictionName: opts.address!.country, jurisdictionType: 'COUNTRY', rate: String(rate), taxAmount: price(tax), taxableAmount: price(taxable) }] : [],
    },
    giftCard: opts.giftCard ? { id: opts.giftCard.id, obfuscatedCode: `****${String(opts.giftCard.code).slice(-4)}`, amount: price(giftAmount) } : undefined,
    calculationErrors,
  };
}

/**
 * A stored cart, copied as deep as pricing writes (the cart and its lines): reads re-price it
 * without touching the stored one, and without a full structuredClone on every read.
 */
function cartToPrice(cart: Json): Json {
  return { ...cart, lineItems: (cart.lineItems ?? []).map((l: Json) => ({ ...l })) };
}

function priceCart(ctx: OperationContext, cart: Json): Json {
  cart.lineItems = (cart.lineItems ?? []).map((l: Json) => refreshAvailability(ctx, l));
  const d = discounts(ctx, cart.lineItems, { couponCode: cart.couponCode, merchantDiscounts: cart.merchantDiscounts });
  cart.subtotal = price(d.subtotal);
  cart.appliedDiscounts = d.applied;
  return cart;
}

function priceCheckout(ctx: OperationContext, ck: Json): Json {
  ck.lineItems = (ck.lineItems ?? []).map((l: Json) => refreshAvailability(ctx, l));
  const giftCard = ck.giftCardCode ? ctx.db.get<Json>(GIFT_CARDS, ck.giftCardCode) : undefined;
  const address = ck.shippingInfo?.shippingDestination?.address;
  const t = totals(ctx, ck.lineItems, { couponCode: ck.couponCode, address, selected: ck.shippingInfo?.selectedCarrierServiceOption, giftCard });
  Object.assign(ck, { priceSummary: t.priceSummary, appliedDiscounts: t.appliedDiscounts, taxSummary: t.taxSummary, calculationErrors: t.calculationErrors, payNow: t.priceSummary });
  ck.shippingInfo = { ...t.shippingInfo, shippingDestination: ck.shippingInfo?.shippingDestination };
  if (t.giftCard) ck.giftCard = t.giftCard;
  else delete ck.giftCard;
  return ck;
}

const emit = (ctx: OperationContext, fqdn: string, slug: string, e: Json) => ctx.emit(entityEvent(fqdn, slug, e));

// Pricing is a read (getCurrentCart re-prices for stock and coupons); only a write moves updatedDate.
function saveCart(ctx: OperationContext, cart: Json, created: boolean): { cart: Json } {
  priceCart(ctx, cart);
  cart.updatedDate = ctx.now().toISOString();
  ctx.db.put(CARTS, cart.id, cart);
  emit(ctx, 'wix.ecom.v1.cart', created ? 'created' : 'updated', cart);
  return { cart };
}

function newCart(ctx: OperationContext): Json {
  if (ctx.caller.kind === 'elevated' || ctx.caller.kind === 'anonymous') throw appError(403, 'PERMISSION_DENIED', 'The current cart belongs to a visitor or a member');
  const now = ctx.now().toISOString();
  return { id: ctx.newId(), createdDate: now, updatedDate: now, lineItems: [], buyerInfo: owner(ctx), currency: CURRENCY, conversionCurrency: CURRENCY, weightUnit: 'KG', taxIncludedInPrices: false, channelType: 'WEB', appliedDiscounts: [] };
}

/** A visitor's cart lines move into the member's cart when they log in (the code exchange). */
export function mergeVisitorCartIntoMember(ctx: OperationContext, visitorId: string, memberId: string): void {
  const carts = ctx.db.list<Json>(CARTS);
  const visitorCart = carts.find((c) => c.buyerInfo?.visitorId === visitorId && !c.buyerInfo?.memberId);
  if (!visitorCart) return;
  const memberCart = carts.find((c) => c.buyerInfo?.memberId === memberId);
  if (!memberCart) {
    ctx.db.put(CARTS, visitorCart.id, { ...visitorCart, buyerInfo: { ...visitorCart.buyerInfo, memberId } });
    return;
  }
  const lines = [...memberCart.lineItems];
  for (const l of visitorCart.lineItems) {
    const same = lines.find((m) => sameItem(m, l));
    if (same) same.quantity += l.quantity;
    else lines.push(l);
  }
  ctx.db.put(CARTS, memberCart.id, { ...memberCart, lineItems: lines });
  ctx.db.delete(CARTS, visitorCart.id);
}

function checkoutFromLines(ctx: OperationContext, lines: Json[], extra: Json): Json {
  const now = ctx.now().toISOString();
  const ck: Json = {
    id: ctx.newId(),
    createdDate: now,
    updatedDate: now,
    lineItems: lines.map((l) => ({ ...l })),
    buyerInfo: { ...owner(ctx), ...(extra.email ? { email: extra.email } : {}) },
    currency: CURRENCY,
    conversionCurrency: CURRENCY,
    weightUnit: 'KG',
    channelType: extra.channelType ?? 'WEB',
    completed: false,
    membershipOptions: { eligibleMemberships: [], invalidMemberships: [] },
    taxIncludedInPrice: false,
  };
  if (extra.shippingAddress) ck.shippingInfo = { shippingDestination: { address: extra.shippingAddress } };
  if (extra.billingAddress) ck.billingInfo = { address: extra.billingAddress };
  if (extra.couponCode) ck.couponCode = extra.couponCode;
  if (extra.cartId) ck.cartId = extra.cartId;
  if (extra.selectedShippingOption) ck.shippingInfo = { ...ck.shippingInfo, selectedCarrierServiceOption: extra.selectedShippingOption };
  return ck;
}

function saveCheckout(ctx: OperationContext, ck: Json, slug: 'created' | 'updated'): { checkout: Json } {
  priceCheckout(ctx, ck);
  ck.updatedDate = ctx.now().toISOString();
  ctx.db.put(CHECKOUTS, ck.id, ck);
  emit(ctx, 'wix.ecom.v1.checkout', slug, ck);
  return { checkout: ck };
}

function changeCheckout(ctx: OperationContext, id: string, change: (ck: Json) => void): { checkout: Json } {
  const ck = structuredClone(requireCheckout(ctx, id));
  if (ck.completed) throw conflict('CHECKOUT_ALREADY_COMPLETED', `Checkout ${id} is completed and cannot change`);
  change(ck);
  return saveCheckout(ctx, ck, 'updated');
}

let orderNumber = 10000;

/** Turns a checkout into an order (the orders module's entity). */
export function orderFromCheckout(ctx: OperationContext, ck: Json, options: { delayCapture?: boolean }): Json {
  const now = ctx.now().toISOString();
  const existing = ctx.db.list<Json>(ORDERS).map((o) => Number(o.number)).filter(Number.isFinite);
  orderNumber = Math.max(orderNumber, ...existing) + 1;
  const total = num(ck.priceSummary?.total);
  const paid = total === 0;
  return {
    id: ctx.newId(),
    number: String(orderNumber),
    createdDate: now,
    updatedDate: now,
    purchasedDate: now,
    checkoutId: ck.id,
    cartId: ck.cartId,
    lineItems: ck.lineItems
      .filter((l: Json) => l.availability?.status !== 'NOT_FOUND' && l.availability?.status !== 'NOT_AVAILABLE')
      .map((l: Json) => ({
        id: ctx.newId(),
        productName: l.productName,
        catalogReference: l.catalogReference,
        quantity: l.quantity,
        price: l.price,
        priceBeforeDiscounts: l.priceBeforeDiscounts,
        totalPriceBeforeTax: price(num(l.price) * l.quantity),
        totalPriceAfterTax: price(num(l.price) * l.quantity),
        image: l.image,
        physicalProperties: l.physicalProperties,
        itemType: l.itemType,
        descriptionLines: l.descriptionLines,
        paymentOption: l.paymentOption,
      })),
    buyerInfo: ck.buyerInfo,
    billingInfo: ck.billingInfo,
    shippingInfo: ck.shippingInfo?.selectedCarrierServiceOption
      ? {
          carrierId: CARRIER,
          code: ck.shippingInfo.selectedCarrierServiceOption.code,
          title: ck.shippingInfo.selectedCarrierServiceOption.title,
          logistics: { ...ck.shippingInfo.selectedCarrierServiceOption.logistics, shippingDestination: ck.shippingInfo.shippingDestination },
          cost: ck.shippingInfo.selectedCarrierServiceOption.cost,
        }
      : undefined,
    priceSummary: ck.priceSummary,
    appliedDiscounts: ck.appliedDiscounts,
    taxSummary: ck.taxSummary,
    currency: ck.currency,
    weightUnit: ck.weightUnit,
    taxIncludedInPrices: false,
    status: 'APPROVED',
    paymentStatus: paid ? 'PAID' : 'NOT_PAID',
    fulfillmentStatus: 'NOT_FULFILLED',
    channelInfo: { type: ck.channelType ?? 'WEB' },
    balanceSummary: { balance: price(paid ? 0 : total), paid: price(paid ? total : 0), refunded: price(0), authorized: price(options.delayCapture ? total : 0) },
    activities: [{ id: ctx.newId(), createdDate: now, type: 'ORDER_PLACED' }, ...(paid ? [{ id: ctx.newId(), createdDate: now, type: 'ORDER_PAID' }] : [])],
    tags: { privateTags: { tagIds: [] }, tags: { tagIds: [] } },
    archived: false,
  };
}

export const commerceModule: SandboxModule = {
  name: 'commerce',
  seed,
  handlers: {
    // ---------- current cart ----------
    'currentCart.getCurrentCart': (ctx) => ({ cart: priceCart(ctx, cartToPrice(requireCart(ctx))) }),
    'currentCart.addToCurrentCart': (ctx) => {
      const existing = currentCart(ctx);
      const cart = existing ? structuredClone(existing) : newCart(ctx);
      cart.lineItems = addLines(ctx, cart.lineItems, ctx.input.lineItems ?? []);
      if (ctx.input.customLineItems?.length) cart.customLineItems = [...(cart.customLineItems ?? []), ...ctx.input.customLineItems.map((c: Json) => ({ ...c, id: ctx.newId() }))];
      if (ctx.input.businessLocationId) cart.businessLocationId = ctx.input.businessLocationId;
      return saveCart(ctx, cart, !existing);
    },
    'currentCart.updateCurrentCart': (ctx) => {
      const existing = currentCart(ctx);
      const cart = existing ? structuredClone(existing) : newCart(ctx);
      const info = ctx.input.cartInfo ?? {};
      const mask = ctx.input.cartFieldmask ? String(ctx.input.cartFieldmask).split(',').map((s: string) => s.trim()) : Object.keys(info);
      for (const key of mask) if (key in info) cart[key] = info[key];
      if (ctx.input.couponCode !== undefined) {
        couponFor(ctx, ctx.input.couponCode);
        cart.couponCode = ctx.input.couponCode;
      }
      if (ctx.input.merchantDiscounts) cart.merchantDiscounts = ctx.input.merchantDiscounts.map((m: Json) => ({ amount: price(Number(m.amount ?? 0)) }));
      if (ctx.input.lineItems?.length) cart.lineItems = addLines(ctx, cart.lineItems, ctx.input.lineItems);
      return saveCart(ctx, cart, !existing);
    },
    'currentCart.deleteCurrentCart': (ctx) => {
      const cart = requireCart(ctx);
      ctx.db.delete(CARTS, cart.id);
      emit(ctx, 'wix.ecom.v1.cart', 'deleted', cart);
      return {};
    },
    'currentCart.removeLineItemsFromCurrentCart': (ctx) => {
      const cart = structuredClone(requireCart(ctx));
      cart.lineItems = removeLines(cart.lineItems, ctx.input.lineItemIds);
      return saveCart(ctx, cart, false);
    },
    'currentCart.updateCurrentCartLineItemQuantity': (ctx) => {
      const cart = structuredClone(requireCart(ctx));
      cart.lineItems = setQuantities(ctx, cart.lineItems, ctx.input.lineItems);
      return saveCart(ctx, cart, false);
    },
    'currentCart.removeCouponFromCurrentCart': (ctx) => {
      const cart = structuredClone(requireCart(ctx));
      delete cart.couponCode;
      return saveCart(ctx, cart, false);
    },
    'currentCart.estimateCurrentCartTotals': (ctx) => {
      const cart = priceCart(ctx, cartToPrice(requireCart(ctx)));
      const t = totals(ctx, cart.lineItems, {
        couponCode: cart.couponCode,
        merchantDiscounts: cart.merchantDiscounts,
        address: ctx.input.shippingAddress ?? cart.contactInfo?.address,
        selected: ctx.input.selectedShippingOption,
        calculateTax: ctx.input.calculateTax,
        calculateShipping: ctx.input.calculateShipping,
      });
      return {
        cart,
        priceSummary: t.priceSummary,
        appliedDiscounts: t.appliedDiscounts,
        shippingInfo: t.shippingInfo,
        taxSummary: t.taxSummary,
        calculationErrors: t.calculationErrors,
        membershipOptions: { eligibleMemberships: [], invalidMemberships: [] },
        currency: CURRENCY,
        weightUnit: 'KG',
        payNow: t.priceSummary,
        additionalFees: [],
        violations: [],
        calculatedLineItems: cart.lineItems.map((l: Json) => ({ lineItemId: l.id, paymentOption: l.paymentOption })),
      };
    },
    'currentCart.createCheckoutFromCurrentCart': (ctx) => {
      const cart = requireCart(ctx);
      if (!cart.lineItems?.length) throw appError(400, 'CART_IS_EMPTY', 'An empty cart cannot make a checkout');
      const ck = checkoutFromLines(ctx, cart.lineItems, { ...ctx.input, couponCode: cart.couponCode, cartId: cart.id });
      saveCheckout(ctx, ck, 'created');
      ctx.db.put(CARTS, cart.id, { ...cart, checkoutId: ck.id });
      return { checkoutId: ck.id };
    },
    // ---------- checkout ----------
    'checkout.createCheckout': (ctx) => {
      if (ctx.caller.kind === 'anonymous') throw appError(401, 'UNAUTHENTICATED', 'A checkout belongs to a visitor or a member');
      const lines = addLines(ctx, [], ctx.input.lineItems ?? []);
      const info = ctx.input.checkoutInfo ?? {};
      const ck = checkoutFromLines(ctx, lines, { channelType: ctx.input.channelType, couponCode: ctx.input.couponCode, email: info.buyerInfo?.email });
      if (ctx.input.couponCode) couponFor(ctx, ctx.input.couponCode);
      if (ctx.input.giftCardCode) {
        if (!ctx.db.get(GIFT_CARDS, ctx.input.giftCardCode)) throw appError(400, 'GIFT_CARD_NOT_FOUND', `Gift card ${ctx.input.giftCardCode} not found`);
        ck.giftCardCode = ctx.input.giftCardCode;
      }
      if (ctx.input.overrideCheckoutUrl) ck.overrideCheckoutUrl = ctx.input.overrideCheckoutUrl;
      if (ctx.input.customLineItems?.length) ck.customLineItems = ctx.input.customLineItems.map((c: Json) => ({ ...c, id: ctx.newId() }));
      for (const k of ['billingInfo', 'shippingInfo', 'buyerNote']) if (info[k]) ck[k] = info[k];
      return saveCheckout(ctx, ck, 'created');
    },
    'checkout.getCheckout': (ctx) => ({ checkout: requireCheckout(ctx, ctx.input.id) }),
    'checkout.getCheckoutByCartId': (ctx) => {
      const ck = ctx.db.list<Json>(CHECKOUTS).find((c) => c.cartId === ctx.input.id && owns(ctx, c));
      if (!ck) throw notFound('Checkout for cart', ctx.input.id, 'CHECKOUT_NOT_FOUND');
      return { checkout: ck };
    },
    'checkout.getCheckoutUrl': (ctx) => {
      const ck = requireCheckout(ctx, ctx.input.id);
      return { checkoutUrl: ck.overrideCheckoutUrl ?? `${ctx.origin}/__sandbox/checkout/${encodeURIComponent(ck.id)}` };
    },
    'checkout.updateCheckout': (ctx) =>
      changeCheckout(ctx, ctx.input.checkout.id, (ck) => {
        const input = ctx.input.checkout ?? {};
        const mask = ctx.input.fieldMask ? String(ctx.input.fieldMask).split(',').map((s: string) => s.trim()) : Object.keys(input).filter((k) => k !== 'id');
        const allowed = ['buyerNote', 'billingInfo', 'shippingInfo', 'buyerInfo', 'customFields', 'channelType', 'extendedFields'];
        for (const key of mask) {
          const top = key.split('.')[0];
          if (!allowed.includes(top)) throw appError(400, 'FIELD_NOT_UPDATABLE', `Checkout field ${key} cannot be updated`, { field: key });
          if (top in input) ck[top] = top === 'buyerInfo' ? { ...ck.buyerInfo, email: input.buyerInfo?.email } : input[top];
        }
        if (ctx.input.couponCode !== undefined) {
          couponFor(ctx, ctx.input.couponCode);
          ck.couponCode = ctx.input.couponCode;
        }
        if (ctx.input.giftCardCode !== undefined) {
          if (!ctx.db.get(GIFT_CARDS, ctx.input.giftCardCode)) throw appError(400, 'GIFT_CARD_NOT_FOUND', `Gift card ${ctx.input.giftCardCode} not found`);
          ck.giftCardCode = ctx.input.giftCardCode;
        }
        if (ctx.input.overrideCheckoutUrl !== undefined) ck.overrideCheckoutUrl = ctx.input.overrideCheckoutUrl;
        if (ctx.input.lineItems?.length) ck.lineItems = addLines(ctx, ck.lineItems, ctx.input.lineItems);
      }),
    'checkout.removeCoupon': (ctx) => changeCheckout(ctx, ctx.input.id, (ck) => delete ck.couponCode),
    'checkout.removeGiftCard': (ctx) =>
      changeCheckout(ctx, ctx.input.id, (ck) => {
        delete ck.giftCardCode;
        delete ck.giftCard;
      }),
    'checkout.removeOverrideCheckoutUrl': (ctx) => changeCheckout(ctx, ctx.input.id, (ck) => delete ck.overrideCheckoutUrl),
    'checkout.addToCheckout': (ctx) =>
      changeCheckout(ctx, ctx.input.id, (ck) => {
        ck.lineItems = addLines(ctx, ck.lineItems, ctx.input.lineItems ?? []);
        if (ctx.input.customLineItems?.length) ck.customLineItems = [...(ck.customLineItems ?? []), ...ctx.input.customLineItems.map((c: Json) => ({ ...c, id: ctx.newId() }))];
      }),
    'checkout.removeLineItems': (ctx) => changeCheckout(ctx, ctx.input.id, (ck) => (ck.lineItems = removeLines(ck.lineItems, ctx.input.lineItemIds))),
    'checkout.updateLineItemsQuantity': (ctx) => changeCheckout(ctx, ctx.input.id, (ck) => (ck.lineItems = setQuantities(ctx, ck.lineItems, ctx.input.lineItems))),
    'checkout.getCheckoutPaymentSettings': (ctx) => {
      requireCheckout(ctx, ctx.input.id);
      return { paymentSettings: { blockedPaymentOptions: [] } };
    },
    'checkout.markCheckoutAsCompleted': (ctx) => {
      const ck = requireCheckout(ctx, ctx.input.id);
      if (!ck.completed) {
        ctx.db.put(CHECKOUTS, ck.id, { ...ck, completed: true, updatedDate: ctx.now().toISOString() });
        emit(ctx, 'wix.ecom.v1.checkout', 'completed', ck);
      }
      return {};
    },
    'checkout.createOrder': (ctx) => {
      const ck = structuredClone(requireCheckout(ctx, ctx.input.id));
      if (ck.completed) throw conflict('CHECKOUT_ALREADY_COMPLETED', `Checkout ${ck.id} already made an order`);
      priceCheckout(ctx, ck);
      const orderable = ck.lineItems.filter((l: Json) => l.availability?.status === 'AVAILABLE' || l.availability?.status === 'PARTIALLY_AVAILABLE');
      if (!orderable.length) throw appError(400, 'NO_AVAILABLE_ITEMS', 'None of the checkout line items is available');
      const order = orderFromCheckout(ctx, ck, { delayCapture: ctx.input.delayCapture });
      const paymentId = ctx.newId();
      const authorized = Boolean(ctx.input.delayCapture) && order.paymentStatus !== 'PAID';
      // The authorization shows in the order's activities (the back office captures by its payment id).
      if (authorized) order.activities.push({ id: ctx.newId(), createdDate: order.createdDate, type: 'AUTHORIZED_PAYMENT_CREATED', paymentId, amount: ck.priceSummary.total });
      ctx.db.put(ORDERS, order.id, order);
      // The order takes its items out of the tracked inventory (a cancel with restock puts them back).
      for (const line of order.lineItems) changeStock(ctx, line.catalogReference, -line.quantity);
      if (ck.giftCardCode && ck.giftCard) {
        const card = ctx.db.get<Json>(GIFT_CARDS, ck.giftCardCode)!;
        ctx.db.put(GIFT_CARDS, card.id, { ...card, balance: Math.round((card.balance - num(ck.giftCard.amount)) * 100) / 100 });
      }
      const paymentGatewayOrderId = `pg-${order.number}`;
      ctx.db.put('transactions', order.id, {
        id: order.id,
        orderId: order.id,
        payments:
          order.paymentStatus === 'PAID'
            ? []
            : [
                {
                  id: paymentId,
                  createdDate: order.createdDate,
                  amount: ck.priceSummary.total,
                  refundDisabled: false,
                  regularPaymentDetails: {
                    paymentGatewayOrderId,
                    offlinePayment: false,
                    status: ctx.input.delayCapture ? 'AUTHORIZED' : 'PENDING',
                    // An authorization nobody captures is voided after 7 days (card authorizations expire); the orders module's runJobs does it.
                    ...(authorized
                      ? { authorizationDetails: { delayedCapture: true, authorizedDate: order.createdDate, captures: [], scheduledAction: { actionType: 'VOID', executionDate: new Date(Date.parse(order.createdDate) + AUTHORIZATION_DAYS * 86400000).toISOString() } } }
                      : {}),
                  },
                },
              ],
        refunds: [],
      });
      ctx.db.put(CHECKOUTS, ck.id, { ...ck, completed: true });
      emit(ctx, 'wix.ecom.v1.checkout', 'completed', ck);
      emit(ctx, 'wix.ecom.v1.order', 'created', order);
      return { orderId: order.id, paymentGatewayOrderId };
    },
  },
  routes: [
    {
      // What the provider's checkout page would show: a sandbox stand-in (every text escaped).
      method: 'GET',
      path: '/__sandbox/checkout/',
      prefix: true,
      handle(_request, env) {
        const id = decodeURIComponent(env.url.pathname.slice('/__sandbox/checkout/'.length));
        const ck = env.sandbox.store.db.get<Json>(CHECKOUTS, id);
        const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
        const body = ck
          ? `<h1>Checkout ${esc(ck.id)}</h1><p>On the provider this page takes payment for ${esc(ck.lineItems?.length)} line item(s), total ${esc(ck.priceSummary?.total?.formattedAmount)}, then creates the order.</p><p>In the sandbox, call <code>checkout.createOrder</code> to do the same.</p>`
          : `<h1>No checkout ${esc(id)}</h1>`;
        return new Response(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox checkout</title></head><body>${body}</body></html>`, {
          status: ck ? 200 : 404,
          headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
        });
      },
    },
  ],
};
