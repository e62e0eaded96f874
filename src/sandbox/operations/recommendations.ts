/**
 * Ecom recommendations (`@wix/ecom` `recommendations`), beyond the spec: the provider's
 * storefront templates ask for a product page's related items on every product page
 * (`getRecommendation`, `POST /v1/recommendations/get`, on www. and edge.wixapis.com alike) with no
 * error handling around it, so a storefront cannot render a product page without it.
 *
 * The Stores app's four algorithms are answered from the catalog: the items of the given items'
 * collections (never a given item itself, never a hidden product, never the all-products
 * collection as a reason), then the catalog's other products to fill the remaining slots, up to
 * 16 (or the requested minimum when that is more). Best sellers answers the catalog in order. The
 * first algorithm that reaches `minimumRecommendedItems` answers; when none can (a catalog too
 * small), the recommendation is empty, as the provider documents.
 */
import { isJsonObject } from '../platform/safe-object.ts';
import { badRequest, validationError, type Violation } from '../platform/errors.ts';
import type { SandboxModule } from '../platform/module.ts';
import { jsonResponse, routeCaller, routeInput } from '../platform/route-request.ts';
import { MAX_ITEMS, recommend, STORES_ALGORITHMS, type ItemRef } from '../domain/catalog/recommendations.ts';
import { STORES_APP_ID } from '../../provider-ids.ts';

interface Ref {
  id: string;
  appId: string;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** The request, checked as the provider's required fields say (`algorithms[].id/appId`, `items[].catalogItemId/appId`). */
function readRequest(input: Record<string, unknown>): { algorithms: Ref[]; items: ItemRef[]; minimum: number } {
  const violations: Violation[] = [];
  const list = (field: string): Record<string, unknown>[] => {
    const v = input[field];
    if (v === undefined && field === 'items') return [];
    if (!Array.isArray(v) || (field === 'algorithms' && v.length === 0)) {
      violations.push({
        field,
        description: field === 'algorithms' ? 'must have at least 1 item' : 'must be an array',
        violatedRule: field === 'algorithms' ? 'MIN_SIZE' : 'INVALID_TYPE',
      });
      return [];
    }
    return v.map((x) => (isJsonObject(x) ? x : {}));
  };
  const required = (field: string, value: unknown) => {
    if (text(value) === undefined)
      violations.push({ field, description: 'must not be empty', violatedRule: 'REQUIRED_FIELD' });
    return String(value ?? '');
  };
  const algorithms = list('algorithms').map((a, i) => ({
    id: required(`algorithms[${i}].id`, a.id),
    appId: required(`algorithms[${i}].appId`, a.appId),
  }));
  const items = list('items').map((a, i) => ({
    catalogItemId: required(`items[${i}].catalogItemId`, a.catalogItemId),
    appId: required(`items[${i}].appId`, a.appId),
  }));
  const m = input.minimumRecommendedItems ?? 0;
  const minimum = typeof m === 'string' && /^\d+$/.test(m) ? Number(m) : m;
  if (typeof minimum !== 'number' || !Number.isInteger(minimum) || minimum < 0 || minimum > 100) {
    violations.push({
      field: 'minimumRecommendedItems',
      description: 'must be an integer from 0 to 100',
      violatedRule: 'INVALID_VALUE',
    });
  }
  if (violations.length) throw validationError(violations);
  return { algorithms, items, minimum: minimum as number };
}

export const recommendationsModule: SandboxModule = {
  name: 'recommendations',
  beyondSpec: [
    {
      operation: '@wix/ecom recommendations.getRecommendation',
      method: 'POST',
      path: '/v1/recommendations/get',
      answers:
        "the Stores algorithms from the catalog: items of the given items' collections (never the item itself), filled with other products, up to 16; the requested minimum honoured or an empty recommendation",
    },
    {
      operation: '@wix/ecom recommendations.listAvailableAlgorithms',
      method: 'GET',
      path: '/v1/recommendations/algorithms',
      answers: "the Stores app's four algorithms",
    },
  ],
  routes: [
    {
      method: 'POST',
      path: '/v1/recommendations/get',
      async handle(request, env) {
        await routeCaller(request, env);
        const { algorithms, items, minimum } = readRequest(await routeInput(request, env.url));
        const unsupported = algorithms.filter(
          (a) => a.appId !== STORES_APP_ID || !Object.hasOwn(STORES_ALGORITHMS, a.id),
        );
        if (unsupported.length) {
          throw badRequest(
            'ALGORITHM_NOT_SUPPORTED',
            `Algorithms not supported by the provider: ${unsupported.map((a) => `${a.id} (app ${a.appId})`).join(', ')}`,
            { unsupportedAlgorithms: unsupported },
          );
        }
        const foreign = items.filter((i) => i.appId !== STORES_APP_ID);
        if (foreign.length) {
          throw badRequest(
            'ITEM_APP_ID_NOT_SUPPORTED',
            `Items of catalogs other than the Stores app (${STORES_APP_ID}) are not supported: ${foreign.map((i) => i.appId).join(', ')}`,
            { items: foreign, algorithms },
          );
        }
        const db = env.sandbox.store.db;
        for (const algorithm of algorithms) {
          const ids = recommend(db, STORES_ALGORITHMS[algorithm.id].rule, items, Math.max(MAX_ITEMS, minimum));
          if (ids.length > 0 && ids.length >= minimum) {
            return jsonResponse({
              recommendation: {
                items: ids.map((catalogItemId) => ({ catalogItemId, appId: STORES_APP_ID })),
                algorithm,
              },
            });
          }
        }
        return jsonResponse({ recommendation: { items: [] } });
      },
    },
    {
      method: 'GET',
      path: '/v1/recommendations/algorithms',
      async handle(request, env) {
        await routeCaller(request, env);
        return jsonResponse({
          availableAlgorithms: Object.entries(STORES_ALGORITHMS).map(([algorithmId, a]) => ({
            config: { name: a.name, description: a.name, algorithmType: a.algorithmType, algorithmId },
            appId: STORES_APP_ID,
            catalogAppIds: [STORES_APP_ID],
          })),
        });
      },
    },
  ],
};
