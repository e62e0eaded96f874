/**
 * What an operation needs that a fresh sandbox lacks (a cart, a checkout, an order, a state or
 * recovery token), in stages. Each stage first looks at the sandbox (read-only calls, not in
 * the history): what is there is used as it is, and only the missing stages run, after the
 * page has said what they will change. One table: operation key -> preparation.
 */
import { findOperation } from '../../../core/operations.ts';
import { finishAuthentication, oauthStrategy, send, sendUnrecorded } from '../../../core/client.ts';
import { control as sandboxControl } from '../../../core/sandbox-control.ts';
import { getState, isSandbox } from '../../../core/state.ts';
import { STORES_APP_ID } from '../../../../../src/index.ts';

type Values = Record<string, any>;

interface Step {
  /** What the step does, shown before it runs. */
  says: string;
  run(v: Values): Promise<Values>;
}

/** A thing an operation needs, looked for before it is made. */
export interface Stage {
  /** What it is, in words: "a cart with a product in it". */
  needs: string;
  /** What making it changes, said before it runs. */
  changes: string;
  /** Reads the sandbox without changing it: the stage's values when it is there already, else undefined. */
  look?: (v: Values) => Promise<Values | undefined>;
  /** What was found, in words, from the looked-up values. */
  found?: (v: Values) => string;
  steps: Step[];
}

export interface Preparation {
  /** Why the operation needs it, in a sentence. */
  why: string;
  stages: Stage[];
  /** When the page offers it (default: always). */
  offeredTo?: (role: string) => boolean;
  /** Where the carried values go: path parameters in order, and top-level option fields. */
  fill(v: Values): { path?: string[]; options?: Record<string, unknown> };
}

/** What looking found: the stages there already, the ones to run, and the values found. */
export interface Plan {
  present: { stage: Stage; said: string }[];
  missing: Stage[];
  values: Values;
}

const AS_SHOPPER = { elevated: false, source: 'run first' };

function call(
  key: string,
  request: (v: Values) => { path?: string[]; options?: unknown },
  carry: (r: any, v: Values) => Values,
  how: { elevated?: boolean } = {},
): Step {
  return {
    says: key.split('.')[1],
    async run(v) {
      const d = findOperation(key);
      if (!d) throw new Error(`the console has no operation ${key}`);
      const { path = [], options = {} } = request(v);
      const r = await send(d, path, options, { ...AS_SHOPPER, ...how });
      if (!r.ok) throw new Error(`${d.operationId} answered ${r.status ?? 'nothing'}: ${r.error?.message}`);
      return carry(r.result, v);
    },
  };
}

/** The sandbox's control API (settings, outbox); only the embedded sandbox has one. */
function control(method: string, path: string, body?: unknown): Promise<any> {
  if (!isSandbox())
    throw new Error('this preparation reads the sandbox (its outbox or settings): run it against a sandbox');
  return sandboxControl(method, path, body);
}

const mailTo = async (email: string, kind: string) => {
  const { mail } = await control('GET', `/__sandbox/outbox?to=${encodeURIComponent(email)}`);
  const found = (mail as { kind?: string; data?: Values }[]).filter((m) => m.kind === kind).at(-1);
  if (!found?.data) throw new Error(`no ${kind} e-mail to ${email} in the sandbox outbox`);
  return found.data;
};

/** A read for a look: the answer when it is 2xx, else undefined (not there, or not readable by this caller). */
async function read(key: string, path: string[], options: unknown, how: { elevated?: boolean } = {}): Promise<any> {
  const d = findOperation(key);
  if (!d) throw new Error(`the console has no operation ${key}`);
  const r = await sendUnrecorded(d, path, options, { elevated: false, ...how });
  return r.ok ? r.result : undefined;
}

/**
 * The visitor's (or member's) current cart with a line in it, read and filled through Cart V2
 * (the provider removes Cart V1 on 2027-02-01; both read one cart). Without tokens there is no
 * one whose cart it could be, so nothing is read (reading would make a visitor).
 */
