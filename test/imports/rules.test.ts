/**
 * The import rules `npm test` enforces (.dependency-cruiser.cjs; its 'import rules' step checks
 * the project): each rule fails on a file tree that breaks it, so none passes by matching nothing.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

function cruise(cwd: string): Violation[] {
  const r = spawnSync(depcruise, ['src', 'console', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
  });
  if (!r.stdout) throw new Error(`depcruise failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A scratch project with the real config and tsconfig, and the given files. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sfk-imports-'));
  dirs.push(dir);
  for (const f of ['.dependency-cruiser.cjs', 'tsconfig.json']) copyFileSync(join(root, f), join(dir, f));
  // Both folders the check reads exist, even when a case needs nothing in one of them.
  for (const [path, text] of Object.entries({ 'src/empty.ts': '', 'console/empty.ts': '', ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('import rules', () => {
  it.each([
    ['no-circular', { 'src/a.ts': "import './b.ts';\n", 'src/b.ts': "import './a.ts';\n" }, 'src/a.ts'],
    [
      'client-not-into-sandbox',
      { 'src/index.ts': "import './sandbox/app.ts';\n", 'src/sandbox/app.ts': '' },
      'src/index.ts',
    ],
    [
      'src-not-into-console',
      { 'src/index.ts': "import '../console/src/main.tsx';\n", 'console/src/main.tsx': '' },
      'src/index.ts',
    ],
    [
      'console-through-entry-points',
      { 'console/src/main.tsx': "import '../../src/client/invoke.ts';\n", 'src/client/invoke.ts': '' },
      'console/src/main.tsx',
    ],
    [
      'platform-not-into-domain',
      { 'src/sandbox/app.ts': "import './domain/cart.ts';\n", 'src/sandbox/domain/cart.ts': '' },
      'src/sandbox/app.ts',
    ],
    [
      'platform-not-into-handlers',
      { 'src/sandbox/control.ts': "import './handlers/identity.ts';\n", 'src/sandbox/handlers/identity.ts': '' },
      'src/sandbox/control.ts',
    ],
  ])('%s fails on a tree that breaks it', (rule, files, from) => {
    expect(cruise(project(files)).map((v) => [v.rule.name, v.from])).toContainEqual([rule, from]);
  });

  it('lets the composition root register handler modules, and the console use the entry points', () => {
    const files = {
      'src/sandbox/modules.ts': "import './handlers/members.ts';\n",
      'src/sandbox/handlers/members.ts': '',
      'console/src/main.tsx': "import '../../src/index.ts';\n",
      'src/index.ts': '',
    };
    expect(cruise(project(files))).toEqual([]);
  });
});
