/**
 * The test files' temporary folders (temp-folder.ts): made in a hook or a test and removed when
 * the file ends; refused at collection, where nothing would remove them (a `vitest list`, a filter
 * that skips the file's tests). The setup file marks the collection; here it is marked by hand.
 */
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempFolders, setCollecting, tempFolder } from './temp-folder.ts';

afterEach(() => setCollecting(false));

describe('tempFolder', () => {
  // First: no test before it has reset the mark.
  it('makes a folder once the file runs: the setup file ended the collection before the first test', () => {
    const dir = tempFolder('sfk-guard-');
    expect(existsSync(dir)).toBe(true);
  });

  it('is refused at collection, with what to do instead, and makes nothing', () => {
    setCollecting(true);
    expect(() => tempFolder('sfk-guard-')).toThrow(
      "tempFolder('sfk-guard-') at collection (at import or in a describe body): make it in beforeAll or a test, where afterAll removes it",
    );
  });

  it('makes a folder in a test, removed with the rest when the file ends', () => {
    const dir = tempFolder('sfk-guard-');
    expect(existsSync(dir)).toBe(true);
    removeTempFolders();
    expect(existsSync(dir)).toBe(false);
  });
});
