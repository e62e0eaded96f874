/**
 * Temporary folders a test file makes, removed when the file's tests end (a user's disk must not
 * fill run by run): `tempFolder('sfk-data-')` instead of `mkdtempSync(join(tmpdir(), ...))`.
 * The removal is registered for every test file by test/support/temp-folder-cleanup.ts (a
 * vitest setup file), so it also runs when files share one module graph (`--no-isolate`, the
 * other Node versions' runs), where this module is imported once for all of them.
 * Make them when the tests run (in beforeAll or a test; useSandboxServer takes its options as a
 * function for that), never at import or in a describe body: a collection alone (`vitest list`,
 * a filter that skips the file's tests) runs no afterAll, and would leave them behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();
/** True while a test file is being collected (set by temp-folder-cleanup.ts, the setup file). */
let collecting = false;

/** The setup file says when a file's collection starts and when its tests start running. */
export function setCollecting(on: boolean): void {
  collecting = on;
}

export function tempFolder(prefix: string): string {
  // A folder made at collection is never removed when the collection is all that runs.
  if (collecting)
    throw new Error(
      `tempFolder('${prefix}') at collection (at import or in a describe body): make it in beforeAll or a test, where afterAll removes it`,
    );
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder tempFolder made and has not removed yet. */
export function removeTempFolders(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
