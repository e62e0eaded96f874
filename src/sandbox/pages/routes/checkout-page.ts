/**
 * The sandbox's stand-in for the provider's hosted checkout page (`/__sandbox/checkout/<id>`,
 * where a redirect session for a checkout sends the shopper): the checkout or the Cart V2 cart
 * of that id, and its "Place the order" button, which orders through the one order pipeline.
 * The page renders from data (../checkout.ts), escaping all text.
 */
import { orderCart } from '../../domain/cart/cart-order.ts';
import { cartCheckoutSummary } from '../../domain/cart/cart-v2.ts';
import { checkoutSummary } from '../../domain/cart/checkout.ts';
import { appError, SandboxError } from '../../platform/errors.ts';
import type { SandboxRoute } from '../../platform/module.ts';
import type { Caller } from '../../platform/types.ts';
import { checkoutPage, orderPlacedPage } from '../checkout.ts';
import { problemPage } from '../html.ts';

const CHECKOUT_PAGE = '/__sandbox/checkout/';
/** The hosted checkout page acts for nobody but the page (the order's buyer is the cart's own). */
const PAGE: Caller = { kind: 'anonymous' };

/** What the provider's checkout page would show: a sandbox stand-in (../checkout.ts). */
export const checkoutRoutes: SandboxRoute[] = [
  {
    method: 'GET',
    path: CHECKOUT_PAGE,
    prefix: true,
    handle(_request, env) {
      const id = decodeURIComponent(env.url.pathname.slice(CHECKOUT_PAGE.length));
      // A Cart V2 id is its checkout's id: the page shows the cart when no V1 checkout has the id.
      const db = env.sandbox.store.db;
      const cart = cartCheckoutSummary(db, id, env.sandbox.now());
      return checkoutPage(id, checkoutSummary(db, id) ?? (cart && { ...cart, cart: true }));
    },
  },
  {
    // The page's button: the cart's order, through the one order pipeline (whoever holds the
    // page's URL pays, as on the provider's page).
    method: 'POST',
    path: CHECKOUT_PAGE,
    prefix: true,
    async handle(_request, env) {
      const id = decodeURIComponent(env.url.pathname.slice(CHECKOUT_PAGE.length));
      try {
        const placed = await env.run(PAGE, (ctx) => {
          const cart = ctx.db.get('carts', id);
          if (!cart) throw appError(404, 'CART_NOT_FOUND', `No cart ${id}`, { cartId: id });
          return orderCart(ctx, cart, {});
        });
        return orderPlacedPage(placed.orderId);
      } catch (err) {
        return problemPage(err instanceof SandboxError ? err.status : 500, 'Checkout refused', (err as Error).message);
      }
    },
  },
];
