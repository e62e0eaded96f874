/**
 * The built site served as a static host would: files as they are, a folder's index.html for
 * the folder, 404.html for anything else; on 127.0.0.1 only.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export interface SiteServer {
  url: string;
  close(): Promise<void>;
}

export async function serveSite(dir: string, port = 0): Promise<SiteServer> {
  const base = normalize(dir + sep);
  const server = createServer((req, res) => {
    void (async () => {
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      } catch {
        pathname = '/404.html';
      }
      let file = normalize(join(base, pathname));
      if (!file.startsWith(base) && file !== base.slice(0, -1)) file = join(base, '404.html');
      if ((await stat(file).catch(() => undefined))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file).catch(() => undefined);
      if (body) {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
        return;
      }
      const missing = await readFile(join(base, '404.html')).catch(() => Buffer.from('Not found'));
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(missing);
    })();
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ok);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
