/**
 * 0 `any` in the public types of storefront-kit/react, react/server and react/testing: their
 * declarations as the build emits them (with everything they reach: the client's and the
 * generated types) searched with the TypeScript parser. The type tests beside this file
 * (types.test-d.tsx, checked by tsc) pin what the types say.
 * When dist/ holds the build of the sources as they are now (scripts/library-inputs.ts; `npm
 * test` builds it before vitest), those are its declarations, read: the build emitted them with
 * the same options and no diagnostic. Otherwise they are emitted here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { builtFromCurrentInputs } from '../../scripts/library-inputs.ts';
import { anyTypes } from '../support/any-types.ts';

const root = resolve(import.meta.dirname, '..', '..');
const OUT = join(root, '.tmp', 'react-types');

/** A file's path from the repository's root, with forward slashes. */
const fromRoot = (dir: string, name: string) => relative(dir, name).split('\\').join('/');

describe('the React layer’s public types', () => {
  it('have no `any`, nor do the declarations they reach', () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      join(root, 'tsconfig.build.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    )!;
    const entries = ['src/react/index.ts', 'src/react/server.ts', 'src/react/testing.tsx'].map((f) => join(root, f));
    const program = ts.createProgram(entries, { ...parsed.options, emitDeclarationOnly: true, outDir: OUT });
    /** The declarations, by the path of the source they declare with `.d.ts` for its extension. */
    const declarations = new Map<string, string>();
    // The sources the entries reach, each with its declarations in dist/ (read with no type check).
    const built = builtFromCurrentInputs(root)
      ? program
          .getSourceFiles()
          // JSON modules (the bundled specs) have no declarations of their own.
          .filter((f) => !f.isDeclarationFile && /\.tsx?$/.test(f.fileName))
          .map((f) => fromRoot(root, f.fileName).replace(/\.tsx?$/, '.d.ts'))
      : [];
    if (built.length && built.every((name) => existsSync(join(root, 'dist', name))))
      for (const name of built) declarations.set(name, readFileSync(join(root, 'dist', name), 'utf8'));
    else {
      const emitted = program.emit(undefined, (name, text) => declarations.set(fromRoot(OUT, name), text));
      expect(emitted.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    }
    expect([...declarations.keys()]).toEqual(
      expect.arrayContaining(['src/react/index.d.ts', 'src/react/server.d.ts', 'src/react/testing.d.ts']),
    );
    const found = [...declarations].flatMap(([name, text]) => anyTypes(name, text).map((at) => `${name}:${at}`));
    expect(found).toEqual([]);
  }, 240_000);
});
