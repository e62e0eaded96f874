/**
 * Guided flows: each step is a real call through the client; values picked from one answer
 * feed the next request.
 */
import { useState } from 'react';
import { send, type CallResult } from './client.ts';
import { findOperation } from './operations.ts';
import { setState } from './state.ts';

interface Step {
  title: string;
  op: string;
  /** Path values and options, from the values earlier steps produced. */
  request(values: Record<string, any>): { path: string[]; options: unknown };
  /** Values this step's answer gives the next steps. */
  pick(result: any, values: Record<string, any>): Record<string, any>;
}

const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

export const FLOWS: Record<string, { title: string; steps: Step[] }> = {
  visitorToOrder: {
    title: 'Visitor to order',
    steps: [
      {
        title: 'Browse products',
        op: 'products.queryProducts',
        request: () => ({ path: [], options: { query: { paging: { limit: 20 } } } }),
        pick: (r) => {
          const product = (r.products ?? []).find((p: any) => p.stock?.inStock !== false) ?? r.products?.[0];
          if (!product) throw new Error('the catalog answered no products');
          return { productId: product.id, productName: product.name };
        },
      },
      {
        title: 'Add to the current cart',
        op: 'currentCart.addToCurrentCart',
        request: (v) => ({ path: [], options: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: v.productId, appId: STORES_APP_ID } }] } }),
        pick: (r) => ({ cartId: r.cart?.id }),
      },
      {
        title: 'Create a checkout from the cart',
        op: 'currentCart.createCheckoutFromCurrentCart',
        request: () => ({ path: [], options: { channelType: 'WEB' } }),
        pick: (r) => ({ checkoutId: r.checkoutId }),
      },
      {
        title: 'Create the order',
        op: 'checkout.createOrder',
        request: (v) => ({ path: [v.checkoutId], options: {} }),
        pick: (r) => ({ orderId: r.orderId }),
      },
    ],
  },
};

export default function Flows() {
  const [results, setResults] = useState<{ title: string; result: CallResult }[]>([]);
  const [values, setValues] = useState<Record<string, any>>({});
  const [running, setRunning] = useState(false);
  const [error, setError] = useState('');

  const run = async (key: string) => {
    setRunning(true);
    setResults([]);
    setError('');
    let v: Record<string, any> = {};
    for (const step of FLOWS[key].steps) {
      const d = findOperation(step.op)!;
      const { path, options } = step.request(v);
      const result = await send(d, path, options);
      setResults((list) => [...list, { title: step.title, result }]);
      if (!result.ok) {
        setError(`${step.title} failed: ${result.error?.message}`);
        break;
      }
      try {
        v = { ...v, ...step.pick(result.result, v) };
      } catch (e) {
        setError(`${step.title}: ${(e as Error).message}`);
        break;
      }
      setValues(v);
    }
    setState((s) => ({ picked: { ...s.picked, ...Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) } }));
    setRunning(false);
  };

  return (
    <article>
      <h1>Guided flows</h1>
      {Object.entries(FLOWS).map(([key, flow]) => (
        <section key={key}>
          <h2>{flow.title}</h2>
          <ol>
            {flow.steps.map((s) => (
              <li key={s.op}>
                {s.title} — <code>{s.op}</code>
              </li>
            ))}
          </ol>
          <button type="button" disabled={running} onClick={() => void run(key)}>
            Run “{flow.title}”
          </button>
        </section>
      ))}
      <ol className="flow-results" data-testid="flow-results">
        {results.map((r, i) => (
          <li key={i}>
            {r.title}: <span className={r.result.ok ? 'status ok' : 'status err'}>{r.result.status ?? 'error'}</span>
          </li>
        ))}
      </ol>
      {error ? <p role="alert">{error}</p> : null}
      {values.orderId ? (
        <p data-testid="flow-done">
          Order created: <code>{values.orderId}</code>
        </p>
      ) : null}
    </article>
  );
}
