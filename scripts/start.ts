/**
 * `npm start [-- --port N --data FILE ...]`: builds the console when needed, starts the sandbox
 * on 127.0.0.1 with seeded demo data and serves the console beside it, then prints the URL,
 * the demo member, the client id and the API key. Takes every sandbox flag; logs every request
 * (`--log off` to stop, `--log json` for machines).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/sandbox/start.ts';
import { buildConsole } from './build-console.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist', 'console');

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = [join(root, 'console'), join(root, 'src'), join(root, 'generated')];
const stale =
  !existsSync(join(dist, 'index.html')) ||
  Math.max(...sources.map(newest)) > statSync(join(dist, 'index.html')).mtimeMs;
if (stale) {
  console.log('building the console…');
  await buildConsole();
}

// The request log is on by default here: what a developer watching `npm start` wants to see.
await main(process.argv.slice(2), { staticDir: dist, name: 'npm start', log: 'text' });
