/**
 * CMS data items (`@wix/data` `items`), beyond the spec: the provider's storefront templates
 * read their menus and pages from CMS collections (`items.query('Menus').include('pages')`,
 * `POST /wix-data/v2/items/query`, or `GET` with `.r`). The sandbox's site has the collections the
 * Next.js template asks a new store for (seed/cms.ts, domain/cms.ts): `Pages` and `Menus`, which
 * answer queries, counts and reads by id. Any other collection does not exist, and every request
 * naming one answers what the provider answers then: 404 with `WDE0025` in the provider's error
 * format (the official SDK puts it at `e.details.applicationError.code`; the template treats it
 * as "no menu"). An API key inserts, updates, saves and removes single items, as the official
 * SDK's `items.insert/update/save/remove` ask; a visitor's or member's write is refused as the
 * provider refuses it on the site's content collections (WDE0027). Bulk writes are not emulated
 * and say so.
 */
import {
  countDataItems,
  getDataItem,
  hasDataCollection,
  queryDataItems,
  removeDataItem,
  writeDataItem,
  type DataQuery,
} from '../domain/cms/data-items.ts';
import { appError, validationError } from '../platform/errors.ts';
import type { RouteEnv, SandboxModule, SandboxRoute } from '../platform/module.ts';
import type { Caller, JsonObject } from '../platform/types.ts';
import { jsonResponse, routeCaller, routeInput } from '../platform/route-request.ts';
import { isJsonObject } from '../platform/safe-object.ts';
import { SITE_OWNER, seedCms } from '../seed/cms.ts';

/** The provider's message for a data collection that does not exist. */
export const collectionNotFound = (collection: string) => {
  const description = `WDE0025: The ${collection} collection does not exist. You cannot work with a collection using the Data API before it is created in the Editor.`;
  return appError(404, 'WDE0025', description, { collectionId: collection });
};

