/**
 * docs/testing.md's vitest example is a test that runs: testing-guide.example.test.ts is its
 * first block word for word, only its imports pointed at the source (the example runs with the
 * rest of npm test; snippets.test.ts type-checks the block against the package).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

describe('docs/testing.md, the vitest example', () => {
  it('is testing-guide.example.test.ts, word for word', () => {
    const page = readFileSync(join(root, 'docs', 'testing.md'), 'utf8');
    const block = /```ts\n([\s\S]*?)```/.exec(page)?.[1];
    const file = readFileSync(join(import.meta.dirname, 'testing-guide.example.test.ts'), 'utf8')
      .split('\n')
      .slice(1)
      .join('\n')
      .replace("from '../../src/index.ts'", "from 'storefront-kit'")
      .replace("from '../../src/sandbox/index.ts'", "from 'storefront-kit/sandbox'")
      .replace("from '../../src/sandbox/msw.ts'", "from 'storefront-kit/sandbox/msw'");
    expect(block).toBe(file);
  });
});