const cartStage: Stage = {
  needs: 'a cart with a product in it',
  changes:
    'adds one in-stock product from the catalog to your current cart (queryProducts, then addLineItemsToCurrentCart)',
  async look() {
    if (!getState().tokens) return undefined;
    const r = await read('currentCartV2.getCurrentCart', [], {});
    const line = r?.cart?.lineItems?.[0];
    if (!line) return undefined;
    return {
      cartId: r.cart.id,
      lineItemId: line.id,
      lines: r.cart.lineItems.length,
      couponId: r.cart.coupons?.[0]?.id,
    };
  },
  found: (v) => `your current cart (${v.lines} line item${v.lines === 1 ? '' : 's'})`,
  steps: [
    call(
      'products.queryProducts',
      () => ({ options: { query: { paging: { limit: 20 } } } }),
      (r) => {
        const product = (r.products ?? []).find((p: any) => p.stock?.inStock !== false) ?? r.products?.[0];
        if (!product) throw new Error('the catalog answered no products');
        return { productId: product.id };
      },
    ),
    call(
      'currentCartV2.addLineItemsToCurrentCart',
      (v) => ({
        options: {
          catalogItems: [{ quantity: 1, catalogReference: { catalogItemId: v.productId, appId: STORES_APP_ID } }],
        },
      }),
      (r) => ({ cartId: r.cart?.id, lineItemId: r.cart?.lineItems?.[0]?.id }),
    ),
  ],
};

/** A coupon on the current cart (the seed's SAVE10), for the calls that remove one by its id. */
const couponStage: Stage = {
  needs: 'a coupon on your cart',
  changes: 'adds the coupon SAVE10 to your current cart (addCouponToCurrentCart)',
  async look(v) {
    return v.couponId ? { couponId: v.couponId } : undefined;
  },
  found: (v) => `the coupon on your cart (${v.couponId})`,
  steps: [
    call(
      'currentCartV2.addCouponToCurrentCart',
      () => ({ options: { coupon: { code: 'SAVE10' } } }),
      (r) => ({ couponId: r.cart?.coupons?.[0]?.id }),
    ),
  ],
};

/** A delivery address on the current cart (the one the delivery methods are priced for). */
const addressStage: Stage = {
  needs: 'a delivery address on your cart',
  changes: 'sets a New York delivery address on your current cart (updateCurrentCart)',
  async look() {
    const r = await read('currentCartV2.getCurrentCart', [], {});
    return r?.cart?.deliveryInfo?.address?.country ? { address: true } : undefined;
  },
  found: () => 'the delivery address on your cart',
  steps: [
    call(
      'currentCartV2.updateCurrentCart',
      () => ({
        options: {
          cart: {
            deliveryInfo: {
              address: {
                country: 'US',
                subdivision: 'US-NY',
                city: 'New York',
                postalCode: '10011',
                addressLine: '235 W 23rd St',
              },
            },
          },
        },
      }),
      () => ({ address: true }),
    ),
  ],
};

/** Checkout V1's checkout of the current cart: a V1 call, for the Checkout V1 operations only (on Cart V2 the cart's id is its checkout's). */
const checkoutOfCart = async (): Promise<string | undefined> =>
  (await read('currentCart.getCurrentCart', [], {}))?.cart?.checkoutId;

/** The checkout the current cart made, while it is not completed. */
const checkoutStage: Stage = {
  needs: 'a checkout of your cart',
  changes: 'creates a checkout from your current cart (createCheckoutFromCurrentCart)',
  async look() {
    const cartCheckoutId = getState().tokens ? await checkoutOfCart() : undefined;
    if (!cartCheckoutId) return undefined;
    const r = await read('checkout.getCheckout', [cartCheckoutId], {});
    return r?.checkout && !r.checkout.completed ? { checkoutId: r.checkout.id } : undefined;
  },
  found: (v) => `the checkout of your cart (${v.checkoutId})`,
  steps: [
    call(
      'currentCart.createCheckoutFromCurrentCart',
      () => ({ options: { channelType: 'WEB' } }),
      (r) => ({ checkoutId: r.checkoutId }),
    ),
  ],
};

