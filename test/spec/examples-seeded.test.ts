/**
 * Every request example (path, query and body) names data a fresh sandbox has: each uuid-shaped
 * id, each slug path parameter, each e-mail, each one-time token is found in the state export of
 * a freshly seeded sandbox, and client and app ids are the sandbox's default client id and the
 * stores app id (seed/ids.ts). The only names a seed must lack are the new e-mails of calls that
 * create an identity, and the identity-provider connection the sandbox cannot have.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.ts';
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '../../src/provider-ids.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';
import { exampleRequests, type ExampleRequest } from '../support/examples.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^@\s]+@[^@\s]+\.[a-z]+$/i;
/** Calls that create an identity or a contact: their example e-mail is new on purpose. */
const NEW_EMAIL_OK = new Set([
  'authentication.register',
  'authentication.registerV2',
  'members.createMember',
  'authentication.signOn',
]);
/** The sandbox trusts no identity provider, so no connection id can be seeded (the call answers 404). */
const UNSEEDABLE = new Set(['authentication.loginWithTokenParams']);
/** Fields whose value is a one-time token the seed leaves waiting. */
const TOKEN_FIELDS = new Set(['stateToken', 'recoveryToken']);

interface Named {
  where: string;
  field: string;
  value: string;
}

/** Every string value of the example with the field name it sits under. */
function namedValues(r: ExampleRequest): Named[] {
  const out: Named[] = [];
  const visit = (v: unknown, where: string, field: string) => {
    if (typeof v === 'string') out.push({ where, field, value: v });
    else if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${where}[${i}]`, field));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, `${where}.${k}`, k);
  };
  r.d.pathParams.forEach((p, i) => visit(r.pathValues[i], `path.${p.name}`, p.name.split('.').pop()!));
  visit(r.query, 'query', '');
  visit(r.body, 'body', '');
  return out;
}

/** What the example names that the seeded state (its export as text) lacks. */
function unseededNames(r: ExampleRequest, state: string): string[] {
  if (UNSEEDABLE.has(r.d.key)) return [];
  const known = (v: string) => state.includes(JSON.stringify(v)) || [STORES_APP_ID, DEFAULT_VARIANT_ID].includes(v);
  const problems: string[] = [];
  for (const { where, field, value } of namedValues(r)) {
    const wrong = (what: string) => problems.push(`${r.d.key} ${where} = ${JSON.stringify(value)}: ${what}`);
    if (field === 'clientId') {
      if (value !== DEFAULT_CLIENT_ID) wrong(`not the sandbox's default client id ${DEFAULT_CLIENT_ID}`);
    } else if (field === 'appId') {
      if (value !== STORES_APP_ID) wrong(`not the stores app id ${STORES_APP_ID}`);
    } else if (UUID.test(value)) {
      if (!known(value)) wrong('an id the seed lacks');
    } else if (UUID.test(value.slice(0, 36)) && UUID.test(value.slice(37))) {
      // A store variant id: the product's id and the variant's.
      if (!known(value.slice(0, 36)) || !known(value.slice(37))) wrong('a variant the seed lacks');
    } else if (EMAIL.test(value)) {
      if (!known(value) && !NEW_EMAIL_OK.has(r.d.key)) wrong('an e-mail the seed lacks');
    } else if ((field === 'slug' && where.startsWith('path.')) || TOKEN_FIELDS.has(field)) {
      if (!known(value)) wrong(`a ${field} the seed lacks`);
    }
  }
  return problems;
}

describe('request examples name the seeded data', () => {
  let state = '';
  beforeAll(async () => {
    const sandbox = createSandbox();
    await sandbox.reset();
    state = JSON.stringify(sandbox.store.snapshot());
  });
  const requests = exampleRequests();

  it('checks ids, slugs, e-mails and tokens in the examples', () => {
    const named = requests.flatMap(namedValues);
    expect(named.filter((n) => UUID.test(n.value)).length).toBeGreaterThan(50);
    expect(named.some((n) => EMAIL.test(n.value))).toBe(true);
    expect(named.some((n) => n.field === 'slug')).toBe(true);
  });

  it('finds a name the seed lacks', () => {
    const getProduct = requests.find((r) => r.d.key === 'products.getProduct')!;
    const unknown = { ...getProduct, pathValues: ['df19c1f7-07d8-a265-42f8-e8dfa824cc6e'] };
    expect(unseededNames(unknown, state)).toEqual([
      'products.getProduct path.id = "df19c1f7-07d8-a265-42f8-e8dfa824cc6e": an id the seed lacks',
    ]);
    const login = requests.find((r) => r.d.key === 'authentication.loginV2')!;
    const stranger = { ...login, body: { loginId: { email: 'nobody@example.com' }, password: 'x' } };
    expect(unseededNames(stranger, state)).toEqual([
      'authentication.loginV2 body.loginId.email = "nobody@example.com": an e-mail the seed lacks',
    ]);
  });

  it.each(requests.map((r) => [r.d.key, r] as const))('%s', (_, r) => {
    expect(unseededNames(r, state)).toEqual([]);
  });
});
