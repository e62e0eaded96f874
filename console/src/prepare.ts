/**
 * What an operation needs that a fresh sandbox lacks (a cart, a checkout, an order, a state or
 * recovery token), as calls to run first; the page offers them as one click and carries the
 * values they answer into its form. One table: operation key -> preparation.
 */
import { findOperation } from './operations.ts';
import { finishAuthentication, oauthStrategy, send } from './client.ts';
import { control as sandboxControl } from './sandbox-control.ts';
import { getState } from './state.ts';
import { STORES_APP_ID } from '../../src/sandbox/seed/ids.ts';

type Values = Record<string, any>;

interface Step {
  /** What the step does, shown before it runs. */
  says: string;
  run(v: Values): Promise<Values>;
}

export interface Preparation {
  /** Why the operation needs it, in a sentence. */
  why: string;
  steps: Step[];
  /** When the page offers it (default: always). */
  offeredTo?: (role: string) => boolean;
  /** Where the carried values go: path parameters in order, and top-level option fields. */
  fill(v: Values): { path?: string[]; options?: Record<string, unknown> };
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
  if (getState().target.kind !== 'sandbox')
    throw new Error('this preparation reads the sandbox (its outbox or settings): run it against the embedded sandbox');
  return sandboxControl(method, path, body);
}

const mailTo = async (email: string, kind: string) => {
  const { mail } = await control('GET', `/__sandbox/outbox?to=${encodeURIComponent(email)}`);
  const found = (mail as { kind?: string; data?: Values }[]).filter((m) => m.kind === kind).at(-1);
  if (!found?.data) throw new Error(`no ${kind} e-mail to ${email} in the sandbox outbox`);
  return found.data;
};

const cart: Step[] = [
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
    'currentCart.addToCurrentCart',
    (v) => ({
      options: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: v.productId, appId: STORES_APP_ID } }] },
    }),
    (r) => ({ cartId: r.cart?.id, lineItemId: r.cart?.lineItems?.[0]?.id }),
  ),
];
const checkout: Step[] = [
  ...cart,
  call(
    'currentCart.createCheckoutFromCurrentCart',
    () => ({ options: { channelType: 'WEB' } }),
    (r) => ({ checkoutId: r.checkoutId }),
  ),
];
// The buyer's e-mail: an order without one cannot be told it was canceled.
const order: Step[] = [
  ...checkout,
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
];

/** A registration the site stops at e-mail verification: its state token (and the e-mailed code). */
const pendingRegistration: Step[] = [
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
];

const recoveryMail: Step[] = [
  {
    says: "sendRecoveryEmail to the demo member, read the token from the sandbox's outbox",
    async run() {
      const { demoMember } = await control('GET', '/__sandbox/info');
      const r = await send(findOperation('recovery.sendRecoveryEmail')!, [], { email: demoMember.email }, AS_SHOPPER);
      if (!r.ok) throw new Error(`sendRecoveryEmail answered ${r.status ?? 'nothing'}: ${r.error?.message}`);
      return { recoveryToken: (await mailTo(demoMember.email, 'recovery')).recoveryToken };
    },
  },
];

/** A member's own operations: a new member registers and is logged in (the demo member is left as it is). */
const asNewMember: Preparation = {
  why: 'It is called as a logged-in member; you are not one yet.',
  offeredTo: (role) => role !== 'member',
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
  fill: () => ({}),
};

const inCart = (fill: Preparation['fill'] = () => ({})): Preparation => ({
  why: 'It works on the current cart, which a new visitor does not have yet.',
  steps: cart,
  fill,
});
const onCheckout = (fill: (v: Values) => Record<string, unknown> = () => ({})): Preparation => ({
  why: 'It needs a checkout: one is made from a cart with a product in it.',
  steps: checkout,
  fill: (v) => ({ path: [v.checkoutId], options: fill(v) }),
});
const onOrder: Preparation = {
  why: 'It needs an order: one is placed through a cart and a checkout.',
  steps: order,
  fill: (v) => ({ path: [v.orderId] }),
};
const withStateToken = (code: boolean): Preparation => ({
  why: 'It continues a login or registration the site stopped half-way, named by its state token.',
  steps: pendingRegistration,
  fill: (v) => ({ options: code ? { stateToken: v.stateToken, code: v.code } : { stateToken: v.stateToken } }),
});

export const PREPARATIONS: Record<string, Preparation> = {
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
    steps: checkout,
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
    steps: recoveryMail,
    fill: (v) => ({ options: { recoveryToken: v.recoveryToken } }),
  },
};

/** Runs a preparation's steps in order; what they carry, for the form. */
export async function runPreparation(
  p: Preparation,
  progress: (said: string) => void,
): Promise<ReturnType<Preparation['fill']>> {
  let v: Values = {};
  for (const step of p.steps) {
    progress(`running ${step.says}…`);
    v = { ...v, ...(await step.run(v)) };
  }
  return p.fill(v);
}
