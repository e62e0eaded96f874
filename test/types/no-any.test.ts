/**
 * No `any` in the sandbox (issue 15: "typed from the spec"): every `any` type written in
 * src/sandbox/ is found by the TypeScript parser (comments, strings and a variable named `any`
 * do not count). Any file with one fails, naming where.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anyTypes } from '../support/any-types.ts';

const root = resolve(import.meta.dirname, '..', '..');
const sandbox = join(root, 'src', 'sandbox');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the sandbox has no `any`', () => {
  it('finds an `any` type and only that', () => {
    const text = [
      '// any in a comment',
      "const any = 'any';",
      'let a: any;',
      'const b = [1].reduce<any>((n) => n, 0);',
      'type C = Record<string, any>;',
    ].join('\n');
    expect(anyTypes('x.ts', text)).toEqual(['3:8', '4:22', '5:25']);
  });

  it('has no `any` in any file of src/sandbox/', () => {
    const where = sourceFiles(sandbox).flatMap((file) =>
      anyTypes(file, readFileSync(file, 'utf8')).map((at) => `${relative(root, file).split('\\').join('/')}:${at}`),
    );
    expect(where, 'an `any` in src/sandbox/: type it (spec types, `unknown` and narrowing, JsonObject)').toEqual([]);
    expect(sourceFiles(sandbox).length, 'the walk reads the sandbox').toBeGreaterThan(50);
  });
});
