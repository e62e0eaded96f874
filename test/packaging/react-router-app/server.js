// The production server: what @react-router/serve does, on @react-router/node and node:http (the
// app installs no more than it needs). The browser's files from build/client, every other request
// through React Router's handler. PORT=0 takes a free port; the address is printed once listening.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { createRequestListener } from '@react-router/node';

const clientDir = join(import.meta.dirname, 'build', 'client');
const types = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
const app = createRequestListener({ build: () => import('./build/server/index.js'), mode: 'production' });

/** The build's file a GET asks for, or undefined. */
function clientFile(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  try {
    const file = normalize(join(clientDir, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    return file.startsWith(clientDir + sep) && statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined; // no such file, or no valid path
  }
}

const server = createServer((req, res) => {
  const file = clientFile(req);
  if (!file) return app(req, res);
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
});

server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(`[server] http://${address}:${port}`);
});
