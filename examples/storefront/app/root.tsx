import { useContext, useState } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  type ShouldRevalidateFunction,
} from 'react-router';
import { StorefrontProvider } from 'storefront-kit/react';
import { createServerStorefront } from 'storefront-kit/react/server';
import './context.ts';
import { CartDrawerProvider } from './components/cart.tsx';
import { Header } from './components/header.tsx';
import { browserClient } from './kit.ts';
import { NonceContext } from './nonce.ts';
import './styles.css';
import type { Route } from './+types/root';

/** The visitor's cart, read on the server so the first paint shows it and the browser reads it no more. */
export async function loader({ context }: Route.LoaderArgs) {
  const { visitor } = context;
  const storefront = createServerStorefront({ client: visitor.client });
  // A failed read is left out of the state: the browser reads the cart itself then.
  const cart = await storefront.prefetchCart();
  if (cart.error)
    console.error(`storefront: the cart could not be read on the server: ${cart.error.message}`, cart.error);
  return { state: storefront.dehydrate(), api: visitor.api, member: visitor.auth.loggedIn() };
}

// The cart lives in the browser's store after hydration; sign-in and sign-out reload the document.
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
  const { state, api, member } = loaderData;
  // The browser's client reads the visitor's tokens from the cookie the server set; on the
  // server it sends nothing (the render reads only the state).
  const [client] = useState(() => browserClient(api));
  return (
    <StorefrontProvider client={client} state={state} locale="en-US">
      <CartDrawerProvider>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <Header member={member} />
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <footer className="site-footer">
          <p>A storefront-kit example on the sandbox.</p>
        </footer>
      </CartDrawerProvider>
    </StorefrontProvider>
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