/** Every data-items route: queries, counts, aggregates, reads and writes of single items and bulk writes. */
const ITEMS = '/wix-data/v2/items';
const PREFIXES = [ITEMS, '/wix-data/v2/bulk/items'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The reference fields a read includes: the SDK's `includeReferences` (`[{field}]`) or REST's `referencedItemOptions` (`[{fieldName}]`). */
function included(input: Record<string, unknown>): string[] {
  const asked = [input.includeReferences, input.referencedItemOptions].flatMap((x) => (Array.isArray(x) ? x : []));
  return asked.flatMap((x) => {
    if (typeof x === 'string') return [x];
    const field = isJsonObject(x) ? (x.field ?? x.fieldName) : undefined;
    return typeof field === 'string' ? [field] : [];
  });
}

/** A query's filter, sort and offset paging (the official SDK's `find` pages by offset; a cursor is not emulated). */
function dataQuery(input: Record<string, unknown>, collection: string): DataQuery {
  const q = isJsonObject(input.query) ? input.query : {};
  const cursor = isJsonObject(q.cursorPaging) ? q.cursorPaging : undefined;
  if (cursor?.cursor !== undefined)
    throw appError(501, 'NOT_EMULATED', `The sandbox's CMS pages ${collection} by offset; a cursor is not emulated`, {
      collectionId: collection,
    });
  const paging = isJsonObject(q.paging) ? q.paging : (cursor ?? {});
  const number = (v: unknown) => (v === undefined ? undefined : Number(v));
  return {
    filter: isJsonObject(q.filter) ? q.filter : undefined,
    sort: Array.isArray(q.sort)
      ? q.sort
          .filter(isJsonObject)
          .map((s) => ({ fieldName: String(s.fieldName), order: s.order === 'DESC' ? 'DESC' : 'ASC' }))
      : undefined,
    paging: { limit: number(paging.limit), offset: number(paging.offset) },
  };
}

/** A write's action as the provider's permission error names it. */
type WriteAction = 'insert' | 'update' | 'save' | 'remove';

/**
 * The writes the sandbox emulates, by method and path: the official SDK's (`POST /items`,
 * `/items/update`, `/items/save`, `/items/remove`) and REST's (`PUT` and `DELETE /items/{id}`).
 */
function writeOf(method: string, path: string): { action: WriteAction; pathId?: string } | undefined {
  const tail = path.startsWith(`${ITEMS}/`) ? decodeURIComponent(path.slice(ITEMS.length + 1)) : undefined;
  if (method === 'POST' && path === ITEMS) return { action: 'insert' };
  if (method === 'POST' && (tail === 'update' || tail === 'save' || tail === 'remove')) return { action: tail };
  if (tail && !tail.includes('/') && (method === 'PUT' || method === 'DELETE'))
    return { action: method === 'PUT' ? 'update' : 'remove', pathId: tail };
  return undefined;
}

/**
 * A write to the site's content collections, which only the site (an API key) may make: a
 * visitor's or a member's answers the provider's permission error, WDE0027.
 */
async function write(
  env: RouteEnv,
  caller: Caller,
  collection: string,
  input: Record<string, unknown>,
  { action, pathId }: { action: WriteAction; pathId?: string },
): Promise<Response> {
  if (caller.kind !== 'elevated')
    throw appError(
      403,
      'WDE0027',
      `WDE0027: The current user does not have permissions to ${action} on the ${collection} collection.`,
      { collectionId: collection },
    );
  if (action === 'remove') {
    const id = pathId ?? input.dataItemId;
    if (typeof id !== 'string' || id === '')
      throw validationError([
        { field: 'dataItemId', description: 'must not be empty', violatedRule: 'REQUIRED_FIELD' },
      ]);
    return jsonResponse(await env.run(caller, (ctx) => removeDataItem(ctx.db, collection, id)));
  }
  const item = isJsonObject(input.dataItem) ? input.dataItem : undefined;
  if (!item || !isJsonObject(item.data))
    throw validationError([
      { field: 'dataItem.data', description: 'must be an object', violatedRule: 'REQUIRED_FIELD' },
    ]);
  const id = pathId ?? (typeof item.id === 'string' && item.id !== '' ? item.id : undefined);
  const written = await env.run(caller, (ctx) =>
    writeDataItem(
      ctx.db,
      collection,
      { id, data: item.data as JsonObject, owner: SITE_OWNER, now: ctx.now(), newId: ctx.newId },
      action,
    ),
  );
  return jsonResponse(action === 'save' ? written : { dataItem: written.dataItem });
}

async function answer(...[request, env]: Parameters<SandboxRoute['handle']>): Promise<Response> {
  const caller = await routeCaller(request, env);
  const input = await routeInput(request, env.url);
  const collection = input.dataCollectionId;
  if (typeof collection !== 'string' || collection === '') {
    throw validationError([
      { field: 'dataCollectionId', description: 'must not be empty', violatedRule: 'REQUIRED_FIELD' },
    ]);
  }
  const db = env.sandbox.store.db;
  if (!hasDataCollection(db, collection)) throw collectionNotFound(collection);
  const path = env.url.pathname;
  const method = request.method;
  if (path === `${ITEMS}/query` && (method === 'POST' || method === 'GET'))
    return jsonResponse(queryDataItems(db, collection, dataQuery(input, collection), included(input)));
  if (path === `${ITEMS}/count` && (method === 'POST' || method === 'GET')) {
    const filter = isJsonObject(input.filter) ? input.filter : undefined;
    return jsonResponse({ totalCount: countDataItems(db, collection, filter) });
  }
  const writing = writeOf(method, path);
  if (writing) return write(env, caller, collection, input, writing);
  const id = path.startsWith(`${ITEMS}/`) ? decodeURIComponent(path.slice(ITEMS.length + 1)) : '';
  if (method === 'GET' && id && !id.includes('/'))
    return jsonResponse({ dataItem: getDataItem(db, collection, id, included(input)) });
  throw appError(
    501,
    'NOT_EMULATED',
    `The sandbox's CMS answers queries, counts, reads, and single-item inserts, updates, saves and removes of ${collection}; ${method} ${path} is not emulated`,
    { collectionId: collection },
  );
}

export const dataItemsModule: SandboxModule = {
  name: 'data-items',
  seed: seedCms,
  beyondSpec: [
    {
      operation: '@wix/data items (query, get, insert, update, remove, bulk, aggregate, count)',
      method: METHODS.join(', '),
      path: PREFIXES.map((p) => `${p}/*`).join(', '),
      answers:
        "the seeded Pages and Menus collections the provider's Next.js template reads (query, count, get by id; with an API key, insert, update, save and remove of one item; a visitor's or member's write: 403 `WDE0027`; bulk writes: 501 NOT_EMULATED); any other collection: 404 `WDE0025` \"The <collection> collection does not exist\"",
    },
  ],
  routes: PREFIXES.flatMap((path) => METHODS.map((method) => ({ method, path, prefix: true, handle: answer }))),
};
