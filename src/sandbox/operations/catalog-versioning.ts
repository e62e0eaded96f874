/** Catalog versioning (openapi/catalog-versioning.yaml): the version the site says it is on. */
import type { SandboxHandlers } from '../platform/types.ts';
import { reportedCatalogVersion } from '../domain/catalog/catalog-version.ts';

export const catalogVersioningOperations = {
  'catalogVersioning.getCatalogVersion': (ctx) => ({ catalogVersion: reportedCatalogVersion(ctx.settings) }),
} satisfies SandboxHandlers<'catalogVersioning'>;
