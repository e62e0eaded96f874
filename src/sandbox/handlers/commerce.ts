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
import { appError, conflict, notFound } from '../platform/errors.ts';
import { entityEvent } from '../platform/events.ts';
import type { SandboxModule, SeedContext } from '../platform/module.ts';
import type { OperationContext, SandboxHandlers } from '../platform/types.ts';
import { maskedKeys } from '../platform/safe-object.ts';
import { findProduct, priceForVariant } from '../domain/catalog.ts';
import { catalogLine, catalogLineError, sameItem, type CatalogLineProblem } from '../domain/line-items.ts';
import { COUPON, GIFT_CARD } from '../seed/ids.ts';
import { minorOf, toMajor, toMinor, wirePrice } from '../domain/money.ts';
import { computeTotals, rateText, taxRateFor, type CouponRule } from '../domain/totals.ts';
import { placeOrder, type OrderToPlace } from '../domain/place-order.ts';

type Json = Record<string, any>;

const CARTS = 'carts';
const CHECKOUTS = 'checkouts';
import { price as minorPrice } from '../domain/settlement.ts';
import { checkoutPage } from '../pages/checkout.ts';
const COUPONS = 'coupons';
const GIFT_CARDS = 'giftCards';
const CURRENCY = 'USD';
const CARRIER = 'sandbox-carrier';

/** A wire price from major units (the catalog's numbers) or from minor units. */
const price = (n: number) => ({ ...wirePrice(toMinor(n)) });

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

/** The caller's cart, read through the store's indexes (a member's own cart first, else the visitor's cart no member owns). */
function currentCart(ctx: OperationContext): Json | undefined {
  const c = ctx.caller;
  const visitors = (visitorId: string) => ctx.db.find<Json>(CARTS, { 'buyerInfo.visitorId': visitorId, 'buyerInfo.memberId': undefined });
  if (c.kind === 'member') return ctx.db.find<Json>(CARTS, { 'buyerInfo.memberId': c.memberId }) ?? visitors(c.visitorId);
  return c.kind === 'visitor' ? visitors(c.visitorId) : undefined;
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
  const built = catalogLine(ctx.db, ref);
  if ('problem' in built) throw catalogLineError(built as CatalogLineProblem, ref);
  const { unit, full, ...fields } = built;
  const line: Json = { id, quantity: input.quantity, ...fields, price: minorPrice(unit), fullPrice: minorPrice(full), priceBeforeDiscounts: minorPrice(unit) };
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
    // Prices follow the catalog: a price change shows in every price of the line (unchanged ones are kept as they are).
    const unit = toMinor(pricing.price);
    const full = toMinor(pricing.fullPrice);
    if (minorOf(line.price) !== unit) line.price = minorPrice(unit);
    if (minorOf(line.priceBeforeDiscounts) !== unit) line.priceBeforeDiscounts = minorPrice(unit);
    if (minorOf(line.fullPrice) !== full) line.fullPrice = minorPrice(full);
    if (line.physicalProperties?.weight !== pricing.weight) line.physicalProperties = { ...line.physicalProperties, weight: pricing.weight };
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
      cost: { price: minorPrice(destination?.country && destination.country !== 'US' ? 1500 : 500), otherCharges: [] },
    },
    {
      code: 'pickup',
      title: 'Store pickup',
      logistics: {
        deliveryTime: 'Ready tomorrow',
        pickupDetails: { address: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10011', addressLine: '235 W 23rd St' }, pickupMethod: 'STORE_PICKUP' },
      },
      cost: { price: minorPrice(0), otherCharges: [] },
    },
  ];
}

/** A line's quantity that can be paid for: all of an available line, what is left of a short one. */
export function payableQuantity(l: Json): number {
  const status = l.availability?.status;
  if (status !== 'AVAILABLE' && status !== 'PARTIALLY_AVAILABLE') return 0;
  return Math.min(l.quantity, l.availability?.quantityAvailable ?? l.quantity);
}

