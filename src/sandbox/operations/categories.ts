/**
 * Categories (openapi/categories.yaml): the catalog's collections seen through Catalog V3 —
 * get, query (cursor-paged, hidden ones on request) and the items in a category.
 */
import type { SandboxHandlers } from '../platform/types.ts';
import { queryCursor } from '../platform/query-engine.ts';
import { asCategory, categories, itemsInCategory, requireCategory } from '../domain/catalog/categories.ts';

export const categoriesOperations = {
  'categories.getCategory': (ctx) => ({
    category: asCategory(requireCategory(ctx.db, ctx.input.categoryId), ctx.input.fields),
  }),
  'categories.queryCategories': (ctx) => {
    const all = categories(ctx.db, ctx.input.returnNonVisibleCategories === true, ctx.input.fields);
    const page = queryCursor(all, ctx.input.query ?? {}, { defaultLimit: 50 });
    return { categories: page.items, pagingMetadata: page.metadata };
  },
  'categories.listItemsInCategory': (ctx) => {
    const page = queryCursor(
      itemsInCategory(ctx.db, ctx.input.categoryId),
      { cursorPaging: ctx.input.cursorPaging },
      { defaultLimit: 100 },
    );
    return { items: page.items, pagingMetadata: { count: page.metadata.count, cursors: page.metadata.cursors } };
  },
} satisfies SandboxHandlers<'categories'>;
