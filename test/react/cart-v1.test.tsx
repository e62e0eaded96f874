// @vitest-environment happy-dom
/**
 * The cart hooks' tests again on Cart V1 (`cartApi="v1"`), an option until the provider removes
 * V1 on 2027-02-01: the same file, its API chosen before it is imported (support.tsx's CART_API).
 */
process.env.SFK_CART_API = 'v1';
await import('./cart.test.tsx');
// The worker's other files run on the default (V2).
delete process.env.SFK_CART_API;
export {};
