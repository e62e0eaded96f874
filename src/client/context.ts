/**
 * The ambient context: after `client.enableContext()`, modules can be called bare
 * (`currentCart.getCurrentCart()`), the way the provider's SDK allows inside a site.
 */
import { ClientError } from '../errors/client-error.ts';
import { CONTEXT_UNAVAILABLE, ELEVATED_REQUIRED, NOT_AVAILABLE_IN_CONTEXT } from '../errors/messages.ts';
import type { ClientContext } from './invoke.ts';

export interface AmbientContext extends ClientContext {
  fetchWithAuth?: (url: string | URL, init?: RequestInit) => Promise<Response>;
  graphql?: (query: string, variables?: Record<string, unknown>) => Promise<unknown>;
}

let ambient: AmbientContext | undefined;

export function setAmbientContext(ctx: AmbientContext | undefined): void {
  ambient = ctx;
}

export function requireContext(): AmbientContext {
  if (!ambient) throw new ClientError(CONTEXT_UNAVAILABLE);
  return ambient;
}

/** `fetchWithAuth` through the ambient context. */
export function fetchWithAuth(url: string | URL, init?: RequestInit): Promise<Response> {
  const ctx = requireContext();
  if (!ctx.fetchWithAuth) throw new ClientError(NOT_AVAILABLE_IN_CONTEXT('fetchWithAuth'));
  return ctx.fetchWithAuth(url, init);
}

/** `graphql` through the ambient context. */
export function graphql(query: string, variables?: Record<string, unknown>): Promise<unknown> {
  const ctx = requireContext();
  if (!ctx.graphql) throw new ClientError(NOT_AVAILABLE_IN_CONTEXT('graphql'));
  return ctx.graphql(query, variables);
}

/**
 * Wraps a module function so it runs only with an elevated (API key) ambient client:
 * `elevate(members.deleteMember)(id)`.
 */
export function elevate<F extends (...args: never[]) => unknown>(fn: F): F {
  return ((...args: Parameters<F>) => {
    const ctx = requireContext();
    if (!ctx.auth?.elevated) throw new ClientError(ELEVATED_REQUIRED);
    return fn(...args);
  }) as F;
}
