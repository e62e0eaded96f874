/**
 * The README is what a newcomer reads in two minutes: what it is, the two commands, one client
 * example, one sandbox example, one console picture, then links into docs/, where the reference
 * lives. Its examples type-check and run as written (the client's against a sandbox on a free
 * port instead of 4010), and every relative link of the README and of docs/ leads somewhere.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { userProject } from '../support/user-code.ts';

const root = resolve(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const tsBlocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
/** The hand-written pages of docs/ (bench.md and coverage.md are written by scripts). */
const pages = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md'));
const section = (heading: string) => readme.split(/^## /m).find((s) => s.startsWith(`${heading}\n`)) ?? '';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe('README.md', () => {
  it('is short: under 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(200);
  });

  it('gives the two commands, one client example, one sandbox example and one console picture', () => {
    expect(section('Two commands')).toContain('npx storefront-kit ');
    expect(section('Two commands')).toContain('npm ci && npm start');
    expect(tsBlocks).toHaveLength(2);
    expect(tsBlocks[0]).toContain('createClient(');
    expect(tsBlocks[1]).toContain('createSandboxServer(');
    const [, picture] = section('The console').match(/!\[[^\]]+\]\(([^)]+)\)/) ?? [];
    expect(picture && existsSync(join(root, picture))).toBe(true);
  });

  it('keeps the reference in docs/: each former section is a link to its page', () => {
    for (const [heading, page] of [
      ['The sandbox', 'docs/sandbox.md'],
      ['Test an app built on the official SDK', 'docs/official-sdk.md'],
      ['The console', 'docs/console.md'],
      ['Conformance and hardening', 'docs/hardening.md'],
    ])
      expect(section(heading), heading).toContain(`](${page})`);
  });

  describe('its examples, as a user file each', () => {
    const project = userProject('readme-examples');
    let sandbox: SandboxServer;
    const files = tsBlocks.map((text, i) => ({ i, text }));
    beforeAll(async () => {
      sandbox = await createSandboxServer({ port: 0 });
    });
    afterAll(async () => {
      await sandbox?.close();
      project.remove();
    });

    it('type-check', async () => {
      files.forEach(({ i, text }) => project.write(`example-${i}.ts`, text));
      expect(await project.typecheck()).toBe('');
    }, 300_000);

    it('run and print what they say', async () => {
      // The client example names the sandbox's default address; here it gets the test's own port.
      const paths = files.map(({ i, text }) =>
        project.write(`run-${i}.ts`, text.replaceAll("'http://127.0.0.1:4010'", JSON.stringify(sandbox.url))),
      );
      const [client, own] = await project.run(paths);
      expect(client.error).toBeUndefined();
      expect(client.lines).toEqual([expect.stringMatching(/^1 line in the cart of \S/)]);
      expect(own.error).toBeUndefined();
      expect(own.lines).toEqual(['5 seeded members']);
    }, 300_000);
  });
});

describe('links in README.md and docs/', () => {
  const files = ['README.md', ...pages.map((p) => `docs/${p}`)];
  it.each(files)('every relative link of %s leads to a file, and its #anchor to a heading', (file) => {
    const text = readFileSync(join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)|<img src="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
    const broken: string[] = [];
    for (const target of targets) {
      if (/^[a-z]+:/.test(target)) continue; // http(s), mailto
      const [path, hash] = target.split('#');
      const full = path ? join(dirname(join(root, file)), path) : join(root, file);
      if (!existsSync(full)) broken.push(target);
      else if (hash && full.endsWith('.md')) {
        const headings = [...readFileSync(full, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]));
        if (!headings.includes(hash)) broken.push(target);
      }
    }
    expect(broken).toEqual([]);
  });
});