type PricingOptions = { couponCode?: string; merchantDiscounts?: Json[]; address?: Json; selected?: Json; giftCard?: Json; calculateTax?: boolean; calculateShipping?: boolean };

/** The totals of the payable lines (domain/totals.ts) and the discounts applied, as the wire shows them. */
function discounted(ctx: OperationContext, payable: Json[], opts: PricingOptions, shipping = 0, taxRate = 0) {
  const coupon = couponFor(ctx, opts.couponCode);
  const t = computeTotals({
    lines: payable.map((l) => ({ unit: minorOf(l.price), quantity: payableQuantity(l) })),
    coupon: coupon as CouponRule | undefined,
    merchantDiscounts: (opts.merchantDiscounts ?? []).map((m) => minorOf(m.amount?.amount !== undefined ? m.amount : { amount: m.amount })),
    shipping,
    taxRate,
    giftCardBalance: opts.giftCard ? toMinor(opts.giftCard.balance) : 0,
  });
  const applied: Json[] = [];
  if (coupon) applied.push({ discountType: 'GLOBAL', coupon: { id: coupon.id, code: coupon.code, name: coupon.name, amount: minorPrice(t.coupon), couponType: coupon.kind } });
  t.merchantDiscounts.forEach((amount) =>
    applied.push({ discountType: 'GLOBAL', merchantDiscount: { amount: minorPrice(amount), percentage: t.subtotal ? Math.round((amount * 10000) / t.subtotal) / 100 : 0 } }),
  );
  return { t, applied };
}

