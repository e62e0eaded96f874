/**
 * Code a user pastes (the console's snippets, the README's and docs' examples) as the user's own files:
 * TypeScript modules that import `storefront-kit`, type-checked strictly and run, with the
 * package name resolving to this checkout's sources (what `npm install storefront-kit` gives).
 * The folder is inside the repository (.tmp/) so the files' other imports resolve in its
 * node_modules.
 *
 * The type check reads the package's declarations (dist/, what a user's tsc reads) when the
 * build there is of the sources as they are now (scripts/library-inputs.ts; `npm test` builds
 * dist/ before vitest): tsc then checks the user's files without checking the library's sources
 * again for each project (a third to four fifths less work, depending on the entries imported).
 * Should that check report anything, or dist/ be missing or stale, the files are checked against
 * the sources, and that report is the answer.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { builtFromCurrentInputs } from '../../scripts/library-inputs.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..', '..');

/** What one module did when imported: what it printed (its first value described), or how it failed. */
export interface Outcome {
  file: string;
  /** Every console.log line, formatted as Node prints it. */
  lines: string[];
  /** The first value printed: an array's length, a query builder, or its JSON (cut). */
  first?: { array?: number; builder?: boolean; json?: string };
  error?: { name: string; message: string; status?: number };
}

export interface UserProject {
  dir: string;
  /** Writes a module; returns its path. */
  write(name: string, text: string): string;
  /** tsc's report on every module written (empty when they type-check). */
  typecheck(): Promise<string>;
  /** Imports each module in turn in one Node process, in order; returns their outcomes. */
  run(files: string[], env?: NodeJS.ProcessEnv): Promise<Outcome[]>;
  remove(): void;
}

/**
 * Every entry of the package's `exports` (`storefront-kit/react`, ...): as the source file its
 * build comes from, or as the build's declarations.
 */
function packagePaths(to: 'sources' | 'declarations'): Record<string, string[]> {
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { import: string; types: string }>;
  };
  const paths: Record<string, string[]> = {};
  for (const [entry, target] of Object.entries(exports)) {
    if (typeof target === 'string') continue;
    const source = join(root, target.import.replace(/^\.\/dist\//, '').replace(/\.js$/, ''));
    paths[`storefront-kit${entry.slice(1)}`] = [
      to === 'declarations' ? join(root, target.types) : existsSync(`${source}.tsx`) ? `${source}.tsx` : `${source}.ts`,
    ];
  }
  return paths;
}

export function userProject(name: string): UserProject {
  const dir = join(root, '.tmp', `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  const config = (to: 'sources' | 'declarations') => {
    const file = join(dir, to === 'sources' ? 'tsconfig.json' : 'tsconfig.declarations.json');
    writeFileSync(
      file,
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          allowImportingTsExtensions: true,
          types: ['node'],
          jsx: 'react-jsx',
          paths: packagePaths(to),
        },
        include: ['src/*.ts', 'src/*.tsx'],
      }),
    );
    return file;
  };
  // The files run (tsx) on the sources.
  const tsconfig = config('sources');
  const tsc = async (project: string) => {
    const r = await run(join(root, 'node_modules', '.bin', 'tsc'), ['-p', project], {
      cwd: dir,
      maxBuffer: 1 << 26,
    }).catch((e: { stdout: string }) => e);
    return r.stdout;
  };
  return {
    dir,
    write(file, text) {
      const path = join(dir, 'src', file);
      writeFileSync(path, text);
      return path;
    },
    async typecheck() {
      if (builtFromCurrentInputs(root) && (await tsc(config('declarations'))) === '') return '';
      return tsc(tsconfig);
    },
    async run(files, env = {}) {
      const out = join(dir, 'outcomes.json');
      const runner = join(dir, 'runner.ts');
      writeFileSync(
        runner,
        `import { writeFileSync } from 'node:fs';
         import { pathToFileURL } from 'node:url';
         import { format } from 'node:util';
         const files: string[] = ${JSON.stringify(files)};
         const outcomes = [];
         const describe = (v: unknown) =>
           Array.isArray(v) ? { array: v.length }
           : typeof (v as { find?: unknown } | undefined)?.find === 'function' ? { builder: true }
           : { json: String(JSON.stringify(v)).slice(0, 200) };
         const log = console.log;
         for (const file of files) {
           const printed: unknown[][] = [];
           console.log = (...args: unknown[]) => void printed.push(args);
           const lines = () => printed.map((args) => format(...args));
           try {
             await import(pathToFileURL(file).href);
             outcomes.push({ file, lines: lines(), first: printed.length ? describe(printed[0][0]) : undefined });
           } catch (e) {
             const err = e as { name: string; message: string; status?: number };
             outcomes.push({ file, lines: lines(), error: { name: err.name, message: err.message, status: err.status } });
           } finally {
             console.log = log;
           }
         }
         writeFileSync(${JSON.stringify(out)}, JSON.stringify(outcomes));`,
      );
      await run(process.execPath, ['--import', 'tsx', runner], {
        cwd: dir,
        env: { ...process.env, ...env, TSX_TSCONFIG_PATH: tsconfig },
        maxBuffer: 1 << 26,
      });
      return JSON.parse(readFileSync(out, 'utf8')) as Outcome[];
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
