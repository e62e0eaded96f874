/**
 * Durable state for `--data FILE`: every acknowledged write is on disk before the response.
 *
 * FILE holds a whole state (written to a temp file, fsynced, renamed over FILE, folder fsynced).
 * FILE.journal holds one line per committed transaction since then: the entities it wrote or
 * deleted, appended and fsynced before the response, so a write costs its own size, not the
 * state's. At start the journal is replayed onto FILE and both are compacted into FILE; the
 * journal is compacted again once it outgrows the state. A last line cut short by a crash was
 * never acknowledged and is dropped; any other unreadable line, a corrupt FILE or one written by
 * a newer version stops the start with a clear message instead of being overwritten.
 *
 * FILE.lock (created exclusively, holding the pid) keeps a second sandbox off the same file: two
 * writers would each compact away the other's acknowledged writes. A lock whose process is gone
 * is stale and taken over. A write that cannot be made durable (disk full) is cut from the
 * journal again and fails its request, so it never resurfaces after a restart; a temp file of a
 * failed compaction is removed.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, basename, join, resolve } from 'node:path';
import { STATE_VERSION, type Commit, type StateSnapshot } from './store.ts';
import { findReservedKey, RESERVED_KEYS } from './safe-object.ts';

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
    throw new DataFileError(
      `${file} is not valid JSON (${(err as Error).message}); refusing to start over it. Move it away or fix it.`,
    );
  }
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    typeof parsed.version !== 'number' ||
    typeof parsed.collections !== 'object'
  ) {
    throw new DataFileError(`${file} is not a sandbox state file (no version/collections); refusing to start over it.`);
  }
  const reserved = findReservedKey(parsed);
  if (reserved !== undefined) {
    throw new DataFileError(
      `${file} holds the reserved key ${reserved} (__proto__, constructor and prototype are never state); refusing to start over it.`,
    );
  }
  if (parsed.version > STATE_VERSION) {
    throw new DataFileError(
      `${file} was written by a newer sandbox (state version ${parsed.version}, this one reads ${STATE_VERSION}); refusing to overwrite it.`,
    );
  }
  return parsed;
}

/** The one file-system call tests replace to simulate a full disk. */
export type WriteFn = (fd: number, buffer: Buffer, offset: number) => number;
const nodeWrite: WriteFn = (fd, buffer, offset) => writeSync(fd, buffer, offset);

/** Writes all of `bytes` (writeSync may write fewer than asked). */
function writeFully(fd: number, bytes: Buffer, write: WriteFn): void {
  for (let done = 0; done < bytes.byteLength;) done += write(fd, bytes, done);
}

/** Writes the whole state atomically; returns its size in bytes. A failed write leaves FILE as it was and no temp file. */
export function writeDataFile(file: string, snapshot: StateSnapshot, write: WriteFn = nodeWrite): number {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  const text = Buffer.from(JSON.stringify(snapshot));
  const fd = openSync(tmp, 'w');
  try {
    try {
      writeFully(fd, text, write);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
    throw err;
  }
  try {
    const dir = openSync(dirname(file), 'r');
    fsyncSync(dir);
    closeSync(dir);
  } catch {
    // Some filesystems refuse fsync on a directory; the rename itself is atomic.
  }
  return text.byteLength;
}

/** Journal line: `[collection, id, entity]`, entity null for a deletion. */
type JournalEntry = [string, string, Record<string, unknown> | null];

/** The journal is compacted into the data file once it is this much larger than the state was. */
const COMPACT_RATIO = 2;
/** ...and never below this size (small states would otherwise compact on every other write). */
const COMPACT_MIN_BYTES = 4 * 1024 * 1024;

/** Applies the journal's complete lines to `state`; a torn last line (a crash mid-append) is dropped. */
function replayJournal(journalFile: string, state: StateSnapshot): void {
  const text = readFileSync(journalFile, 'utf8');
  const lines = text.split('\n');
  // What follows the last newline is empty, or a line a crash cut short (never acknowledged).
  for (let i = 0; i < lines.length - 1; i++) {
    if (!lines[i]) continue;
    let entries: JournalEntry[];
    try {
      entries = JSON.parse(lines[i]) as JournalEntry[];
    } catch (err) {
      throw new DataFileError(
        `${journalFile} line ${i + 1} is not valid JSON (${(err as Error).message}); refusing to start over it. Move it away or fix it.`,
      );
    }
    const reserved =
      findReservedKey(entries) ??
      entries.flatMap(([collection, id]) => [collection, id]).find((k) => RESERVED_KEYS.has(k));
    if (reserved !== undefined) {
      throw new DataFileError(
        `${journalFile} line ${i + 1} holds the reserved key ${reserved}; refusing to start over it.`,
      );
    }
    for (const [collection, id, value] of entries) {
      const c = (state.collections[collection] ??= {});
      if (value === null) delete c[id];
      else c[id] = value as StateSnapshot['collections'][string][string];
    }
  }
}

/** Whether process `pid` is running (a zombie, killed but not yet reaped, is not). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc: trust kill()
  }
}

/** Lock files this process holds: its own pid in a lock it does not hold is a previous life's (a container restarted with the same pid). */
const heldLocks = new Set<string>();

/** Takes FILE.lock for this process, or says which process holds it. */
function takeLock(lock: string, file: string): void {
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldLocks.add(resolve(lock));
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
    }
    const pid = Number(readFileSync(lock, 'utf8').trim());
    const mine = pid === process.pid && !heldLocks.has(resolve(lock));
    if (Number.isInteger(pid) && pid > 0 && !mine && processAlive(pid)) {
      throw new DataFileError(
        `${file} is in use by another sandbox (process ${pid}, lock ${lock}); two sandboxes on one data file would lose each other's writes. Stop that one or use another --data file.`,
      );
    }
    unlinkSync(lock); // stale: its process is gone
  }
}

