/**
 * Guided flows: each step is a real call through the client (an operation, or the OAuth
 * strategy's register / verify / login); values picked from one answer feed the next request.
 * A failing step stops the flow and shows the server's error as it came.
 */
import { useState } from 'react';
import { LoginState, type StateMachine } from '../../../../src/auth/index.ts';
import { finishAuthentication, oauthStrategy, send, stringify } from '../../core/client.ts';
import { findOperation } from '../../core/operations.ts';
import { apiHost, currentRole, getState, isSandbox } from '../../core/state.ts';
import { STORES_APP_ID } from '../../../../src/index.ts';

type Values = Record<string, any>;

interface StepOutcome {
  /** What the step answered: an HTTP status, or the login state it reached. */
  status: string;
  /** Values for the next steps. */
  values?: Values;
  /** One line on what happened. */
  detail?: string;
  /** The call as it went (operation steps): method, URL and body; and what came back. */
  request?: string;
  answer?: string;
}

interface Step {
  title: string;
  /** What the step calls, shown beside its title. */
  calls: string;
  /** Throws with the server's error when the step fails. */
  run(values: Values): Promise<StepOutcome>;
}

interface Flow {
  title: string;
  about: string;
  steps: Step[];
  /** The line shown when every step passed. */
  done(values: Values): string;
}

/** An operation sent through the client; `pick` reads what the next steps need from its answer. */
function operationStep(
  title: string,
  op: string,
  request: (v: Values) => { path: string[]; options: unknown },
  pick: (result: any, v: Values) => Values,
  how: { elevated?: boolean } = {},
): Step {
  return {
    title,
    calls: `${op}${how.elevated ? ' (API key)' : ''}`,
    async run(v) {
      const d = findOperation(op);
      if (!d) throw new Error(`the console has no operation ${op}`);
      const { path, options } = request(v);
      const r = await send(d, path, options, { ...how, source: `flow: ${title}` });
      const sent = r.request
        ? `${r.request.method} ${r.request.url}${r.request.body ? `\n${r.request.body}` : ''}`
        : undefined;
      if (!r.ok)
        throw Object.assign(new Error(`${r.status ?? 'no answer'} ${r.error?.name}: ${r.error?.message}`), {
          request: sent,
          answer: r.raw,
        });
      return { status: String(r.status), values: pick(r.result, v), request: sent, answer: stringify(r.result) };
    },
  };
}

/** The state a login, registration or verification reached; a FAILURE stops the flow with its error. */
function reached(title: string, machine: StateMachine, values: Values = {}): StepOutcome {
  if (machine.loginState === LoginState.FAILURE) throw new Error(machine.error ?? `${title} failed`);
  return { status: machine.loginState, values: { ...values, machine } };
}

const skipped = (why: string): StepOutcome => ({ status: 'skipped', detail: why });

