import { useState } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { createClient, currentCartV2, OAuthStrategy } from 'storefront-kit';
import { StorefrontProvider } from 'storefront-kit/react';
import { apiConfig } from './catalog.server';
import type { Route } from './+types/root';

export function loader() {
  // The browser's client needs the API's host and the app's OAuth client id, from the server.
  return { api: apiConfig() };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { host, clientId } = loaderData.api;
  // The browser's client: the cart hooks' (the catalog is read by the loaders, on the server).
  const [client] = useState(() =>
    createClient({ modules: { currentCartV2 }, auth: OAuthStrategy({ clientId }), host }),
  );
  return (
    <StorefrontProvider client={client} locale="en-US">
      <Outlet />
    </StorefrontProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && error.status === 404 ? 'Not found' : 'Something went wrong';
  return (
    <main>
      <h1>{message}</h1>
    </main>
  );
}
