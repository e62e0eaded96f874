import { useContext } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  type ShouldRevalidateFunction,
} from 'react-router';
import { createServerStorefront } from 'storefront-kit/react/server';
import './context.ts';
import { CartDrawerProvider } from './components/cart-drawer.tsx';
import { Header } from './components/header.tsx';
import { NonceContext } from './nonce.ts';
import './styles.css';
import type { Route } from './+types/root';

/**
 * The visitor's cart, read on the server so the first paint shows it and the browser reads it no
 * more: its count for the header, and the state the browser's store starts from when the cart's
 * code comes (components/cart-loader.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { visitor } = context;
  const storefront = createServerStorefront({ client: visitor.client });
  // A failed read is left out of the state: the browser reads the cart itself then.
  const cart = await storefront.prefetchCart();
  if (cart.error)
    console.error(`storefront: the cart could not be read on the server: ${cart.error.message}`, cart.error);
  const count = cart.data?.lineItems.reduce((n, line) => n + line.quantity, 0) ?? 0;
  return { state: storefront.dehydrate(), api: visitor.api, member: visitor.auth.loggedIn(), count };
}

// The cart lives in the browser's store once the cart's code is here; sign-in and sign-out reload the document.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  // The server's nonce (none in the browser: the scripts already ran).
  const nonce = useContext(NonceContext);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* No icon file: the browser asks for /favicon.ico otherwise, a 404. */}
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { member, count } = loaderData;
  // No store here: the kit's store and client come with the cart's code, on the first tap that
  // needs them (components/cart-loader.ts), so a page's first load holds neither.
  return (
    <CartDrawerProvider>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <Header member={member} count={count} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>A storefront-kit example on the sandbox.</p>
      </footer>
    </CartDrawerProvider>
  );
}

/** An error outside any page's own boundary (the header cannot be drawn: the root's data may be missing). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="page">
      <title>{status === 404 ? 'Page not found' : 'Something went wrong'}</title>
      <h1>{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p>
        <a href="/">Back to the shop</a>
      </p>
    </main>
  );
}
