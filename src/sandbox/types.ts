/**
 * The sandbox's contracts: what an operation handler receives and may do. The platform
 * (router, validation, auth, state, events, clock) lives beside this file; the business
 * handlers (cart, checkout, orders, members, catalog, wishlist, identity) implement
 * `OperationHandler`s against it, registered by operation key (`<module>.<operationId>`).
 */
import type { Caller as CallerColumn, OperationDescriptor } from '../../generated/runtime-types.ts';

/** Who is calling, resolved from the Authorization header. */
export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'visitor'; visitorId: string; clientId: string; token: string }
  | { kind: 'member'; visitorId: string; memberId: string; clientId: string; token: string }
  | { kind: 'elevated'; apiKey: string; siteId?: string };

/** A JSON entity as stored: plain data, dates as ISO text. */
export type Entity = Record<string, unknown> & { id?: string };

/**
 * Transactional entity storage. Entities are values: `get` returns a copy-safe object only for
 * reading; to change one, build a new object (or use `update`) and `put` it. Every change of a
 * request is rolled back when its handler throws, and written to disk (with `--data`) before
 * the response is sent.
 */
export interface Db {
  get<T extends Entity = Entity>(collection: string, id: string): T | undefined;
  /** All entities of a collection, in insertion order. */
  list<T extends Entity = Entity>(collection: string): T[];
  /** The first entity, in insertion order, that `match` accepts (without copying the collection). */
  find<T extends Entity = Entity>(collection: string, match: (entity: T) => boolean): T | undefined;
  put<T extends Entity>(collection: string, id: string, value: T): T;
  /** Clones the entity, applies `change`, stores and returns the result. Throws NOT_FOUND-free: returns undefined when absent. */
  update<T extends Entity = Entity>(collection: string, id: string, change: (draft: T) => void): T | undefined;
  delete(collection: string, id: string): boolean;
}

/** A domain event as the spec's `webhooks` describe it (EventMetadata plus the entity part). */
export interface DomainEventInput {
  /** e.g. `wix.ecom.v1.cart` */
  entityFqdn: string;
  /** e.g. `created`, `updated`, `deleted`, `completed`, `approved`, `canceled`, `payment_status_updated` */
  slug: string;
  entityId: string;
  createdEvent?: { entity: Entity };
  updatedEvent?: { currentEntity: Entity };
  deletedEvent?: { movedToTrash?: boolean; deletedEntity?: Entity };
  actionEvent?: { body: Record<string, unknown> };
}

export interface OutboxMail {
  to: string;
  /** `verification`, `recovery`, `activation`, `order-canceled`, ... */
  kind: string;
  subject: string;
  text: string;
  /** Machine-readable parts (codes, links) tests and the console read. */
  data?: Record<string, unknown>;
}

/** Site policies and sandbox settings (the control API reads and writes them). */
export interface SandboxSettings {
  requireEmailVerification: boolean;
  requireOwnerApproval: boolean;
  requireCaptcha: boolean;
  /** Redirect URIs honoured per client id; localhost origins are allowed by default. */
  redirectUris: string[];
  /** Webhook URLs every domain event is POSTed to (with retries). */
  webhookUrls: string[];
  /** Access token lifetime in seconds (the provider's visitor tokens live 4 hours). */
  accessTokenTtlSeconds: number;
}

export interface OperationContext {
  op: OperationDescriptor;
  /**
   * The request as one object: the JSON body (or decoded `.r` / query parameters), with path
   * parameters set (dotted ones, like `checkout.id`, at their body path). Already validated
   * against the spec; "NaN"/"Infinity" float text is already a number.
   */
  input: Record<string, any>;
  /** Path parameter values by name (`id`, `checkout.id`, ...). */
  params: Record<string, string>;
  caller: Caller;
  db: Db;
  settings: SandboxSettings;
  /** The sandbox clock (tests move it forward). */
  now(): Date;
  /** A new random id (uuid v4). */
  newId(): string;
  emit(event: DomainEventInput): void;
  sendMail(mail: OutboxMail): void;
  /** The sandbox's own origin, for URLs it hands out (hosted login page, checkout page). */
  origin: string;
  /** The request's headers (empty for work the sandbox starts itself). */
  headers: RequestHeaders;
  /** Client ids, API keys, site id and the demo member the sandbox was started with. */
  options: SandboxIdentity;
}

export interface SandboxIdentity {
  clientIds: string[];
  apiKeys: string[];
  siteId: string;
  memberEmail: string;
  memberPassword: string;
}

/** Returns the 200 body; throws a `SandboxError` (see errors.ts) for any error answer. */
export type OperationHandler = (ctx: OperationContext) => unknown | Promise<unknown>;

export type HandlerTable = Record<string, OperationHandler>;

export type { CallerColumn };

/** The headers the sandbox reads: a web `Headers` has this; the Node server passes a lighter one. */
export interface RequestHeaders {
  get(name: string): string | null;
}

/**
 * What the sandbox reads of a request. A web `Request` is one; the Node server passes a lighter
 * object over Node's request, which spares every request a `Request`, its `Headers` and its
 * `AbortSignal`.
 */
export interface SandboxRequest {
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  readonly headers: RequestHeaders;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
  json(): Promise<unknown>;
}
