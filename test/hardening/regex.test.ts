/**
 * Every regular expression the sandbox and the client run is linear: no input makes one
 * backtrack (ReDoS). Checked with recheck (an automaton-based ReDoS checker) over
 * - every regex literal in src/ (found with the TypeScript parser, not a regex over the text),
 * - the router's patterns built from the spec's paths (the one `new RegExp` in src/),
 * - the spec's `pattern` keywords, which request validation runs on callers' text.
 * A `new RegExp` anywhere else in src/ fails this test until it is checked here too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { operationList } from '../../generated/operations.ts';
import { specs } from '../../generated/specs.ts';
import { Router } from '../../src/sandbox/platform/router.ts';
import { recordFigures } from './support.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Found {
  where: string;
  source: string;
  flags: string;
}

/** Regex literals and `new RegExp(...)` calls of one file, by the TypeScript parser. */
function regexesOf(file: string): { literals: Found[]; constructed: string[] } {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const literals: Found[] = [];
  const constructed: string[] = [];
  const visit = (node: ts.Node) => {
    const line = () => `${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(sf);
      const end = literal.lastIndexOf('/');
      literals.push({ where: line(), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp')
      constructed.push(line());
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { literals, constructed };
}

/** Every `pattern` keyword of the bundled specs. */
function specPatterns(): Found[] {
  const out: Found[] = [];
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'pattern' && typeof v === 'string') out.push({ where, source: v, flags: 'u' });
      else walk(v, `${where}/${k}`);
    }
  };
  for (const [service, doc] of Object.entries(specs)) walk(doc, service);
  return out;
}

const figures = { regexes: 0, literals: 0, routes: 0, specPatterns: 0, notLinear: 0 };

describe('every regular expression of the sandbox and the client is linear', () => {
  const files = sourceFiles('src');
  const found = files.map(regexesOf);
  const literals = found.flatMap((f) => f.literals);
  const routes = (
    new Router(operationList) as unknown as { routes: { regex: RegExp; d: { key: string } }[] }
  ).routes.map((r) => ({ where: `route ${r.d.key}`, source: r.regex.source, flags: r.regex.flags }));
  const patterns = specPatterns();

  it("finds the regexes to check, and no `new RegExp` but the router's", () => {
    expect(literals.length).toBeGreaterThan(20);
    expect(routes).toHaveLength(operationList.length);
    expect(found.flatMap((f) => f.constructed).map((w) => w.replace(/:\d+$/, ''))).toEqual([
      join('src', 'sandbox', 'platform', 'router.ts'),
    ]);
  });

  it('recheck finds every one safe (no polynomial or exponential backtracking)', { timeout: 600_000 }, async () => {
    const all = [...literals, ...routes, ...patterns];
    const unique = new Map<string, Found>();
    for (const r of all) unique.set(`${r.flags}/${r.source}`, r);
    const problems: string[] = [];
    for (const r of unique.values()) {
      const result = await check(r.source, r.flags, { timeout: 20_000 });
      if (result.status !== 'safe') {
        const complexity = result.status === 'vulnerable' ? result.complexity.summary : result.status;
        problems.push(`${r.where}: /${r.source}/${r.flags} is ${complexity}`);
      }
    }
    Object.assign(figures, {
      regexes: unique.size,
      literals: literals.length,
      routes: routes.length,
      specPatterns: patterns.length,
      notLinear: problems.length,
    });
    expect(problems).toEqual([]);
  });

  it('prints the summary', () => {
    recordFigures(
      'regex',
      `regex: ${figures.regexes} distinct regular expressions (${figures.literals} literals in src/, ${figures.routes} router patterns, ${figures.specPatterns} spec patterns) checked by recheck; ${figures.notLinear} not linear`,
      figures,
    );
  });
});