/** The newest order still open, with a buyer e-mail (an order without one cannot be told it was canceled); read with the API key, as orders are. */
const orderStage: Stage = {
  needs: 'an open order',
  changes:
    'sets the buyer e-mail shopper@storefront.test on the checkout and places its order (updateCheckout, then createOrder)',
  async look() {
    const r = await read(
      'orders.searchOrders',
      [],
      {
        search: {
          filter: {
            status: { $ne: 'CANCELED' },
            paymentStatus: { $eq: 'NOT_PAID' },
            'buyerInfo.email': { $exists: true },
          },
          sort: [{ fieldName: 'createdDate', order: 'DESC' }],
          cursorPaging: { limit: 1 },
        },
      },
      { elevated: true },
    );
    const o = r?.orders?.[0];
    return o ? { orderId: o.id, orderNumber: o.number } : undefined;
  },
  found: (v) => `order ${v.orderNumber ?? v.orderId}, open and not paid`,
  steps: [
    call(
      'checkout.updateCheckout',
      (v) => ({ path: [v.checkoutId], options: { checkout: { buyerInfo: { email: 'shopper@storefront.test' } } } }),
      () => ({}),
    ),
    call(
      'checkout.createOrder',
      (v) => ({ path: [v.checkoutId] }),
      (r) => ({ orderId: r.orderId }),
    ),
  ],
};

/** A registration the site stops at e-mail verification: its state token (and the e-mailed code). */
const pendingRegistration: Stage = {
  needs: 'a registration waiting for e-mail verification',
  changes:
    "registers a new member while the sandbox asks for e-mail verification (its setting is put back after), and reads the code from the sandbox's outbox",
  steps: [
    {
      says: 'ask for e-mail verification (sandbox setting), registerV2 a new member, read the code from the outbox',
      async run() {
        const before = await control('GET', '/__sandbox/settings');
        await control('PATCH', '/__sandbox/settings', { requireEmailVerification: true });
        try {
          const email = `new-${crypto.randomUUID().slice(0, 8)}@storefront.test`;
          const d = findOperation('authentication.registerV2')!;
          const r = await send(d, [], { loginId: { email }, password: `pw-${crypto.randomUUID()}` }, AS_SHOPPER);
          const stateToken = (r.result as Values | undefined)?.stateToken;
          if (!r.ok || !stateToken)
            throw new Error(
              `registerV2 answered ${r.status ?? 'nothing'} without a state token${r.error ? `: ${r.error.message}` : ''}`,
            );
          return { stateToken, code: (await mailTo(email, 'verification')).code };
        } finally {
          await control('PATCH', '/__sandbox/settings', {
            requireEmailVerification: Boolean(before.requireEmailVerification),
          });
        }
      },
    },
  ],
};

const recoveryMail: Stage = {
  needs: 'a recovery token',
  changes:
    "sends a recovery e-mail to the demo member (sendRecoveryEmail) and reads its token from the sandbox's outbox",
  steps: [
    {
      says: "sendRecoveryEmail to the demo member, read the token from the sandbox's outbox",
      async run() {
        const { demoMember } = await control('GET', '/__sandbox/info');
        const r = await send(findOperation('recovery.sendRecoveryEmail')!, [], { email: demoMember.email }, AS_SHOPPER);
        if (!r.ok) throw new Error(`sendRecoveryEmail answered ${r.status ?? 'nothing'}: ${r.error?.message}`);
        return { recoveryToken: (await mailTo(demoMember.email, 'recovery')).recoveryToken };
      },
    },
  ],
};

/** A member's own operations: a new member registers and is logged in (the demo member is left as it is). */
const asNewMember: Preparation = {
  why: 'It is called as a logged-in member; you are not one yet.',
  offeredTo: (role) => role !== 'member',
  stages: [
    {
      needs: 'a logged-in member',
      changes: 'registers a new member (a made-up e-mail) and logs in as it; the demo member is left as it is',
      steps: [
        {
          says: 'register a new member and log in',
          async run() {
            const email = `member-${crypto.randomUUID().slice(0, 8)}@storefront.test`;
            const password = `pw-${crypto.randomUUID()}`;
            const said = await finishAuthentication('Register', await oauthStrategy().register({ email, password }));
            if (!said.includes('logged in')) throw new Error(said);
            return { email, password };
          },
        },
      ],
    },
  ],
  fill: () => ({}),
};

