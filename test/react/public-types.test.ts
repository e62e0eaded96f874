/**
 * 0 `any` in the public types of storefront-kit/react, react/server and react/testing: their
 * declarations are emitted as the build emits them (with everything they reach: the client's and
 * the generated types) and searched with the TypeScript parser. The type tests beside this file
 * (types.test-d.tsx, checked by tsc) pin what the types say.
 */
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { anyTypes } from '../support/any-types.ts';

const root = resolve(import.meta.dirname, '..', '..');

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
    const program = ts.createProgram(entries, {
      ...parsed.options,
      emitDeclarationOnly: true,
      outDir: join(root, '.tmp', 'react-types'),
    });
    const declarations = new Map<string, string>();
    const emitted = program.emit(undefined, (name, text) =>
      declarations.set(relative(root, name).split('\\').join('/'), text),
    );
    expect(emitted.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    expect([...declarations.keys()]).toEqual(
      expect.arrayContaining([
        '.tmp/react-types/src/react/index.d.ts',
        '.tmp/react-types/src/react/server.d.ts',
        '.tmp/react-types/src/react/testing.d.ts',
      ]),
    );
    const found = [...declarations].flatMap(([name, text]) => anyTypes(name, text).map((at) => `${name}:${at}`));
    expect(found).toEqual([]);
  }, 240_000);
});
