/**
 * Durable state for `--data FILE`: every acknowledged write is on disk before the response
 * (write a temp file, fsync it, rename it over the data file, fsync the folder). A corrupt
 * file or one written by a newer version stops the start with a clear message instead of
 * being overwritten.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { STATE_VERSION, type StateSnapshot } from './db.ts';

export class DataFileError extends Error {
  override name = 'DataFileError';
}

export function readDataFile(file: string): StateSnapshot | undefined {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  let parsed: StateSnapshot;
  try {
    parsed = JSON.parse(text) as StateSnapshot;
  } catch (err) {
    throw new DataFileError(`${file} is not valid JSON (${(err as Error).message}); refusing to start over it. Move it away or fix it.`);
  }
  if (!parsed || typeof parsed !== 'object' || typeof parsed.version !== 'number' || typeof parsed.collections !== 'object') {
    throw new DataFileError(`${file} is not a sandbox state file (no version/collections); refusing to start over it.`);
  }
  if (parsed.version > STATE_VERSION) {
    throw new DataFileError(
      `${file} was written by a newer sandbox (state version ${parsed.version}, this one reads ${STATE_VERSION}); refusing to overwrite it.`,
    );
  }
  return parsed;
}

export function writeDataFile(file: string, snapshot: StateSnapshot): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, JSON.stringify(snapshot));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  try {
    const dir = openSync(dirname(file), 'r');
    fsyncSync(dir);
    closeSync(dir);
  } catch {
    // Some filesystems refuse fsync on a directory; the rename itself is atomic.
  }
}
