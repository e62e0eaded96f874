/**
 * The client's Cart V1 and Checkout V1 functions carry `@deprecated` (the generator writes it from
 * `x-sfk-replaced-by`), so an editor strikes a V1 call through and says what replaces it; Cart V2
 * calls do not. Read as TypeScript's language service reports it to editors (suggestion 6385).
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
/** A user's file, in memory, beside the tests (its imports resolve from here). */
const FILE = join(root, 'test', 'types', 'user-code-v1-deprecated.ts');
const USER_CODE = `import { checkout, createClient, currentCart, currentCartV2, OAuthStrategy } from '../../src/index.ts';
const kit = createClient({ modules: { currentCart, checkout, currentCartV2 }, auth: OAuthStrategy({ clientId: 'x' }) });
void kit.currentCart.addToCurrentCart({});
void kit.checkout.getCheckout('id');
void kit.currentCartV2.addLineItemsToCurrentCart({});
void currentCart.createCheckoutFromCurrentCart;
`;

function deprecations(): { name: string; message: string }[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  )!;
  const service = ts.createLanguageService({
    getScriptFileNames: () => [FILE],
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) =>
      f === FILE
        ? ts.ScriptSnapshot.fromString(USER_CODE)
        : ts.sys.fileExists(f)
          ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f)!)
          : undefined,
    getCurrentDirectory: () => root,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (f) => f === FILE || ts.sys.fileExists(f),
    readFile: (f) => (f === FILE ? USER_CODE : ts.sys.readFile(f)),
    readDirectory: ts.sys.readDirectory,
  });
  return service
    .getSuggestionDiagnostics(FILE)
    .filter((d) => d.code === 6385)
    .map((d) => ({
      name: USER_CODE.slice(d.start!, d.start! + d.length!),
      message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
    }));
}

describe('V1 calls are deprecated in the client types', () => {
  it('on the client and on the bare module, naming the V1 function; not on Cart V2', () => {
    const found = deprecations();
    expect(found.map((d) => d.name)).toEqual(['addToCurrentCart', 'getCheckout', 'createCheckoutFromCurrentCart']);
    expect(found[0].message).toBe("'addToCurrentCart' is deprecated.");
  }, 120_000);
});
