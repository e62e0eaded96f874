/** What the storefront's server hands every loader and action (see server.ts). */
import type { ApiConfig, ServerAuth, ServerClient } from './kit.ts';

export interface Visitor {
  api: ApiConfig;
  /** The visitor's client on the server: their tokens from the request's cookie. */
  client: ServerClient;
  auth: ServerAuth;
  /** The storefront's own origin (for the hosted pages' return URLs). */
  origin: string;
  /** The wishlist of each member who has one, by member id (no operation of the API names a member's wishlist). */
  wishlists: Record<string, string>;
}

declare module 'react-router' {
  interface AppLoadContext {
    visitor: Visitor;
    /** This answer's Content-Security-Policy nonce: React Router's inline scripts carry it. */
    nonce: string;
  }
}
