/**
 * The storefront-kit/react entry (index.ts) as an app imports it: a client module ('use client'
 * first, for React Server Components' bundlers), exactly these exports (the server's door, its
 * prefetches and the tests' sandbox are entries of their own, so a browser bundle does not carry
 * them), the helpers it shares with storefront-kit/react/server the same objects, and `Product`
 * both the headless component and the product's type.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as react from '../../src/react/index.ts';
import * as server from '../../src/react/server.ts';
import type { Product } from '../../src/react/index.ts';
import type { Product as ProductData } from '../../src/react/client-types.ts';
import { Product as ProductComponent } from '../../src/react/components.tsx';

const ENTRY = new URL('../../src/react/index.ts', import.meta.url);

describe('storefront-kit/react', () => {
  it("is a client module: 'use client' is its first statement", () => {
    const source = ts.createSourceFile('index.ts', readFileSync(ENTRY, 'utf8'), ts.ScriptTarget.ES2022);
    const first = source.statements[0];
    expect(ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text).toBe(
      'use client',
    );
  });

  it('exports these and nothing else', () => {
    expect(Object.keys(react).sort()).toEqual([
      'ACCESS_TOKEN_PATH',
      'CART_CHANGES',
      'Cart',
      'Choice',
      'Image',
      'LineItem',
      'Money',
      'Option',
      'Product',
      'STORES_APP_ID',
      'StorefrontProvider',
      'addDecimals',
      'cartActionsOf',
      'cartApiV1',
      'changeCart',
      'createStorefront',
      'imageAttributes',
      'multiplyDecimal',
      'rememberProduct',
      'sameOriginPath',
      'selectVariant',
      'storeSessionAuth',
      'useAddLines',
      'useApplyCoupon',
      'useAuth',
      'useCart',
      'useCartActions',
      'useCartCount',
      'useCartLine',
      'useCartTotals',
      'useCheckout',
      'useClearCart',
      'useCollections',
      'useMember',
      'useMoney',
      'useProduct',
      'useProductContext',
      'useProducts',
      'useRefreshCart',
      'useRemoveCoupon',
      'useRemoveLines',
      'useSetCartNote',
      'useStoreVariants',
      'useStorefront',
      'useSuspenseCart',
      'useUpdateQuantity',
      'useVariantSelection',
      'useWishlist',
    ]);
  });

  it('shares with storefront-kit/react/server the same helpers, and none of its server-only ones', () => {
    const shared = Object.keys(server).filter((name) => name in react);
    expect(shared.sort()).toEqual(['ACCESS_TOKEN_PATH', 'STORES_APP_ID', 'sameOriginPath', 'selectVariant']);
    for (const name of shared)
      expect(react[name as keyof typeof react], name).toBe(server[name as keyof typeof server]);
  });

  it('names by Product the headless component, and, as a type, the product the catalog reads', () => {
    expect(react.Product).toBe(ProductComponent);
    expectTypeOf<Product>().toEqualTypeOf<ProductData>();
  });
});
