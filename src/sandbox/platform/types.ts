/**
 * The sandbox's contracts: what an operation handler receives and may do. The platform
 * (router, validation, auth, state, events, clock) lives beside this file; the business
 * handlers (cart, checkout, orders, members, catalog, wishlist, identity) implement
 * `OperationHandler`s against it, registered by operation key (`<module>.<operationId>`).
 */
import type { Caller as CallerColumn, OperationDescriptor } from '../../../generated/runtime-types.ts';
import type { SandboxContract, SandboxOperationKey } from '../../../generated/sandbox-contract.ts';
import type { TokenSigner } from './token-signer.ts';

/** Who is calling, resolved from the Authorization header. */
export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'visitor'; visitorId: string; clientId: string; token: string }
  | { kind: 'member'; visitorId: string; memberId: string; clientId: string; token: string }
  | { kind: 'elevated'; apiKey: string; siteId?: string };

/** A free-form JSON object (a part the spec leaves open, or passed through as sent): its fields are read with narrowing. */
export type JsonObject = Record<string, unknown>;

/** A JSON entity as stored: plain data, dates as ISO text. */
export type Entity = Record<string, unknown> & { id?: string };

/**
 * Every collection of the store, by name, and the entity it holds. A module declares its own
 * by declaration merging (`declare module '../platform/types.ts' { interface Collections { members:
 * MemberRecord } }`), so the store is typed while the platform imports no module.
 */
export interface Collections {
  settings: SandboxSettings & { id: string };
  clock: { id: string; offsetMs: number };
  outbox: OutboxMail & { id: string; sentDate: string };
}

export type CollectionName = keyof Collections;

/** A value an index keys by: text, a number or a boolean (absent and null values are not indexed). */
export type IndexedValue = string | number | boolean;

/**
 * An equality filter: every dotted path has the given value (`undefined`: the field is absent).
 * On an indexed path the store answers from the index instead of scanning.
 */
export type Where = Readonly<Record<string, IndexedValue | null | undefined>>;

/** The fields the store indexes, by collection: dotted paths handlers look entities up by. */
export type StoreIndexes = { readonly [C in CollectionName]?: readonly string[] };

/**
 * Transactional entity storage. Entities are values: `get` returns a copy-safe object only for
 * reading; to change one, build a new object (or use `update`) and `put` it. Every change of a
 * request is rolled back when its handler throws, and written to disk (with `--data`) before
 * the response is sent. Lookups by id are direct; `find` and `list` with a `Where` on an indexed
 * field read the index.
 */
export interface Db {
  get<C extends CollectionName>(collection: C, id: string): Collections[C] | undefined;
  /** @deprecated names the entity type by hand; the collection's declared type is what `get(collection, id)` returns. */
  get<T extends Entity>(collection: CollectionName, id: string): T | undefined;
  /** All entities of a collection (those matching `where`, if given), in insertion order. */
  list<C extends CollectionName>(collection: C, where?: Where): Collections[C][];
  /** @deprecated names the entity type by hand. */
  list<T extends Entity>(collection: CollectionName, where?: Where): T[];
  /** The first entity, in insertion order, that `match` accepts (without copying the collection). */
  find<C extends CollectionName>(
    collection: C,
    match: Where | ((entity: Collections[C]) => boolean),
  ): Collections[C] | undefined;
  /** @deprecated names the entity type by hand. */
  find<T extends Entity>(collection: CollectionName, match: Where | ((entity: T) => boolean)): T | undefined;
  /** How many entities the collection holds. */
  count(collection: CollectionName): number;
  /**
   * Moves on every change to the state (a write, an undo, a load or restore) and only then: a
   * value computed from the state is still right while the version has not moved.
   */
  version(): number;
  put<C extends CollectionName>(collection: C, id: string, value: Collections[C]): Collections[C];
  /** @deprecated names the entity type by hand. */
  put<T extends Entity>(collection: CollectionName, id: string, value: T): T;
  /** Clones the entity, applies `change`, stores and returns the result. Throws NOT_FOUND-free: returns undefined when absent. */
  update<C extends CollectionName>(
    collection: C,
    id: string,
    change: (draft: Collections[C]) => void,
  ): Collections[C] | undefined;
  /** @deprecated names the entity type by hand. */
  update<T extends Entity>(collection: CollectionName, id: string, change: (draft: T) => void): T | undefined;
  delete(collection: CollectionName, id: string): boolean;
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
  /**
   * An event of an API the provider retires (Cart V1 and Checkout V1): the provider stops sending
   * it with the API, so it is neither recorded nor delivered while the setting `cartV1` answers
   * that API as removed.
   */
  retired?: true;
}

/**
 * Events between the sandbox's own modules (not the provider's webhooks, not in the event log):
 * one module announces (`ctx.announce`), the modules that listen (`SandboxModule.on`) react at
 * once, inside the same transaction, so an error in a listener undoes the announcer's change
 * too. The announcing module names its events here by declaration merging.
 */
