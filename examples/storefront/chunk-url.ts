/**
 * `import url from './module.tsx?chunk-url'`: the URL of that module's own chunk, for
 * `import(url)` when the page asks for it. A plain `import('./module.tsx')` gets Vite's preload
 * helper into the page that holds it (720 B gzip measured on the product page's first load, more
 * than half the page's own code), which fetches a lazy chunk's imports beside it: here every import
 * of the cart's chunk is already on the page, so the helper would fetch nothing.
 */
import { relative } from 'node:path';
import type { Plugin } from 'vite';

const SUFFIX = '?chunk-url';

export function chunkUrl(): Plugin {
  let root = '';
  let serving = false;
  return {
    name: 'storefront:chunk-url',
    configResolved(config) {
      root = config.root;
      serving = config.command === 'serve';
    },
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const target = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      if (!target) throw new Error(`${source}: no module ${source.slice(0, -SUFFIX.length)} from ${importer}`);
      return target.id + SUFFIX;
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const module = id.slice(0, -SUFFIX.length);
      // The dev server serves a module at its path under the root; a build emits it as a chunk,
      // in the browser's build only: the server renders pages and never fetches a page's chunk
      // (an import of `undefined` would fail there; it is not a specifier a bundler resolves).
      if (serving) return `export default ${JSON.stringify('/' + relative(root, module))};`;
      if (this.environment.config.consumer === 'server') return 'export default undefined;';
      const ref = this.emitFile({ type: 'chunk', id: module });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
