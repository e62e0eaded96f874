/**
 * No `any` in the sandbox (issue 15: "typed from the spec"): every `any` type written in
 * src/sandbox/ is found by the TypeScript parser (comments, strings and a variable named `any`
 * do not count). A file not in the list below fails with its first `any`; the list is what is
 * left of the work and may only shrink: a file whose count went down fails until its
 * entry is lowered or removed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const sandbox = join(root, 'src', 'sandbox');

/** TODO(#15): the `any` types still left, by file. Shrinks to empty; never grows. */
const REMAINING: Readonly<Record<string, number>> = {
};

/** Where each `any` type of a source text is, as `line:column`. */
export function anyTypes(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) {
      const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${line + 1}:${character + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

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

  it('has no `any` outside the shrinking TODO list, and the list is exact', () => {
    const counts: Record<string, number> = {};
    const where: string[] = [];
    for (const file of sourceFiles(sandbox)) {
      const name = relative(root, file).split('\\').join('/');
      const hits = anyTypes(file, readFileSync(file, 'utf8'));
      if (hits.length) counts[name] = hits.length;
      if (hits.length > (REMAINING[name] ?? 0)) where.push(`${name}:${hits[0]}`);
    }
    expect(where, 'a new `any` in src/sandbox/: type it (spec types, `unknown` and narrowing, JsonObject)').toEqual([]);
    expect(counts, 'TODO(#15) list out of date: lower or remove the entries of files with fewer `any`').toEqual(
      REMAINING,
    );
  });
});
