/**
 * Temporary folders a test file makes, removed when the file's tests end (a user's disk must not
 * fill run by run): `tempFolder('sfk-data-')` instead of `mkdtempSync(join(tmpdir(), ...))`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made = new Set<string>();

// Registered when a test file first imports this module, so it runs after the file's own
// afterAll hooks (vitest runs them as a stack): servers writing into these folders are closed.
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
});

export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}
