/** Saved requests read back from JSON (console/src/core/saved-requests.ts). */
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_CHARACTERS, parseSavedRequests } from '../../console/src/core/saved-requests.ts';

describe('parseSavedRequests', () => {
  it('reads a list of saved requests, names trimmed, path values as text, a missing date made', () => {
    const [r] = parseSavedRequests(
      JSON.stringify([{ name: ' mine ', opKey: 'checkout.getCheckout', path: { id: 12 }, options: { a: 1 } }]),
    );
    expect(r).toMatchObject({ name: 'mine', opKey: 'checkout.getCheckout', path: { id: '12' }, options: { a: 1 } });
    expect(Number.isNaN(Date.parse(r.savedAt))).toBe(false);
  });

  it('takes a non-object path or options as empty', () => {
    const [r] = parseSavedRequests('[{"name":"n","opKey":"checkout.getCheckout","path":[1],"options":"x"}]');
    expect(r.path).toEqual({});
    expect(r.options).toEqual({});
  });

  it.each([
    ['{', /^the text is not JSON: /],
    ['{"name":"n"}', /is not a list of saved requests/],
    ['[1]', /^item 1 is not an object$/],
    ['[{"opKey":"checkout.getCheckout"}]', /^item 1 has no name$/],
    ['[{"name":"n","opKey":"nope.nothing"}]', /^item 1 \(“n”\) names no operation of the console: nope\.nothing$/],
  ])('refuses %s', (text, message) => {
    expect(() => parseSavedRequests(text)).toThrow(message);
  });

  it('refuses a text longer than an import takes, before parsing it', () => {
    expect(() => parseSavedRequests(' '.repeat(MAX_IMPORT_CHARACTERS + 1))).toThrow(
      `the text is 200,001 characters; an import takes at most 200,000`,
    );
  });
});