export interface ModuleEvents {}

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
  /**
   * Which catalog the site is on: `V1_CATALOG` or `V3_CATALOG` make the other version's calls
   * answer the provider's 428 (`CATALOG_V3_SITE_CALLING_CATALOG_V1_API` and the reverse);
   * `V1_AND_V3` (the default) answers both over the one store.
   */
  catalogVersion: CatalogVersionSetting;
  /** The scripts `listSiteScripts` answers (the site's embedded HTML); none by default. */
  siteScripts: SiteScriptSetting[];
  /**
   * Cart V1 and Checkout V1, which the provider removes on 2027-02-01: `available` (the default)
   * answers them; `removed` answers every call of them as the provider will, 404 `NOT_FOUND`
   * naming the Cart V2 call to use; `auto` removes them once the sandbox clock reaches that day.
   */
  cartV1: CartV1Setting;
}

export const CATALOG_VERSION_SETTINGS = ['V1_AND_V3', 'V1_CATALOG', 'V3_CATALOG'] as const;
export type CatalogVersionSetting = (typeof CATALOG_VERSION_SETTINGS)[number];
export const CART_V1_SETTINGS = ['available', 'removed', 'auto'] as const;
export type CartV1Setting = (typeof CART_V1_SETTINGS)[number];
export const SITE_SCRIPT_POSITIONS = ['UNKNOWN_POSITION', 'HEAD', 'BODY_START', 'BODY_END'] as const;
/** One embedded script, as the provider's `SiteScript` has it. */
export interface SiteScriptSetting {
  position: (typeof SITE_SCRIPT_POSITIONS)[number];
  html: string;
}

/**
 * What a handler receives. `OperationContext<'members.getMember'>` types `input` as that
 * operation's request (generated/sandbox-contract.ts); plain `OperationContext` is the context
 * of work that is not one operation (jobs, seeding, the control API, helpers shared by several).
 */
export type OperationContext<K extends SandboxOperationKey | undefined = undefined> = K extends SandboxOperationKey
  ? ContextOf<SandboxContract[K]['request'], OperationDescriptor>
  : ContextOf<UntypedInput, OperationDescriptor | undefined>;

/** The context's parts; `OperationContext` picks the input and operation types. */
export interface ContextOf<Input, Op extends OperationDescriptor | undefined> {
  /** The operation being answered; undefined for the sandbox's own work (jobs, seeding, control API). */
  op: Op;
  /**
   * The request as one object: the JSON body (or decoded `.r` / query parameters), with path
   * parameters set (dotted ones, like `checkout.id`, at their body path). Already validated
   * against the spec; "NaN"/"Infinity" float text is already a number.
   */
  input: Input;
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
  /** Tells the modules listening for `name` (see ModuleEvents); they run before this returns. */
  announce<N extends keyof ModuleEvents>(name: N, event: ModuleEvents[N]): void;
  sendMail(mail: OutboxMail): void;
  /** The sandbox's own origin, for URLs it hands out (hosted login page, checkout page). */
  origin: string;
  /** The request's headers (empty for work the sandbox starts itself). */
  headers: RequestHeaders;
  /** Client ids, API keys, site id and the demo member the sandbox was started with. */
  options: SandboxIdentity;
  /** Signs and reads the sandbox's access and refresh tokens (platform/tokens.ts). */
  tokenSigner: TokenSigner;
}

/**
 * The input of a context not tied to one operation (jobs, seeding, helpers shared by several
 * operations): plain JSON whose fields are read with narrowing; a handler that reads its request
 * takes `OperationContext<K>` instead.
 */
export type UntypedInput = Record<string, unknown>;

export interface SandboxIdentity {
  clientIds: string[];
  apiKeys: string[];
  siteId: string;
  memberEmail: string;
  memberPassword: string;
}

/** Returns the 200 body; throws a `SandboxError` (see errors.ts) for any error answer. */
export type TypedHandler<K extends SandboxOperationKey> = (
  ctx: OperationContext<K>,
) => SandboxContract[K]['response'] | Promise<SandboxContract[K]['response']>;

/**
 * The handler table of the operations of the given modules (`SandboxHandlers<'members'>`,
 * `SandboxHandlers<'authentication' | 'verification'>`): one handler per operation of the spec,
 * each taking that operation's request and returning its 200 body. A table written
 * `{ ... } satisfies SandboxHandlers<'members'>` fails to compile when a handler is missing,
 * misspelt or returns the wrong shape.
 */
export type SandboxHandlers<Module extends string> = {
  [K in SandboxOperationKey as K extends `${Module}.${string}` ? K : never]: TypedHandler<K>;
};

/**
 * Any handler, typed or not. A method signature, so a typed handler (whose context is narrower)
 * fits: method parameters are compared both ways.
 */
export type OperationHandler = { handle(ctx: OperationContext): unknown }['handle'];

export type HandlerTable = Record<string, OperationHandler>;

export type { SandboxContract, SandboxOperationKey };

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

/** A service the sandbox answers beyond the description's operations (the coverage table lists it apart). */
export interface BeyondSpecService {
  /** The official SDK's name: `<package> <module>.<method>`. */
  operation: string;
  method: string;
  path: string;
  /** What the sandbox answers, in a few words. */
  answers: string;
}
