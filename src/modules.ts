/**
 * The client's modules, one named export each (tree-shaken: an app bundles only what it
 * imports). Each operation comes from the generated operation table; nothing is listed here
 * twice. A new operation in the YAML appears in its module after `npm run generate`.
 * Modules with query operations get the query builder, those with `.r` operations its encoder,
 * those whose shapes have address or bytes leaves their codecs (src/client/wire.ts): the others
 * do not bundle them. test/client/wire-features.test.ts checks each module against its descriptors.
 */
import * as g from '../generated/modules.ts';
import { defineModule } from './client/define-module.ts';
import { ALL_LEAVES, encodeDotR } from './client/wire.ts';
import { createQueryBuilder } from './query/query-builder.ts';

export const currentCart = /* @__PURE__ */ defineModule(g.currentCart);
export const checkout = /* @__PURE__ */ defineModule(g.checkout);
/** Cart V2: the caller's current cart (its id is also its checkout's id). */
export const currentCartV2 = /* @__PURE__ */ defineModule(g.currentCartV2);
/** Cart V2: carts by id (checkout URL, place order). */
export const cartV2 = /* @__PURE__ */ defineModule(g.cartV2, { leaves: ALL_LEAVES });
export const orders = /* @__PURE__ */ defineModule(g.orders);
export const members = /* @__PURE__ */ defineModule(g.members, { createQueryBuilder, dotR: encodeDotR });
export const redirects = /* @__PURE__ */ defineModule(g.redirects);
export const collections = /* @__PURE__ */ defineModule(g.collections, { createQueryBuilder, dotR: encodeDotR });
export const products = /* @__PURE__ */ defineModule(g.products, { createQueryBuilder, dotR: encodeDotR });
/** Catalog V3 products (cursor-paged: no offset query builder). */
export const productsV3 = /* @__PURE__ */ defineModule(g.productsV3, { dotR: encodeDotR });
export const wishlist = /* @__PURE__ */ defineModule(g.wishlist);
export const authentication = /* @__PURE__ */ defineModule(g.authentication, { leaves: ALL_LEAVES });
export const recovery = /* @__PURE__ */ defineModule(g.recovery, { leaves: ALL_LEAVES });
export const verification = /* @__PURE__ */ defineModule(g.verification, { leaves: ALL_LEAVES });
export const oauth = /* @__PURE__ */ defineModule(g.oauth);
export const scripts = /* @__PURE__ */ defineModule(g.scripts);
export const categories = /* @__PURE__ */ defineModule(g.categories);
export const inventoryItemsV3 = /* @__PURE__ */ defineModule(g.inventoryItemsV3, { dotR: encodeDotR });
export const catalogVersioning = /* @__PURE__ */ defineModule(g.catalogVersioning);