/**
 * The data file and its journal. `open` loads the state (file + journal) and compacts them;
 * `commit` makes one transaction durable.
 */
export class DataFile {
  private fd: number | undefined;
  private journalBytes = 0;
  private stateBytes = 0;
  private locked = false;
  readonly journal: string;
  readonly lock: string;

  /**
   * `compactMinBytes`: the journal size below which it is never compacted (default 4 MiB);
   * `write`: the file-system write (tests inject a full disk).
   */
  constructor(
    readonly file: string,
    private readonly compactMinBytes = COMPACT_MIN_BYTES,
    private readonly write: WriteFn = nodeWrite,
  ) {
    this.journal = `${file}.journal`;
    this.lock = `${file}.lock`;
  }

  /** The stored state (undefined for a new file), with the journal folded in and cleared. Takes the lock first. */
  open(): StateSnapshot | undefined {
    takeLock(this.lock, this.file);
    this.locked = true;
    try {
      let state = readDataFile(this.file);
      if (existsSync(this.journal)) {
        state ??= { version: STATE_VERSION, collections: {} };
        replayJournal(this.journal, state);
      }
      this.fd = openSync(this.journal, 'a');
      if (state) this.compact(state);
      return state;
    } catch (err) {
      this.close();
      throw err;
    }
  }

  /** Durable before it returns: the changed entities as one journal line, or the whole state. */
  commit(changes: Commit, snapshot: () => StateSnapshot): void {
    if (changes === 'all') return this.compact(snapshot());
    if (this.fd === undefined) throw new Error('DataFile.commit before open');
    const line =
      JSON.stringify(changes.map((c): JournalEntry => [c.collection, c.id, (c.value as JournalEntry[2]) ?? null])) +
      '\n';
    const bytes = Buffer.from(line);
    const before = this.journalBytes;
    try {
      writeFully(this.fd, bytes, this.write);
      fsyncSync(this.fd);
      this.journalBytes += bytes.byteLength;
      // A failed compaction leaves FILE as it was (writeDataFile), so cutting the line undoes it.
      if (this.journalBytes > Math.max(this.compactMinBytes, COMPACT_RATIO * this.stateBytes)) this.compact(snapshot());
    } catch (err) {
      // The request fails and its change is undone: its line (whole, or cut short by a full
      // disk) must not stay in the journal, or a restart would bring the failed write back.
      this.journalBytes = before;
      try {
        ftruncateSync(this.fd, before);
        fsyncSync(this.fd);
      } catch {
        // the replay drops a torn last line anyway
      }
      throw err;
    }
  }

  /** The whole state into the data file, then an empty journal (a crash between the two replays entries the file already has). */
  private compact(state: StateSnapshot): void {
    this.stateBytes = writeDataFile(this.file, state, this.write);
    if (this.fd === undefined) return;
    try {
      ftruncateSync(this.fd, 0);
      fsyncSync(this.fd);
      this.journalBytes = 0;
    } catch {
      // FILE already holds everything; the journal's lines replay onto it unchanged.
    }
  }

  /** Closes the journal and releases the lock. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.locked) {
      this.locked = false;
      heldLocks.delete(resolve(this.lock));
      try {
        unlinkSync(this.lock);
      } catch {
        // removed by hand meanwhile
      }
    }
  }

  /** Bytes in the journal now (for tests and the bench). */
  get journalSize(): number {
    return this.fd === undefined ? 0 : fstatSync(this.fd).size;
  }
}
