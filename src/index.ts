/** storefront-kit: the public entry. It only wires and re-exports. */
export { createClient, DEFAULT_HOST, type Client, type ClientConfig } from './client/create-client.ts';
export type { AuthStrategy, AuthEnvironment } from './client/auth-strategy.ts';
export type { CallOptions, ErrorOf, In, NoOptions, Out, OptionsFor, ResultOf } from './client/types.ts';
export type { TypedFilter, TypedQueryBuilder, TypedSort } from './query/fields.ts';
export type { RetryOptions } from './client/transport.ts';
export type { ClientHooks, ErrorInfo, OutgoingRequest } from './client/pipeline.ts';
export { elevate, fetchWithAuth, graphql } from './client/context.ts';
export * from './auth/index.ts';
export * from './errors/index.ts';
export * from './modules.ts';
export * as media from './media/index.ts';
export { ALL_PRODUCTS_COLLECTION, DEFAULT_VARIANT_ID, STORES_APP_ID } from './provider-ids.ts';
export { createQueryBuilder, type QueryBuilder, type QueryPage } from './query/index.ts';
