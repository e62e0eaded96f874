/**
 * CMS data items (`@wix/data` `items`), beyond the spec: the provider's storefront templates
 * read their menus and pages from CMS collections (`items.query('Menus')`, `GET
 * /wix-data/v2/items/query?.r=...`) and treat the application error `WDE0025` (the collection
 * does not exist) as "no menu". The sandbox's site has no CMS collections, so every data-items
 * request names a collection that does not exist and answers what the provider answers then:
 * 404 with `WDE0025` in the provider's error format (the official SDK puts it at
 * `e.details.applicationError.code`).
 */
import { appError, validationError } from '../platform/errors.ts';
import type { SandboxModule, SandboxRoute } from '../platform/module.ts';
import { routeCaller, routeInput } from '../platform/route-request.ts';

/** The provider's message for a data collection that does not exist. */
export const collectionNotFound = (collection: string) => {
  const description = `WDE0025: The ${collection} collection does not exist. You cannot work with a collection using the Data API before it is created in the Editor.`;
  return appError(404, 'WDE0025', description, { collectionId: collection });
};

/** Every data-items route: queries, counts, aggregates, reads and writes of single items and bulk writes. */
const PREFIXES = ['/wix-data/v2/items', '/wix-data/v2/bulk/items'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

async function answer(...[request, env]: Parameters<SandboxRoute['handle']>): Promise<Response> {
  await routeCaller(request, env);
  const input = await routeInput(request, env.url);
  const collection = input.dataCollectionId;
  if (typeof collection !== 'string' || collection === '') {
    throw validationError([
      { field: 'dataCollectionId', description: 'must not be empty', violatedRule: 'REQUIRED_FIELD' },
    ]);
  }
  throw collectionNotFound(collection);
}

export const dataItemsModule: SandboxModule = {
  name: 'data-items',
  beyondSpec: [
    {
      operation: '@wix/data items (query, get, insert, update, remove, bulk, aggregate, count)',
      method: METHODS.join(', '),
      path: PREFIXES.map((p) => `${p}/*`).join(', '),
      answers:
        'what the provider answers a site without CMS collections: 404 `WDE0025` "The <collection> collection does not exist"',
    },
  ],
  routes: PREFIXES.flatMap((path) => METHODS.map((method) => ({ method, path, prefix: true, handle: answer }))),
};
