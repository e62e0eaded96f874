/**
 * The fields each query operation declares (`x-sfk-query-fields`): the sandbox refuses a filter
 * on another field, an operator the field does not support and a sort on a field that does not
 * sort, in the provider's validation format naming the field, and changes nothing; the operation
 * table lists the fields for the console.
 */
import { describe, expect, it } from 'vitest';
import { operationList, queryFields } from '../../generated/operations.ts';
import { DEFAULT_SITE_ID } from '../../src/sandbox/platform/defaults.ts';
import { API_KEY, call, useSandboxServer } from '../support/sandbox.ts';

const s = useSandboxServer();
const asAdmin = (path: string, body: unknown) =>
  call(s.current.url, 'POST', path, { body, token: API_KEY, headers: { 'wix-site-id': DEFAULT_SITE_ID } });

const PRODUCT_FIELDS =
  'id, name, slug, productType, description, sku, price, priceData.price, numericId, collectionIds, lastUpdated, createdDate';
const PRODUCT_SORTS = 'id, name, slug, productType, sku, price, priceData.price, numericId, lastUpdated';
const MEMBER_FIELDS =
  'id, loginEmail, contactId, contact.firstName, contact.lastName, profile.nickname, profile.slug, privacyStatus, status';

describe('the sandbox refuses what a query operation does not support, naming the field', () => {
  it.each([
    [
      'a field products do not filter by',
      '/stores-reader/v1/products/query-platformized',
      { query: { filter: { notAField: 1 } } },
      {
        field: 'query.filter.notAField',
        description: `cannot filter by "notAField" (filterable: ${PRODUCT_FIELDS})`,
        violatedRule: 'INVALID_FILTER_FIELD',
      },
    ],
    [
      'an operator the field does not support',
      '/stores-reader/v1/products/query-platformized',
      { query: { filter: { collectionIds: { $eq: 'x' } } } },
      {
        field: 'query.filter.collectionIds',
        description: '"collectionIds" does not support $eq (operators: $hasSome, $hasAll, $exists)',
        violatedRule: 'UNSUPPORTED_FILTER_OPERATOR',
      },
    ],
    [
      'an equality on a field without $eq',
      '/stores-reader/v1/products/query-platformized',
      { query: { filter: { price: 18 } } },
      {
        field: 'query.filter.price',
        description: '"price" does not support $eq (operators: $exists)',
        violatedRule: 'UNSUPPORTED_FILTER_OPERATOR',
      },
    ],
    [
      'a sort on a field that does not sort',
      '/stores-reader/v1/products/query-platformized',
      { query: { sort: [{ fieldName: 'description' }] } },
      {
        field: 'query.sort[0].fieldName',
        description: `cannot sort by "description" (sortable: ${PRODUCT_SORTS})`,
        violatedRule: 'INVALID_SORT_FIELD',
      },
    ],
    [
      'a field inside $and of an orders search',
      '/ecom/v1/orders/search',
      { search: { filter: { $and: [{ status: 'APPROVED' }, { 'tags.tags.tagIds': { $hasSome: ['vip'] } }] } } },
      expect.objectContaining({
        field: 'search.filter.$and[1].tags.tags.tagIds',
        violatedRule: 'INVALID_FILTER_FIELD',
      }),
    ],
    [
      'a field of a members bulk-by-filter call',
      '/members/v1/members/bulk/delete-by-filter',
      { filter: { $not: { activityStatus: 'ACTIVE' } } },
      {
        field: 'filter.$not.activityStatus',
        description: `cannot filter by "activityStatus" (filterable: ${MEMBER_FIELDS})`,
        violatedRule: 'INVALID_FILTER_FIELD',
      },
    ],
    [
      'a collections query on a field collections do not filter by',
      '/v2/collections/query',
      { query: { filter: { slug: 'kitchen' } } },
      expect.objectContaining({ field: 'query.filter.slug', violatedRule: 'INVALID_FILTER_FIELD' }),
    ],
  ])('%s', async (_what, path, body, violation) => {
    const res = await asAdmin(path, body);
    expect(res.status).toBe(400);
    expect(res.body.details.validationError.fieldViolations).toEqual([violation]);
    expect(res.body.message).toMatch(/^INVALID_ARGUMENT: "/);
  });

  it('answers the fields and operators it lists', async () => {
    const res = await asAdmin('/stores-reader/v1/products/query-platformized', {
      query: {
        filter: { collectionIds: { $hasSome: ['x'] }, 'priceData.price': { $gte: 0 }, productType: 'physical' },
        sort: [{ fieldName: 'priceData.price', order: 'DESC' }],
      },
    });
    expect(res.status).toBe(200);
    expect(
      (await asAdmin('/ecom/v1/orders/search', { search: { filter: { status: { $nin: ['CANCELED'] } } } })).status,
    ).toBe(200);
  });

  it('changes nothing when it refuses a bulk call', async () => {
    const count = async () =>
      (await asAdmin('/members/v1/members/query', { query: { paging: { limit: 100 } } })).body.metadata.total;
    const before = await count();
    expect(
      (await asAdmin('/members/v1/members/bulk/delete-by-filter', { filter: { 'contact.company': 'x' } })).status,
    ).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('the operation table', () => {
  it('lists the filterable fields of every operation with a query builder, for the console', () => {
    for (const d of operationList.filter((o) => o.builder)) {
      const q = queryFields[d.key];
      expect(q, d.key).toBeDefined();
      expect(q.filter).toBe(`${d.builder!.query}.filter`);
      expect(q.sort).toBe(`${d.builder!.query}.${d.builder!.sort}`);
    }
    expect(queryFields['products.queryProducts'].fields.collectionIds).toEqual({
      type: 'string',
      operators: ['$hasSome', '$hasAll', '$exists'],
    });
  });
});
