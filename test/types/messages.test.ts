/**
 * The compile errors a user sees name the culprit: a wrong query field, a value of the wrong
 * type, an operator the field does not support, an unknown option. Compiles one snippet with
 * the TypeScript API (the @ts-expect-error lines of precise.test-d.ts only prove there is an
 * error) and pins a part of each message.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const SNIPPET = join(here, '__messages__.ts');

// One culprit per line; the test reads the diagnostics by line.
const CASES: [what: string, code: string, message: RegExp][] = [
  ['a wrong builder field', `kit.products.queryProducts().eq('notAField', 1);`, /'"notAField"' is not assignable/],
  ['a wrong builder value', `kit.products.queryProducts().eq('name', 1);`, /"name takes a string"/],
  [
    'an enum value outside the field',
    `kit.products.queryProducts().eq('productType', 'bogus');`,
    /"productType takes one of its values"/,
  ],
  [
    'an operator the field does not support (builder)',
    `kit.products.queryProducts().eq('collectionIds', 'x');`,
    /'"collectionIds"' is not assignable/,
  ],
  [
    'a field that does not sort',
    `kit.products.queryProducts().ascending('description');`,
    /'"description"' is not assignable/,
  ],
  [
    'a wrong filter field',
    `kit.products.queryProducts({ query: { filter: { notAField: 1 } } });`,
    /'notAField' does not exist/,
  ],
  ['a wrong filter value', `kit.products.queryProducts({ query: { filter: { name: 1 } } });`, /Operators<"name"/],
  [
    'an operator the field does not support (filter)',
    `kit.products.queryProducts({ query: { filter: { collectionIds: { $eq: 'x' } } } });`,
    /'\$eq' does not exist in type 'Operators<"collectionIds"/,
  ],
  [
    'an unknown option of an operation without options',
    `kit.currentCart.getCurrentCart({ bogus: 1 });`,
    /'bogus' does not exist in type 'NoOptions'/,
  ],
  ['an unknown option of an operation', `kit.checkout.getCheckout('c1', { bogus: 1 });`, /'bogus' does not exist/],
  [
    'an unknown OAuthStrategy option',
    `OAuthStrategy({ clientId: 'x', bogus: 1 });`,
    /"bogus is not an option of OAuthStrategy"/,
  ],
];

const HOVER = [
  'declare const p: Awaited<ReturnType<typeof kit.products.getProduct>>;',
  'export const hover = p.product.productType;',
];

function compile(): { byLine: Map<number, string>; hover: string } {
  const source = [
    "import { checkout, createClient, currentCart, OAuthStrategy, products, type AuthStrategy } from '../../src/index.ts';",
    'declare const auth: AuthStrategy;',
    'const kit = createClient({ modules: { checkout, currentCart, products }, auth });',
    ...CASES.map(([, code]) => code),
    ...HOVER,
  ].join('\n');
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(here, '../../tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const host = ts.createCompilerHost(config!.options);
  const read = host.getSourceFile;
  host.getSourceFile = (name, ...rest) =>
    resolve(name) === SNIPPET ? ts.createSourceFile(name, source, ts.ScriptTarget.ES2022) : read(name, ...rest);
  const program = ts.createProgram([SNIPPET], { ...config!.options, noEmit: true }, host);
  const file = program.getSourceFile(SNIPPET)!;
  const byLine = new Map<number, string>();
  for (const d of program.getSemanticDiagnostics(file)) {
    const line = file.getLineAndCharacterOfPosition(d.start!).line - 3;
    byLine.set(line, (byLine.get(line) ?? '') + ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }
  const checker = program.getTypeChecker();
  const decl = file.statements.find(
    (st) => ts.isVariableStatement(st) && st.getText(file).includes('hover'),
  ) as ts.VariableStatement;
  const hover = checker.typeToString(
    checker.getTypeAtLocation(decl.declarationList.declarations[0].name),
    undefined,
    ts.TypeFormatFlags.NoTruncation,
  );
  return { byLine, hover };
}

describe('compile errors name the culprit', () => {
  const { byLine, hover } = compile();
  it.each(CASES.map((c, i) => [c[0], i, c[2]] as const))('%s', (_what, line, pattern) => {
    expect(byLine.get(line) ?? '(no error)').toMatch(pattern);
  });
  it('shows an enumeration as its values, not as components["schemas"]["ProductType"]', () => {
    expect(hover).not.toContain('components');
    expect(hover.split(' | ').sort()).toEqual([
      '"digital"',
      '"physical"',
      '"unspecified"',
      '"unspecified_product_type"',
      'undefined',
    ]);
  });
  it('has no other error in the snippet', () => expect(byLine.size).toBe(CASES.length));
});
