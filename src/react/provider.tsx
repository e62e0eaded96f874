/**
 * The provider and the one way components read the store: a selection over its snapshot that
 * keeps its identity while its content is the same, so a component renders only when what it
 * selected changed.
 */
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IDENTITY_KEY } from './catalog-resources.ts';
import { READ_CART, type CartApi } from './cart-actions.ts';
import type { StorefrontAuth, StorefrontClient } from './client-types.ts';
import { shareEqual } from './data.ts';
import { LocaleContext } from './locale.ts';
import { dropResources } from './resources.ts';
import { createStorefrontStore, type DehydratedState, type StoreSnapshot, type StorefrontStore } from './store.ts';

const StorefrontContext = createContext<StorefrontStore | null>(null);

/** What a store is made of: `<StorefrontProvider>`'s own props, or `createStorefront`'s options. */
export interface StorefrontOptions {
  /** The client: `createClient({ modules: { currentCartV2, products, redirects }, auth })` (`currentCart` for `cartApi="v1"`). */
  client: StorefrontClient;
  /**
   * The provider's cart API the cart hooks call: Cart V2 (`currentCartV2`), or Cart V1
   * (`cartApiV1`, with `currentCart` in the client) until the provider removes it on 2027-02-01. The hooks hand out the same
   * Cart V2 shape for both. @default 'v2'
   */
  cartApi?: CartApi;
  /** The server's `dehydrate()`: the first render shows it, and what it holds is not read again. */
  state?: DehydratedState;
  store?: never;
}

/**
 * A store made outside React, for providers to share (`<StorefrontProvider store={store}>`): the
 * islands of one page, a part of the page loaded later (a cart drawer fetched on first tap), plain
 * code changing the cart (`cartActionsOf(store)`). One store per visitor in the browser; on the
 * server, one per request (never a module's global: it would be every visitor's).
 */
export const createStorefront = ({ client, state, cartApi }: StorefrontOptions): StorefrontStore =>
  createStorefrontStore(client, state, cartApi);

/** A store `createStorefront` made, shared: the provider holds it instead of making its own. */
export interface SharedStoreOptions {
  store: StorefrontStore;
  client?: never;
  cartApi?: never;
  state?: never;
}

export type StorefrontProviderProps = (StorefrontOptions | SharedStoreOptions) & {
  /** Formatting locale of `<Money>`; the same on the server and in the browser. @default 'en-US' */
  locale?: string;
  /**
   * The client's OAuthStrategy (the same object given to createClient), for `useAuth()`: wrapped
   * in `withHostedLogin` for the hosted login page, or in `withDirectLogin` for login and register
   * on the app's own page too. When its tokens change to
   * another person (sign-in, sign-out), the member's reads are dropped and the cart is read again.
   */
  auth?: StorefrontAuth;
  children?: ReactNode;
};

/**
 * Holds one store for its subtree, made from `client` and `state` (a new `state` prop is not
 * re-read), or the `store` `createStorefront` made, shared with other providers.
 */
export function StorefrontProvider({ locale = 'en-US', auth, children, ...made }: StorefrontProviderProps) {
  const [store] = useState(() => made.store ?? createStorefront(made as StorefrontOptions));
  useEffect(() => {
    if (!auth) return;
    let member = auth.loggedIn();
    return auth.on('tokens', () => {
      if (auth.loggedIn() === member) return;
      member = !member;
      // Another person: what was read for the one before is not theirs.
      dropResources(store, IDENTITY_KEY);
      if (store.getSnapshot().cart !== undefined) void store.queueChange({ kind: 'refresh' }, READ_CART);
    });
  }, [auth, store]);
  return (
    <StorefrontContext.Provider value={store}>
      <AuthContext.Provider value={auth}>
        <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>
      </AuthContext.Provider>
    </StorefrontContext.Provider>
  );
}

const AuthContext = createContext<StorefrontAuth | undefined>(undefined);

/** The provider's `auth`; throws without one. */
export function useAuthStrategy(): StorefrontAuth {
  const auth = useContext(AuthContext);
  if (!auth)
    throw new Error(
      'storefront-kit/react: useAuth() and useMember() need the auth strategy: <StorefrontProvider client={kit} auth={auth}>',
    );
  return auth;
}

/** The provider's store (client, cart actions, snapshot); throws outside a provider. */
export function useStorefront(): StorefrontStore {
  const store = useContext(StorefrontContext);
  if (!store)
    throw new Error(
      'storefront-kit/react: useStorefront() and the storefront hooks need a <StorefrontProvider> above them',
    );
  return store;
}

/**
 * `select` over the store's snapshot, structurally shared with the last result: the component
 * renders again only when the selected content changes. On hydration it reads the snapshot the
 * server rendered, so the first render matches.
 */
export function useStoreSelector<T>(select: (snapshot: StoreSnapshot) => T): T {
  const store = useStorefront();
  const last = useRef<{ snapshot: StoreSnapshot; select: (snapshot: StoreSnapshot) => T; value: T } | null>(null);
  const selectFrom = (snapshot: StoreSnapshot): T => {
    const memo = last.current;
    if (memo && memo.snapshot === snapshot && memo.select === select) return memo.value;
    const value = memo ? shareEqual(memo.value, select(snapshot)) : select(snapshot);
    last.current = { snapshot, select, value };
    return value;
  };
  return useSyncExternalStore(
    store.subscribe,
    () => selectFrom(store.getSnapshot()),
    () => selectFrom(store.getInitialSnapshot()),
  );
}