/** The code the sandbox e-mailed to `email` (its outbox); only the embedded sandbox has one to read. */
async function verificationCodeFor(email: string): Promise<string> {
  if (!isSandbox()) {
    throw new Error(`the code went to ${email}'s inbox: enter it under Authentication (Verify)`);
  }
  const res = await fetch(`${apiHost()}/__sandbox/outbox?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`the sandbox outbox answered ${res.status}`);
  const { mail } = (await res.json()) as { mail: { kind?: string; data?: { code?: string } }[] };
  const code = mail.filter((m) => m.kind === 'verification' && m.data?.code).at(-1)?.data?.code;
  if (!code) throw new Error(`no verification e-mail to ${email} in the sandbox outbox`);
  return code;
}

/** Visitor and member steps call with the OAuth tokens even when the console is set to the API key. */
const AS_SHOPPER = { elevated: false };
const amountOf = (money: { amount?: string } | undefined) => Number(money?.amount ?? 0);

/** Browse products: the first in-stock one of the catalog. */
const browseStep = operationStep(
  'Browse products',
  'products.queryProducts',
  () => ({ path: [], options: { query: { paging: { limit: 20 } } } }),
  (r) => {
    const product = (r.products ?? []).find((p: any) => p.stock?.inStock !== false) ?? r.products?.[0];
    if (!product) throw new Error('the catalog answered no products');
    return { productId: product.id, productName: product.name };
  },
  AS_SHOPPER,
);

/** Where the flows' shopper has things delivered. */
const SHOPPER_ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10011',
  addressLine: '235 W 23rd St',
};

export const FLOWS: Record<string, Flow> = {
  // Cart V2 first: the provider removes Cart V1 and Checkout V1 on 2027-02-01.
  visitorToOrderV2: {
    title: 'Visitor to order on Cart V2',
    about:
      'A visitor browses, fills a cart, gives a delivery address and method, and places the order from the cart itself (Cart V2: the cart is its own checkout).',
    steps: [
      browseStep,
      operationStep(
        'Add to the current cart',
        'currentCartV2.addLineItemsToCurrentCart',
        (v) => ({
          path: [],
          options: {
            catalogItems: [{ quantity: 1, catalogReference: { catalogItemId: v.productId, appId: STORES_APP_ID } }],
          },
        }),
        (r) => ({ cartId: r.cart?.id }),
        AS_SHOPPER,
      ),
      operationStep(
        'Give the delivery address',
        'currentCartV2.updateCurrentCart',
        () => ({ path: [], options: { cart: { deliveryInfo: { address: SHOPPER_ADDRESS } } } }),
        () => ({}),
        AS_SHOPPER,
      ),
      operationStep(
        'Choose the delivery method',
        'currentCartV2.setDeliveryMethodForCurrentCart',
        () => ({ path: [], options: { deliveryMethod: { code: 'standard' } } }),
        () => ({}),
        AS_SHOPPER,
      ),
      operationStep(
        'Price the cart',
        'cartV2.calculateCart',
        (v) => ({ path: [v.cartId], options: {} }),
        (r) => ({ priceVerificationToken: r.summary?.priceVerificationToken }),
        AS_SHOPPER,
      ),
      operationStep(
        'Place the order',
        'cartV2.placeOrder',
        (v) => ({ path: [v.cartId], options: { priceVerificationToken: v.priceVerificationToken } }),
        (r) => ({ orderId: r.orderId }),
        AS_SHOPPER,
      ),
    ],
    done: (v) => `Order created: ${v.orderId}`,
  },
  visitorToOrder: {
    title: 'Visitor to order',
    about: 'A visitor browses, fills a cart, checks out and gets an order (Cart V1 and Checkout V1, until 2027-02-01).',
    steps: [
      operationStep(
        'Browse products',
        'products.queryProducts',
        () => ({ path: [], options: { query: { paging: { limit: 20 } } } }),
        (r) => {
          const product = (r.products ?? []).find((p: any) => p.stock?.inStock !== false) ?? r.products?.[0];
          if (!product) throw new Error('the catalog answered no products');
          return { productId: product.id, productName: product.name };
        },
        AS_SHOPPER,
      ),
      operationStep(
        'Add to the current cart',
        'currentCart.addToCurrentCart',
        (v) => ({
          path: [],
          options: {
            lineItems: [{ quantity: 1, catalogReference: { catalogItemId: v.productId, appId: STORES_APP_ID } }],
          },
        }),
        (r) => ({ cartId: r.cart?.id }),
        AS_SHOPPER,
      ),
      operationStep(
        'Create a checkout from the cart',
        'currentCart.createCheckoutFromCurrentCart',
        () => ({ path: [], options: { channelType: 'WEB' } }),
        (r) => ({ checkoutId: r.checkoutId }),
        AS_SHOPPER,
      ),
      operationStep(
        'Create the order',
        'checkout.createOrder',
        (v) => ({ path: [v.checkoutId], options: {} }),
        (r) => ({ orderId: r.orderId }),
        AS_SHOPPER,
      ),
    ],
    done: (v) => `Order created: ${v.orderId}`,
  },
  memberSignUp: {
    title: 'Member sign-up',
    about:
      "A new member registers; with the site's policies on, verifies the e-mailed code and waits for the owner's approval; then is logged in.",
    steps: [
      {
        title: 'Register a new member',
        calls: 'authentication.registerV2',
        async run() {
          const email = `shopper-${crypto.randomUUID().slice(0, 8)}@storefront.test`;
          const password = `pw-${crypto.randomUUID()}`;
          return reached(this.title, await oauthStrategy().register({ email, password }), { email, password });
        },
      },
      {
        title: 'Verify the e-mail with the code from the outbox',
        calls: 'verification.verifyDuringAuthentication',
        async run(v) {
          if (v.machine.loginState !== LoginState.EMAIL_VERIFICATION_REQUIRED)
            return skipped('the site does not ask for e-mail verification');
          return reached(
            this.title,
            await oauthStrategy().processVerification(
              { verificationCode: await verificationCodeFor(v.email) },
              v.machine,
            ),
          );
        },
      },
      {
        title: 'The site owner approves the member',
        calls: 'members.approveMember (API key), authentication.loginV2',
        async run(v) {
          if (v.machine.loginState !== LoginState.OWNER_APPROVAL_REQUIRED)
            return skipped('the site does not ask for owner approval');
          const approve = await send(
            findOperation('members.approveMember')!,
            [v.machine.data.identity.id],
            {},
            { elevated: true },
          );
          if (!approve.ok)
            throw new Error(`${approve.status ?? 'no answer'} ${approve.error?.name}: ${approve.error?.message}`);
          return reached(this.title, await oauthStrategy().login({ email: v.email, password: v.password }));
        },
      },
      {
        title: 'Log in: member tokens for the session',
        calls: 'redirects.createRedirectSession, oauth2/token',
        async run(v) {
          const said = await finishAuthentication('Sign-up', v.machine);
          if (currentRole() !== 'member') throw new Error(said);
          return { status: 'member', detail: said };
        },
      },
      operationStep(
        "Read the member's own record",
        'members.getCurrentMember',
        () => ({ path: [], options: { fieldsets: ['FULL'] } }),
        (r) => ({ memberId: r.member?.id }),
        AS_SHOPPER,
      ),
    ],
    done: (v) => `Signed up and logged in as ${v.email} (member ${v.memberId})`,
  },
  capturePayment: {
    title: 'Admin: capture a payment',
    about: 'The site owner finds an order whose payment is only authorized and captures it.',
    steps: [
      operationStep(
        'Find an order with an authorized payment',
        'orders.searchOrders',
        () => ({ path: [], options: { search: { cursorPaging: { limit: 100 } } } }),
        (r) => {
          const order = (r.orders ?? []).find(
            (o: any) => o.status !== 'CANCELED' && amountOf(o.balanceSummary?.authorized) > 0,
          );
          if (!order) throw new Error('no order has an authorized payment left to capture');
          const created = (order.activities ?? []).filter(
            (a: any) => a.type === 'AUTHORIZED_PAYMENT_CREATED' && a.paymentId,
          );
          if (!created.length)
            throw new Error(`order ${order.id} shows no AUTHORIZED_PAYMENT_CREATED activity with a payment id`);
          return {
            orderId: order.id,
            paymentIds: created.map((a: any) => a.paymentId),
            paymentStatusBefore: order.paymentStatus,
          };
        },
        { elevated: true },
      ),
      operationStep(
        'Capture the authorized payments',
        'orders.captureAuthorizedPayments',
        (v) => ({ path: [v.orderId], options: { payments: v.paymentIds.map((paymentId: string) => ({ paymentId })) } }),
        (r) => ({
          captured: (r.orderTransactions?.payments ?? [])
            .map((p: any) => `${p.id}: ${p.regularPaymentDetails?.status}`)
            .join(', '),
        }),
        { elevated: true },
      ),
      operationStep(
        "Read the order's payment status",
        'orders.getOrder',
        (v) => ({ path: [v.orderId], options: {} }),
        (r) => ({ paymentStatus: r.order?.paymentStatus, paid: r.order?.balanceSummary?.paid?.formattedAmount }),
        { elevated: true },
      ),
    ],
    done: (v) =>
      `Payment captured: order ${v.orderId} went from ${v.paymentStatusBefore} to ${v.paymentStatus} (paid ${v.paid}; payments ${v.captured})`,
  },
};

interface Ran {
  title: string;
  status: string;
  detail?: string;
  request?: string;
  answer?: string;
}

export default function Flows() {
  const [running, setRunning] = useState('');
  const [results, setResults] = useState<{ key: string; steps: Ran[]; error?: string; done?: string } | undefined>();

  const run = async (key: string) => {
    const flow = FLOWS[key];
    setRunning(key);
    const ran: Ran[] = [];
    setResults({ key, steps: [] });
    let v: Values = {};
    let error: string | undefined;
    for (const step of flow.steps) {
      try {
        const out = await step.run(v);
        v = { ...v, ...out.values };
        ran.push({
          title: step.title,
          status: out.status,
          detail: out.detail,
          request: out.request,
          answer: out.answer,
        });
      } catch (e) {
        error = `${step.title} failed: ${(e as Error).message}`;
        const { request, answer } = e as { request?: string; answer?: string };
        ran.push({ title: step.title, status: 'failed', request, answer });
      }
      setResults({ key, steps: [...ran], error });
      if (error) break;
    }
    setResults({ key, steps: ran, error, done: error ? undefined : flow.done(v) });
    setRunning('');
  };

  return (
    <article>
      <h1>Guided flows</h1>
      {Object.entries(FLOWS).map(([key, flow]) => (
        <section key={key} aria-labelledby={`flow-${key}`}>
          <h2 id={`flow-${key}`}>{flow.title}</h2>
          <p>{flow.about}</p>
          <ol>
            {flow.steps.map((s) => (
              <li key={s.title}>
                {s.title} — <code>{s.calls}</code>
              </li>
            ))}
          </ol>
          <button type="button" disabled={!!running} onClick={() => void run(key)}>
            Run “{flow.title}”
          </button>
          {results?.key === key ? (
            <div className="flow-run">
              <ol className="flow-results" data-testid="flow-results">
                {results.steps.map((r, i) => (
                  <li key={i}>
                    {r.title}: <span className={r.status === 'failed' ? 'status err' : 'status ok'}>{r.status}</span>
                    {r.detail ? <small> — {r.detail}</small> : null}
                    {r.request ? (
                      <details>
                        <summary>Request and response</summary>
                        <pre tabIndex={0}>{r.request}</pre>
                        <pre tabIndex={0}>{r.answer ?? '(no body)'}</pre>
                      </details>
                    ) : null}
                  </li>
                ))}
              </ol>
              {results.error ? (
                <p role="alert" className="problem" data-testid="flow-error">
                  {results.error}
                </p>
              ) : null}
              {results.done ? (
                <p role="status" data-testid="flow-done">
                  {results.done}
                </p>
              ) : null}
            </div>
          ) : null}
        </section>
      ))}
    </article>
  );
}
