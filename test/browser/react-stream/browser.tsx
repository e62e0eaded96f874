// The browser's side of the streamed-render test: the same visitor's client, hydrated from the server's state.
import { hydrateRoot } from 'react-dom/client';
import { createClient, currentCartV2, OAuthStrategy, products, redirects, type Tokens } from '../../../src/index.ts';
import type { DehydratedState } from '../../../src/react/server.ts';
import { App } from './app.tsx';

const page = window as unknown as { __SFK_STATE__: DehydratedState; __SFK_TOKENS__: Tokens; __SFK_CLIENT_ID__: string };
const client = createClient({
  modules: { currentCartV2, products, redirects },
  auth: OAuthStrategy({ clientId: page.__SFK_CLIENT_ID__, tokens: page.__SFK_TOKENS__ }),
  host: location.origin,
});
hydrateRoot(document.getElementById('root')!, <App client={client} state={page.__SFK_STATE__} />, {
  onRecoverableError: (error) => console.error('recoverable error:', String(error)),
});
