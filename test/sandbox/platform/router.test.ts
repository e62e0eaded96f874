import { describe, expect, it } from 'vitest';
import { Router } from '../../../src/sandbox/platform/router.ts';
import { descriptor } from '../../support/descriptors.ts';

const ops = [
  descriptor({ key: 'members.listMembers', method: 'GET', path: '/members/v1/members', postFallback: true, dotR: true }),
  descriptor({ key: 'members.createMember', method: 'POST', path: '/members/v1/members' }),
  descriptor({ key: 'members.getMember', method: 'GET', path: '/members/v1/members/{id}' }),
  descriptor({ key: 'members.getCurrentMember', method: 'GET', path: '/members/v1/members/my' }),
  descriptor({ key: 'members.deleteMember', method: 'DELETE', path: '/members/v1/members/{id}' }),
  descriptor({ key: 'collections.getCollection', method: 'GET', path: '/v2/collections/{id}' }),
  descriptor({ key: 'collections.queryCollections', method: 'POST', path: '/v2/collections/query', dotR: true }),
  descriptor({ key: 'checkout.updateCheckout', method: 'PATCH', path: '/ecom/v1/checkouts/{checkout.id}' }),
];
const router = new Router(ops);

describe('sandbox router', () => {
  it.each([
    ['GET', '/members/v1/members', 'members.listMembers', false],
    ['POST', '/members/v1/members', 'members.createMember', false],
    ['GET', '/members/v1/members/my', 'members.getCurrentMember', false],
    ['GET', '/members/v1/members/abc', 'members.getMember', false],
    // A literal path asked with a method only a parameterised route has: that route answers.
    ['DELETE', '/members/v1/members/my', 'members.deleteMember', false],
    ['GET', '/v2/collections/query', 'collections.queryCollections', true],
    ['POST', '/v2/collections/query', 'collections.queryCollections', false],
    ['GET', '/v2/collections/c1', 'collections.getCollection', false],
    ['PATCH', '/ecom/v1/checkouts/ch%201', 'checkout.updateCheckout', false],
  ])('%s %s -> %s', (method, path, key, alternate) => {
    const m = router.match(method, path);
    expect([m?.d.key, m?.alternate]).toEqual([key, alternate]);
  });

  it('decodes path parameters', () => {
    expect(router.match('PATCH', '/ecom/v1/checkouts/ch%201')?.params).toEqual({ 'checkout.id': 'ch 1' });
  });

  it('knows paths it has no such method for', () => {
    expect(router.match('DELETE', '/v2/collections/query')).toBeUndefined();
    expect(router.knows('/v2/collections/query')).toBe(true);
    expect(router.knows('/nope')).toBe(false);
  });
});