const inCart = (fill: Preparation['fill'] = () => ({})): Preparation => ({
  why: 'It works on the current cart, with a product in it.',
  stages: [cartStage],
  fill,
});
const onCheckout = (fill: (v: Values) => Record<string, unknown> = () => ({})): Preparation => ({
  why: 'It needs a checkout: one is made from a cart with a product in it.',
  stages: [cartStage, checkoutStage],
  fill: (v) => ({ path: [v.checkoutId], options: fill(v) }),
});
const onOrder: Preparation = {
  why: 'It needs an order: one is placed through a cart and a checkout.',
  stages: [cartStage, checkoutStage, orderStage],
  fill: (v) => ({ path: [v.orderId] }),
};
const withStateToken = (code: boolean): Preparation => ({
  why: 'It continues a login or registration the site stopped half-way, named by its state token.',
  stages: [pendingRegistration],
  fill: (v) => ({ options: code ? { stateToken: v.stateToken, code: v.code } : { stateToken: v.stateToken } }),
});

/** Cart V2's carts by id: the current cart, named by its id (a path parameter). */
const cartById = (options: (v: Values) => Record<string, unknown> = () => ({})): Preparation => ({
  why: 'It works on a cart by its id: your current cart, with a product in it.',
  stages: [cartStage],
  fill: (v) => ({ path: [v.cartId], options: options(v) }),
});
const withCoupon = (fill: Preparation['fill']): Preparation => ({
  why: 'It removes a coupon by its id: one is added to your current cart.',
  stages: [cartStage, couponStage],
  fill,
});
const withAddress = (fill: Preparation['fill']): Preparation => ({
  why: 'It chooses how the cart is delivered: the cart needs a product and a delivery address.',
  stages: [cartStage, addressStage],
  fill,
});
const standardDelivery = { deliveryMethod: { code: 'standard' } };
const lineUpdate = (v: Values) => ({ lineItems: [{ lineItemId: v.lineItemId, quantity: { newQuantity: 2 } }] });

