/**
 * Which catalog API the site answers (the setting `catalogVersion`): on a V1 site a V3 call
 * answers the provider's 428 `CATALOG_V1_SITE_CALLING_CATALOG_V3_API`, on a V3 site a V1 call
 * `CATALOG_V3_SITE_CALLING_CATALOG_V1_API`; `V1_AND_V3` (the default) answers both over the one
 * catalog. What a site says it is on (`getCatalogVersion`): its setting, or V3 under both.
 */
import { appError } from '../../platform/errors.ts';
import type { HandlerTable, OperationContext, SandboxSettings } from '../../platform/types.ts';

export type CatalogApi = 'V1' | 'V3';

/** The version `getCatalogVersion` answers: the setting, or the provider's current one (V3) under both. */
export const reportedCatalogVersion = (settings: SandboxSettings): 'V1_CATALOG' | 'V3_CATALOG' =>
  settings.catalogVersion === 'V1_CATALOG' ? 'V1_CATALOG' : 'V3_CATALOG';

/** Refuses a call of one catalog API on a site on the other, as the provider does (428). */
export function assertCatalogApi(settings: SandboxSettings, api: CatalogApi): void {
  const site = settings.catalogVersion;
  if (site === 'V1_AND_V3' || site === `${api}_CATALOG`) return;
  const siteApi = api === 'V1' ? 'V3' : 'V1';
  throw appError(
    428,
    `CATALOG_${siteApi}_SITE_CALLING_CATALOG_${api}_API`,
    `Endpoint belongs to CATALOG_${api}, but your site is using CATALOG_${siteApi}`,
  );
}

/** The handlers of one catalog API's operations, each refusing a call the site's version does not answer. */
export function forCatalogApi<T extends HandlerTable>(api: CatalogApi, handlers: T): T {
  const gated: HandlerTable = {};
  for (const [key, handler] of Object.entries(handlers)) {
    gated[key] = (ctx: OperationContext) => {
      assertCatalogApi(ctx.settings, api);
      return handler(ctx);
    };
  }
  return gated as T;
}
