// @vitest-environment happy-dom
/**
 * Cart V1 (cart-v1.ts, `cartApi={cartApiV1}`), an option until the provider removes V1 on
 * 2027-02-01: the cart store's tests through its hooks, and the provider's, again on V1: the same
 * files, their API chosen before they are imported (support.tsx's CART_API).
 */
import { vi } from 'vitest';

// In a worker without isolation (vite.config.ts) a file before this one may have imported
// support.tsx on V2, or the store's tests themselves: both are imported again here, on V1.
vi.resetModules();
process.env.SFK_CART_API = 'v1';
await import('./store.test.tsx');
await import('./provider.test.tsx');
// The worker's other files run on the default (V2): they import support.tsx again.
delete process.env.SFK_CART_API;
vi.resetModules();
