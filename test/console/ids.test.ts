/** What an id names (console/src/core/ids.ts): one rule for the ids picked from answers and the fields of a form. */
import { describe, expect, it } from 'vitest';
import { kindOf, offersFor, pathOfLabel, resourceOf } from '../../console/src/core/ids.ts';
import { findOperation } from '../../console/src/core/operations.ts';

describe('kindOf', () => {
  it.each([
    ['products[1].id', undefined, 'product'],
    ['catalogItemId', undefined, 'product'],
    ['cart.lineItems[0].id', undefined, 'lineItem'],
    ['lineItemIds[0]', undefined, 'lineItem'],
    ['buyerInfo.memberId', undefined, 'member'],
    ['ecomOrderId', undefined, 'order'],
    ['categories[0].id', undefined, 'category'],
    ['addresses[0].id', undefined, 'address'],
    ['addressId', undefined, 'address'],
    ['boxes[0].id', undefined, 'box'],
    ['id', 'checkout', 'checkout'],
    ['id', undefined, undefined],
    ['products[0].slug', undefined, 'product slug'],
    ['slug', 'collection', 'collection slug'],
    ['name', undefined, undefined],
    ['', undefined, undefined],
  ])('%s (a lone id naming %s) names %s', (path, bare, kind) => {
    expect(kindOf(path, bare)).toBe(kind);
  });
});

describe('resourceOf', () => {
  it.each([
    ['checkout.getCheckout', 'checkout'],
    ['checkout.getCheckoutByCartId', 'cart'],
    ['orders.searchOrders', 'order'],
    ['members.approveMember', 'member'],
    ['currentCartV2.addLineItemsToCurrentCart', 'cart'],
  ])("%s's own id names a %s", (key, resource) => {
    expect(resourceOf(findOperation(key)!)).toBe(resource);
  });
});

describe('offersFor', () => {
  const picked: [string, string][] = [
    ['Linen shirt - products[0].id', 'p1'],
    ['cart.lineItems[0].id', 'l1'],
    ['products[1].id (chosen)', 'p2'],
    ['Old name - products[3].id', 'p1'],
  ];

  it("offers only the values of the field's kind, newest first, each value once (its newest label)", () => {
    expect(offersFor('product', picked)).toEqual([
      ['Linen shirt - products[0].id', 'p1'],
      ['products[1].id (chosen)', 'p2'],
    ]);
    expect(offersFor('lineItem', picked)).toEqual([['cart.lineItems[0].id', 'l1']]);
  });

  it('offers nothing to a field of no known kind', () => {
    expect(offersFor(undefined, picked)).toEqual([]);
  });

  it("reads a label's path past its name and its (chosen) mark", () => {
    expect(pathOfLabel('Linen shirt - products[2].id')).toBe('products[2].id');
    expect(pathOfLabel('products[1].id (chosen)')).toBe('products[1].id');
    expect(pathOfLabel('cart.id')).toBe('cart.id');
  });
});