/** Totals of a set of lines for an address: discounts, shipping, tax (domain/totals.ts), in the wire's shapes. */
function totals(ctx: OperationContext, lines: Json[], opts: PricingOptions) {
  const payable = lines.filter((l) => payableQuantity(l) > 0);
  const shippable = payable.some((l) => l.physicalProperties?.shippable);
  const options = shippable ? shippingOptions(ctx.now(), opts.address) : [];
  const chosen = shippable && opts.calculateShipping !== false && opts.address ? (options.find((o) => o.code === (opts.selected?.code ?? 'standard')) ?? options[0]) : undefined;
  const rate = opts.calculateTax === false ? 0 : taxRateFor(opts.address?.country);
  const { t, applied } = discounted(ctx, payable, opts, chosen ? minorOf(chosen.cost.price) : 0, rate);
  const calculationErrors: Json = {};
  if (!opts.address && shippable) {
    calculationErrors.generalShippingCalculationError = { applicationError: { code: 'MISSING_SHIPPING_ADDRESS', description: 'Shipping cannot be calculated without a shipping address', data: {} } };
  }
  return {
    totals: t,
    rate,
    priceSummary: { subtotal: minorPrice(t.subtotal), discount: minorPrice(t.discount), shipping: minorPrice(t.shipping), tax: minorPrice(t.tax), total: minorPrice(t.total), additionalFees: minorPrice(0) },
    appliedDiscounts: applied,
    shippingInfo: {
      region: opts.address?.country ? { id: opts.address.country.toLowerCase(), name: opts.address.country } : undefined,
      shippingDestination: opts.address ? { address: opts.address } : undefined,
      selectedCarrierServiceOption: chosen ? { ...chosen, carrierId: CARRIER } : undefined,
      carrierServiceOptions: shippable ? [{ carrierId: CARRIER, shippingOptions: options }] : [],
    },
    taxSummary: {
      taxableAmount: minorPrice(t.taxable),
      totalTax: minorPrice(t.tax),
      calculationDetails: rate ? { rateType: 'MANUAL_RATE' as const, manualRateReason: 'REGION_SETTING_TO_MANUAL' as const } : { rateType: 'NO_TAX_COLLECTED' as const },
      taxBreakdown: rate ? [{ jurisdictionName: opts.address!.country, jurisdictionType: 'COUNTRY' as const, rate: rateText(rate), taxAmount: minorPrice(t.tax), taxableAmount: minorPrice(t.taxable) }] : [],
    },
    giftCard: opts.giftCard ? { id: opts.giftCard.id, obfuscatedCode: `****${String(opts.giftCard.code).slice(-4)}`, amount: minorPrice(t.giftCard) } : undefined,
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
  // A cart shows its subtotal and discounts only (shipping and tax are the estimate's).
  const { t, applied } = discounted(ctx, cart.lineItems.filter((l: Json) => payableQuantity(l) > 0), { couponCode: cart.couponCode, merchantDiscounts: cart.merchantDiscounts });
  cart.subtotal = minorPrice(t.subtotal);
  cart.appliedDiscounts = applied;
  return cart;
}

function priceCheckout(ctx: OperationContext, ck: Json): Json {
  ck.lineItems = (ck.lineItems ?? []).map((l: Json) => refreshAvailability(ctx, l));
  const giftCard = ck.giftCardCode ? ctx.db.get<Json>(GIFT_CARDS, ck.giftCardCode) : undefined;
  const address = ck.shippingInfo?.shippingDestination?.address;
  const t = totals(ctx, ck.lineItems, { couponCode: ck.couponCode, address, selected: ck.shippingInfo?.selectedCarrierServiceOption, giftCard });
  Object.assign(ck, { priceSummary: t.priceSummary, appliedDiscounts: t.appliedDiscounts, taxSummary: t.taxSummary, calculationErrors: t.calculationErrors, payNow: t.priceSummary });
  // The buyer's choice (pickup, say) is kept while nothing can ship, and applies again when something can.
  const chosen = t.shippingInfo.selectedCarrierServiceOption ?? ck.shippingInfo?.selectedCarrierServiceOption;
  ck.shippingInfo = { ...t.shippingInfo, shippingDestination: ck.shippingInfo?.shippingDestination, ...(chosen ? { selectedCarrierServiceOption: chosen } : {}) };
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

/** A visitor's cart lines move into the member's cart when they sign in (the `memberSignedIn` event). */
function mergeVisitorCartIntoMember(ctx: OperationContext, { visitorId, memberId }: { visitorId: string; memberId: string }): void {
  const visitorCart = ctx.db.find<Json>(CARTS, { 'buyerInfo.visitorId': visitorId, 'buyerInfo.memberId': undefined });
  if (!visitorCart) return;
  const memberCart = ctx.db.find<Json>(CARTS, { 'buyerInfo.memberId': memberId });
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

/** The wire fields of a checkout line an order keeps (prices and totals are the order's to set). */
const ORDER_LINE_FIELDS = ['productName', 'catalogReference', 'url', 'image', 'physicalProperties', 'itemType', 'descriptionLines', 'paymentOption', 'catalogOverrideFields', 'serviceProperties'];

/** What a checkout orders: its payable lines (a short line: what is left), shipping, tax country, coupon and gift card. */
function orderFromCheckout(ctx: OperationContext, ck: Json, delayCapture: boolean): OrderToPlace {
  const orderable = ck.lineItems.filter((l: Json) => payableQuantity(l) > 0);
  if (!orderable.length) throw appError(400, 'NO_AVAILABLE_ITEMS', 'None of the checkout line items is available');
  const giftCard = ck.giftCardCode ? ctx.db.get<Json>(GIFT_CARDS, ck.giftCardCode) : undefined;
  const selected = ck.shippingInfo?.selectedCarrierServiceOption;
  const destination = ck.shippingInfo?.shippingDestination;
  const shippable = orderable.some((l: Json) => l.physicalProperties?.shippable);
  return {
    lines: orderable.map((l: Json) => ({
      ...Object.fromEntries(ORDER_LINE_FIELDS.filter((k) => l[k] !== undefined).map((k) => [k, l[k]])),
      unit: minorOf(l.price),
      full: minorOf(l.fullPrice ?? l.price),
      quantity: payableQuantity(l),
    })),
    currency: ck.currency ?? CURRENCY,
    coupon: couponFor(ctx, ck.couponCode) as (CouponRule & Json) | undefined,
    shipping:
      shippable && selected
        ? {
            info: { carrierId: CARRIER, code: selected.code, title: selected.title, logistics: { ...selected.logistics, shippingDestination: destination }, cost: selected.cost },
            cost: minorOf(selected.cost?.price),
          }
        : undefined,
    taxCountry: destination?.address?.country,
    giftCard: giftCard ? { id: giftCard.id, code: giftCard.code, balance: toMinor(giftCard.balance) } : undefined,
    fields: {
      checkoutId: ck.id,
      ...(ck.cartId ? { cartId: ck.cartId } : {}),
      buyerInfo: ck.buyerInfo,
      ...(ck.billingInfo ? { billingInfo: ck.billingInfo } : {}),
      ...(ck.buyerNote ? { buyerNote: ck.buyerNote } : {}),
      channelInfo: { type: ck.channelType ?? 'WEB' },
      weightUnit: ck.weightUnit ?? 'KG',
    },
    approval: 'DEFAULT',
    payment: { kind: 'gateway', delayCapture },
  };
}

export const commerceModule: SandboxModule = {
  name: 'commerce',
  seed,
  on: { memberSignedIn: mergeVisitorCartIntoMember },
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
      const info: Record<string, unknown> = ctx.input.cartInfo ?? {};
      for (const key of maskedKeys(ctx.input.cartFieldmask, info, 'cartFieldmask')) cart[key] = info[key];
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
      for (const k of ['billingInfo', 'shippingInfo', 'buyerNote'] as const) if (info[k]) ck[k] = info[k];
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
      changeCheckout(ctx, ctx.params['checkout.id'], (ck) => {
        // The checkout's fields by name, for the field mask.
        const input: Record<string, unknown> = ctx.input.checkout ?? {};
        const mask = ctx.input.fieldMask ? String(ctx.input.fieldMask).split(',').map((s: string) => s.trim()) : Object.keys(input).filter((k) => k !== 'id');
        const allowed = ['buyerNote', 'billingInfo', 'shippingInfo', 'buyerInfo', 'customFields', 'channelType', 'extendedFields'];
        for (const key of mask) {
          const top = key.split('.')[0];
          if (!allowed.includes(top)) throw appError(400, 'FIELD_NOT_UPDATABLE', `Checkout field ${key} cannot be updated`, { field: key });
          if (top in input) ck[top] = top === 'buyerInfo' ? { ...ck.buyerInfo, email: ctx.input.checkout.buyerInfo?.email } : input[top];
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
      const placed = placeOrder(ctx, orderFromCheckout(ctx, ck, Boolean(ctx.input.delayCapture)));
      if (ck.giftCardCode && placed.totals.giftCard > 0) {
        const card = ctx.db.get<Json>(GIFT_CARDS, ck.giftCardCode)!;
        ctx.db.put(GIFT_CARDS, card.id, { ...card, balance: toMajor(toMinor(card.balance) - placed.totals.giftCard) });
      }
      ctx.db.put(CHECKOUTS, ck.id, { ...ck, completed: true });
      emit(ctx, 'wix.ecom.v1.checkout', 'completed', ck);
      return { orderId: placed.order.id, ...(placed.paymentGatewayOrderId ? { paymentGatewayOrderId: placed.paymentGatewayOrderId } : {}) };
    },
  } satisfies SandboxHandlers<'currentCart' | 'checkout'>,
  routes: [
    {
      // What the provider's checkout page would show: a sandbox stand-in (../pages/checkout.ts).
      method: 'GET',
      path: '/__sandbox/checkout/',
      prefix: true,
      handle(_request, env) {
        const id = decodeURIComponent(env.url.pathname.slice('/__sandbox/checkout/'.length));
        const ck = env.sandbox.store.db.get<Json>(CHECKOUTS, id);
        return checkoutPage(id, ck && { lineItemCount: ck.lineItems?.length, total: ck.priceSummary?.total?.formattedAmount });
      },
    },
  ],
};
