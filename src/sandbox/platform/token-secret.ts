/**
 * The secret a sandbox server signs its tokens with (tokens.ts), kept in a file so that a token
 * outlives a restart, with `--data` or without: by default `storefront-kit/token-secret` under
 * the user's cache folder (`$XDG_CACHE_HOME`, `%LOCALAPPDATA%` or `~/.cache`), created on first
 * use readable by its owner only (0600, in a 0700 folder). Node only.
 */
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const SECRET_BYTES = 32;

/** Where the secret lives unless told otherwise (`--token-secret-file`, SFK_TOKEN_SECRET_FILE). */
export function defaultTokenSecretFile(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME || env.LOCALAPPDATA || join(homedir(), '.cache');
  return join(cache, 'storefront-kit', 'token-secret');
}

function readSecret(file: string): Uint8Array {
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64,}$/.test(hex)) {
    throw new Error(
      `${file} is not a sandbox token secret (64 or more hex digits); delete it to make a new one (tokens issued before stop working)`,
    );
  }
  return Uint8Array.from(hex.match(/../g)!, (h) => parseInt(h, 16));
}

/**
 * The secret in `file`, made on first use. Made atomically (written aside, then linked into
 * place, which fails if it exists): two sandboxes starting at once agree on one secret.
 */
export function loadTokenSecret(file: string = defaultTokenSecretFile()): Uint8Array {
  try {
    return readSecret(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  const aside = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(aside, hex + '\n', { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(aside, 0o600); // whatever the umask
    linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(aside);
  }
  return readSecret(file);
}