export const PREPARATIONS: Record<string, Preparation> = {
  // Cart V2 first: the current cart and carts by id.
  'currentCartV2.getCurrentCart': inCart(),
  'currentCartV2.updateCurrentCart': inCart(() => ({ options: { cart: { note: 'Gift wrap, please' } } })),
  'currentCartV2.deleteCurrentCart': inCart(),
  'currentCartV2.refreshCurrentCart': inCart(),
  'currentCartV2.calculateCurrentCart': inCart(),
  'currentCartV2.estimateCurrentCart': inCart(),
  'currentCartV2.getUpsellOptionsForCurrentCart': inCart(),
  'currentCartV2.addCouponToCurrentCart': inCart(() => ({ options: { coupon: { code: 'SAVE10' } } })),
  'currentCartV2.removeCouponFromCurrentCart': withCoupon((v) => ({ options: { couponId: v.couponId } })),
  'currentCartV2.removeLineItemsFromCurrentCart': inCart((v) => ({ options: { lineItemIds: [v.lineItemId] } })),
  'currentCartV2.updateLineItemsInCurrentCart': inCart((v) => ({ options: lineUpdate(v) })),
  'cartV2.getCart': cartById(),
  'cartV2.updateCart': cartById(() => ({ cart: { note: 'Gift wrap, please' } })),
  'cartV2.deleteCart': cartById(),
  'cartV2.refreshCart': cartById(),
  'cartV2.calculateCart': cartById(),
  'cartV2.estimateCart': cartById(),
  'cartV2.getUpsellOptions': cartById(),
  'cartV2.getCheckoutUrl': cartById(),
  'cartV2.addCoupon': cartById(() => ({ coupon: { code: 'SAVE10' } })),
  'cartV2.removeLineItems': cartById((v) => ({ lineItemIds: [v.lineItemId] })),
  'cartV2.updateLineItems': cartById(lineUpdate),
  'cartV2.markCartAsCompleted': cartById(),
  'cartV2.removeCoupon': withCoupon((v) => ({ path: [v.cartId], options: { couponId: v.couponId } })),
  'currentCartV2.setDeliveryMethodForCurrentCart': withAddress(() => ({ options: standardDelivery })),
  'cartV2.setDeliveryMethod': withAddress((v) => ({ path: [v.cartId], options: standardDelivery })),
  // Cart V1 and Checkout V1, until the provider removes them (2027-02-01).
  'currentCart.getCurrentCart': inCart(),
  'currentCart.updateCurrentCart': inCart(),
  'currentCart.deleteCurrentCart': inCart(),
  'currentCart.estimateCurrentCartTotals': inCart(),
  'currentCart.createCheckoutFromCurrentCart': inCart(),
  'currentCart.removeCouponFromCurrentCart': inCart(),
  'currentCart.removeLineItemsFromCurrentCart': inCart((v) => ({ options: { lineItemIds: [v.lineItemId] } })),
  'currentCart.updateCurrentCartLineItemQuantity': inCart((v) => ({
    options: { lineItems: [{ id: v.lineItemId, quantity: 2 }] },
  })),
  'checkout.getCheckout': onCheckout(),
  'checkout.getCheckoutUrl': onCheckout(),
  'checkout.updateCheckout': onCheckout(),
  'checkout.removeCoupon': onCheckout(),
  'checkout.removeGiftCard': onCheckout(),
  'checkout.removeOverrideCheckoutUrl': onCheckout(),
  'checkout.addToCheckout': onCheckout(),
  'checkout.createOrder': onCheckout(),
  'checkout.markCheckoutAsCompleted': onCheckout(),
  'checkout.getCheckoutPaymentSettings': onCheckout(),
  'checkout.removeLineItems': onCheckout((v) => ({ lineItemIds: [v.lineItemId] })),
  'checkout.updateLineItemsQuantity': onCheckout((v) => ({ lineItems: [{ id: v.lineItemId, quantity: 2 }] })),
  'checkout.getCheckoutByCartId': {
    why: 'It needs a cart that has a checkout.',
    stages: [cartStage, checkoutStage],
    fill: (v) => ({ path: [v.cartId] }),
  },
  'orders.getOrder': onOrder,
  'orders.cancelOrder': onOrder,
  'orders.preparePaymentCollection': onOrder,
  'orders.getPaymentCollectabilityStatus': onOrder,
  'authentication.proceedToNextState': withStateToken(false),
  'verification.resendDuringAuthentication': withStateToken(false),
  'verification.verifyDuringAuthentication': withStateToken(true),
  'members.updateCurrentMemberSlug': asNewMember,
  'members.joinCommunity': asNewMember,
  'members.leaveCommunity': asNewMember,
  'members.getCurrentMember': asNewMember,
  'members.deleteMyMember': asNewMember,
  'authentication.changePassword': asNewMember,
  'recovery.recover': {
    why: 'It needs a recovery token, which the recovery e-mail carries.',
    stages: [recoveryMail],
    fill: (v) => ({ options: { recoveryToken: v.recoveryToken } }),
  },
};

/**
 * Looks at the sandbox for each stage, in order, changing nothing. A stage found makes the
 * ones before it unneeded (they only lead to it); the stages after the last one found are
 * what Run this first would make.
 */
export async function planPreparation(p: Preparation): Promise<Plan> {
  let values: Values = {};
  const found: (string | undefined)[] = [];
  for (const stage of p.stages) {
    const got = stage.look ? await stage.look(values).catch(() => undefined) : undefined;
    if (got) values = { ...values, ...got };
    found.push(got ? (stage.found?.(values) ?? stage.needs) : undefined);
  }
  const last = found.findLastIndex((f) => f !== undefined);
  return {
    present: p.stages.flatMap((stage, i) => (i <= last && found[i] ? [{ stage, said: found[i]! }] : [])),
    missing: p.stages.slice(last + 1),
    values,
  };
}

/** Runs the missing stages' steps in order, from the values found; what they carry, for the form. */
export async function runPreparation(
  p: Preparation,
  plan: Plan,
  progress: (said: string) => void,
): Promise<ReturnType<Preparation['fill']>> {
  let v: Values = plan.values;
  for (const step of plan.missing.flatMap((s) => s.steps)) {
    progress(`running ${step.says}…`);
    v = { ...v, ...(await step.run(v)) };
  }
  return p.fill(v);
}
