/**
 * `--data FILE` on disk: a committed transaction is one journal line (its own size, not the
 * state's), a start folds the journal into FILE, a line a crash cut short is dropped, any
 * other unreadable line stops the start and leaves both files as they were.
 */
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StateSnapshot } from '../../../src/sandbox/platform/store.ts';
import { DataFile, DataFileError, writeDataFile } from '../../../src/sandbox/platform/persist.ts';
import { tempFolder } from '../../support/temp-folder.ts';

const newFile = () => join(tempFolder('sfk-datafile-'), 'state.json');
const state = (n: number): StateSnapshot => ({
  version: 1,
  collections: { products: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { id: `p${i}`, name: `Product ${i}`, description: 'x'.repeat(200) }])) },
});
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as StateSnapshot;

describe('the data file and its journal', () => {
  it('writes a transaction as one journal line of its own size, and folds the journal in at the next start', () => {
    const file = newFile();
    const big = state(2000);
    const first = new DataFile(file);
    expect(first.open()).toBeUndefined();
    first.commit('all', () => big);
    const stateBytes = statSync(file).size;
    expect(stateBytes).toBeGreaterThan(400_000);

    const current = structuredClone(big);
    current.collections.products.p1 = { id: 'p1', name: 'Renamed' };
    delete current.collections.products.p2;
    current.collections.carts = { c1: { id: 'c1' } };
    first.commit(
      [
        { collection: 'products', id: 'p1', value: { id: 'p1', name: 'Renamed' } },
        { collection: 'products', id: 'p2', value: undefined },
        { collection: 'carts', id: 'c1', value: { id: 'c1' } },
      ],
      () => current,
    );
    expect(first.journalSize).toBeLessThan(200);
    expect(statSync(file).size).toBe(stateBytes); // the state file was not rewritten
    first.close();

    const second = new DataFile(file);
    expect(second.open()).toEqual(current);
    expect(second.journalSize).toBe(0);
    expect(read(file)).toEqual(current);
    second.close();
  });

  it('drops a last line a crash cut short (it was never acknowledged), keeping every line before it', () => {
    const file = newFile();
    const f = new DataFile(file);
    f.open();
    f.commit('all', () => state(1));
    f.commit([{ collection: 'carts', id: 'c1', value: { id: 'c1' } }], () => state(1));
    f.close();
    appendFileSync(`${file}.journal`, '[["carts","c2",{"id":"c2"');
    const again = new DataFile(file);
    expect(Object.keys(again.open()!.collections.carts)).toEqual(['c1']);
    again.close();
  });

  it('refuses a file or journal holding a reserved key (__proto__, constructor, prototype), and leaves them as they were', () => {
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).join(',');
    const poisonedFile = newFile();
    writeFileSync(poisonedFile, '{"version":1,"collections":{"__proto__":{"x":{"id":"x","polluted":"yes"}}}}');
    expect(() => new DataFile(poisonedFile).open()).toThrow(
      `${poisonedFile} holds the reserved key collections.__proto__ (__proto__, constructor and prototype are never state); refusing to start over it.`,
    );
    const poisonedJournal = newFile();
    writeDataFile(poisonedJournal, state(1));
    for (const line of ['[["__proto__","polluted",{"id":"x"}]]', '[["carts","c1",{"id":"c1","constructor":{"prototype":{"polluted":"yes"}}}]]']) {
      writeFileSync(`${poisonedJournal}.journal`, `${line}\n`);
      expect(() => new DataFile(poisonedJournal).open()).toThrow(new RegExp(`state\\.json\\.journal line 1 holds the reserved key (__proto__|\\[0\\]\\[2\\]\\.constructor)`));
      expect(readFileSync(`${poisonedJournal}.journal`, 'utf8')).toBe(`${line}\n`);
    }
    expect(Object.getOwnPropertyNames(Object.prototype).join(',')).toBe(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('takes over a lock holding its own pid that it does not hold (a container restarted with the same pid); refuses one it holds', () => {
    const file = newFile();
    writeFileSync(`${file}.lock`, String(process.pid));
    const f = new DataFile(file);
    f.open();
    expect(() => new DataFile(file).open()).toThrow(`${file} is in use by another sandbox (process ${process.pid}, lock ${file}.lock)`);
    f.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('refuses a journal with an unreadable line before the last, and leaves both files as they were', () => {
    const file = newFile();
    writeDataFile(file, state(1));
    const journal = '[["carts","c1",{"id":"c1"}]]\nnot json\n[["carts","c2",{"id":"c2"}]]\n';
    writeFileSync(`${file}.journal`, journal);
    const before = readFileSync(file, 'utf8');
    expect(() => new DataFile(file).open()).toThrow(DataFileError);
    expect(() => new DataFile(file).open()).toThrow(/state\.json\.journal line 2 is not valid JSON/);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(readFileSync(`${file}.journal`, 'utf8')).toBe(journal);
  });

  it('replays to the same state when a crash came between writing the state and clearing the journal', () => {
    const file = newFile();
    const f = new DataFile(file);
    f.open();
    f.commit('all', () => state(1));
    const final = state(1);
    final.collections.carts = { c1: { id: 'c1', quantity: 2 } };
    f.commit([{ collection: 'carts', id: 'c1', value: { id: 'c1', quantity: 1 } }], () => state(1));
    f.commit([{ collection: 'carts', id: 'c1', value: { id: 'c1', quantity: 2 } }], () => final);
    f.close();
    writeDataFile(file, final); // the compaction's first half; the journal still holds both lines
    expect(existsSync(`${file}.journal`)).toBe(true);
    const again = new DataFile(file);
    expect(again.open()).toEqual(final);
    again.close();
  });

  it('compacts the journal into the state file once it outgrows twice the state', () => {
    const file = newFile();
    const f = new DataFile(file, 0);
    f.open();
    const current = state(5);
    f.commit('all', () => current);
    const stateBytes = statSync(file).size;
    let commits = 0;
    while (f.journalSize > 0 || commits === 0) {
      commits++;
      current.collections.products.p0 = { id: 'p0', name: `Edit ${commits}`, description: 'y'.repeat(300) };
      f.commit([{ collection: 'products', id: 'p0', value: current.collections.products.p0 }], () => current);
      expect(commits).toBeLessThan(100);
    }
    // Compacted on the commit that took the journal past 2x the state: the file has that edit.
    expect(commits).toBeGreaterThan(2);
    expect(commits * 400).toBeGreaterThan(2 * stateBytes);
    expect(read(file).collections.products.p0.name).toBe(`Edit ${commits}`);
    f.close();
  });

  it('starts from the journal alone when the state file was never written', () => {
    const file = newFile();
    writeFileSync(`${file}.journal`, '[["carts","c1",{"id":"c1"}]]\n');
    const f = new DataFile(file);
    expect(f.open()).toEqual({ version: 1, collections: { carts: { c1: { id: 'c1' } } } });
    expect(read(file)).toEqual({ version: 1, collections: { carts: { c1: { id: 'c1' } } } });
    f.close();
  });
});
