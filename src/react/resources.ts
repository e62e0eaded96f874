/**
 * The catalog's reads by key on a store: read once (a later call with the same key shares it;
 * after an error, a later call reads again), and forgotten when the person changes. Apart from
 * the store, so a page without catalog reads (a cart page, a badge) does not bundle them.
 */
import type { StorefrontClient } from './client-types.ts';
import { oncePerStore, storefrontError, type Resource, type StorefrontStore } from './store.ts';

/** Each store's reads on their way, by key. */
const loadingOf = /* @__PURE__ */ oncePerStore(() => new Map<string, Promise<Resource>>());

/** Loads a resource once by key; its state is published in the store's snapshot (`resources[key]`). */
export function ensureResource(
  store: StorefrontStore,
  key: string,
  load: (client: StorefrontClient) => Promise<unknown>,
): Promise<Resource> {
  const known = store.getSnapshot().resources[key];
  // Read data is kept; a failed read is tried again by the next component that asks.
  if (known?.status === 'success') return Promise.resolve(known);
  const loading = loadingOf(store);
  const running = loading.get(key);
  if (running) return running;
  store.updateResources((r) => ({ ...r, [key]: { status: 'loading' } }));
  // A load that throws before its promise is an error read too, not one loading for good.
  const promise = new Promise<unknown>((resolve) => resolve(load(store.client))).then(
    (data): Resource => ({ status: 'success', data }),
    (e: unknown): Resource => ({ status: 'error', error: storefrontError(e) }),
  );
  loading.set(key, promise);
  void promise.then((resource) => {
    // A read dropped on its way (the visitor signed in or out) is not shown.
    if (loading.get(key) !== promise) return;
    loading.delete(key);
    store.updateResources((r) => ({ ...r, [key]: resource }));
  });
  return promise;
}

/** Forgets the reads whose keys start with `keyPrefix` (their next reader reads them again): after a sign-in or sign-out, what was the visitor's. */
export function dropResources(store: StorefrontStore, keyPrefix: string): void {
  const loading = loadingOf(store);
  for (const key of loading.keys()) if (key.startsWith(keyPrefix)) loading.delete(key);
  store.updateResources((r) => Object.fromEntries(Object.entries(r).filter(([key]) => !key.startsWith(keyPrefix))));
}
