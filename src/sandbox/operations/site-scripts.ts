/**
 * Site scripts (openapi/site-scripts.yaml): the HTML a site embeds in its pages, which the
 * provider's framework integration asks for on every page. The sandbox's setting `siteScripts`
 * holds them (none by default); the page's URL and name change nothing, as the sandbox has no
 * SEO tags to add.
 */
import type { SandboxHandlers } from '../platform/types.ts';

export const siteScriptsOperations = {
  'scripts.listSiteScripts': (ctx) => ({ siteScripts: ctx.settings.siteScripts.map((s) => ({ ...s })) }),
} satisfies SandboxHandlers<'scripts'>;
