/**
 * Security, second round: what a hostile web page, a hostile server and a careless caller see.
 * - no write without a JSON body (a CORS simple request: no content type, input in the query or `.r`);
 * - cheap size limits before validation (40,000 and 300,000 line items), a linear e-mail check;
 * - a failed clock advance is undone, in memory and on disk;
 * - quantity merges stop at the spec's maximum; look-alike e-mails cannot squat or log in;
 * - a password change ends the member's other logins; API keys compared in constant time;
 * - the code exchange repeats the redirect URI; the web_message page answers one origin only;
 * - static symlinks out of the folder are not served;
 * - the client refuses a redirect to another origin and reads only own keys of an answer.
 * Every refusal is in the provider's error format and changes nothing.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy, authentication, ClientError, createClient, OAuthStrategy, products, withHostedLogin } from '../../src/index.ts';
import { REDIRECT_REFUSED } from '../../src/errors/messages.ts';
import { createSandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { sameSecret } from '../../src/sandbox/platform/secrets.ts';
import { MAX_LINE_QUANTITY } from '../../src/sandbox/domain/cart/cart-lines.ts';
import { IDENTITY_NICKNAME_MAX } from '../../src/sandbox/domain/members/member-records.ts';
import { MAX_BODY_VALUES } from '../../src/sandbox/platform/json-body.ts';
import { UNBOUNDED_ARRAY_MAX_ITEMS } from '../../src/sandbox/platform/validate.ts';
import { specs } from '../../generated/specs.ts';
import { DEMO_MEMBER } from '../../src/sandbox/seed/ids.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer, visitorToken } from '../support/sandbox.ts';
import { comparableState, providerErrorProblem, recordFigures } from './support.ts';
import { tempFolder } from '../support/temp-folder.ts';

const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const EVIL = 'https://evil.example';
const APP = 'http://localhost:5173';
const figures = { refusals: 0, unchangedStates: 0 };

/** The whole state, tokens included: a refused token request must not store one. */
const fullState = async (base: string) =>
  JSON.stringify((await call(base, 'GET', '/__sandbox/state')).body.collections);
const state = async (base: string) => comparableState((await call(base, 'GET', '/__sandbox/state')).body);

function expectRefused(
  r: { status: number; body: any },
  status: number,
  code?: string,
  message?: string | RegExp,
): void {
  expect(r.status, JSON.stringify(r.body)?.slice(0, 500)).toBe(status);
  expect(providerErrorProblem(r.body)).toBeUndefined();
  if (code)
    expect(r.body.details.applicationError?.code ?? (r.body.details.validationError ? 'VALIDATION' : undefined)).toBe(
      code,
    );
  if (typeof message === 'string') expect(r.body.message).toBe(message);
  else if (message) expect(r.body.message).toMatch(message);
  figures.refusals++;
}

async function expectUnchanged(before: string, now: Promise<string>): Promise<void> {
  expect(await now).toBe(before);
  figures.unchangedStates++;
}

/** A request as a hostile page's form or fetch would send it: its Origin, no Authorization, the body and type it chooses. */
async function simple(base: string, path: string, init: { body?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = { origin: EVIL };
  if (init.contentType) headers['content-type'] = init.contentType;
  const res = await fetch(base + path, { method: 'POST', headers, body: init.body });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : undefined,
    allowOrigin: res.headers.get('access-control-allow-origin'),
  };
}

async function firstProductId(base: string, token: string): Promise<string> {
  const r = await call(base, 'POST', '/stores-reader/v1/products/query-platformized', {
    body: { query: { filter: { slug: 'recipe-e-book' } } },
    token,
  });
  return r.body.products[0].id;
}

/** One of the first product in the caller's cart, as the official SDK sends it. */
async function addOne(base: string, token: string) {
  const catalogReference = { catalogItemId: await firstProductId(base, token), appId: STORES };
  return call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    body: { lineItems: [{ quantity: 1, catalogReference }] },
    token,
  });
}

async function register(base: string, token: string, email: string, password: string) {
  return call(base, 'POST', '/_api/iam/authentication/v2/register', { body: { loginId: { email }, password }, token });
}

async function loginV2(base: string, token: string, email: string, password: string) {
  return call(base, 'POST', '/_api/iam/authentication/v2/login', { body: { loginId: { email }, password }, token });
}

/** A member login: a visitor's tokens turned into the member's (authorized_client, with the API key). */
async function memberLogin(base: string, memberId: string): Promise<{ access: string; refresh: string }> {
  const visitor = await visitorToken(base);
  const r = await call(base, 'POST', '/oauth2/token', {
    body: { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
    token: `${visitor},${API_KEY}`,
  });
  expect(r.status).toBe(200);
  return { access: r.body.access_token, refresh: r.body.refresh_token };
}

describe('a hostile page cannot act through a request without a JSON body', () => {
  const s = useSandboxServer();
  const bodyless =
    'A POST to an API operation needs a JSON body (Content-Type: application/json), {} when it has no fields';

  it('refuses token requests with their input in the query string or .r, bodyless or as a form, and stores no token', async () => {
    const base = s.current.url;
    const before = await fullState(base);
    const dotR = Buffer.from(JSON.stringify({ grantType: 'anonymous', clientId: CLIENT_ID })).toString('base64url');
    for (const path of [`/oauth2/token?grantType=anonymous&clientId=${CLIENT_ID}`, `/oauth2/token?.r=${dotR}`]) {
      const r = await simple(base, path);
      expectRefused(r, 415, 'UNSUPPORTED_MEDIA_TYPE', bodyless);
      expect(r.allowOrigin).toBeNull();
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        expectRefused(
          await simple(base, path, { body: 'grantType=anonymous', contentType }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      }
    }
    // Register, login, recovery: every write any caller may make.
    for (const path of [
      '/_api/iam/authentication/v2/register?loginId.email=squat@example.com&password=pass-word-1',
      `/_api/iam/recovery/v1/send-email?email=${encodeURIComponent(DEMO_MEMBER.email)}`,
      `/_api/iam/authentication/v2/login?loginId.email=${encodeURIComponent(DEMO_MEMBER.email)}&password=wrong`,
    ]) {
      expectRefused(await simple(base, path), 415, 'UNSUPPORTED_MEDIA_TYPE', bodyless);
    }
    await expectUnchanged(before, fullState(base));
  });

  it('refuses a bodyless POST, PATCH or PUT to an operation from any caller, and changes nothing', async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const before = await state(base);
    for (const [method, path] of [
      ['POST', '/ecom/v1/carts/current/add-to-cart?lineItems=x'],
      ['POST', '/ecom/v1/carts/current/create-checkout'],
      ['PATCH', '/ecom/v1/carts/current?couponCode=SAVE10'],
    ]) {
      const res = await fetch(base + path, { method, headers: { authorization: token } });
      expectRefused(
        { status: res.status, body: await res.json() },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        bodyless.replace('A POST', `A ${method}`),
      );
    }
    await expectUnchanged(before, state(base));
  });

  it("answers the official SDK's forms: a JSON body on every write (even {}), a DELETE with its input in the query", async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    expect((await addOne(base, token)).status).toBe(200);
    expect((await call(base, 'POST', '/ecom/v1/carts/current/remove-coupon', { body: {}, token })).status).toBe(200);
    expect((await call(base, 'DELETE', '/ecom/v1/carts/current', { token })).status).toBe(200);
  });

  it('the hosted login form still posts as a form, and a cross-site post without a live session changes nothing', async () => {
    const base = s.current.url;
    const before = await state(base);
    const res = await fetch(`${base}/__sandbox/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        session: 'guessed',
        email: DEMO_MEMBER.email,
        password: DEMO_MEMBER.password,
        action: 'login',
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This redirect session does not exist.');
    figures.refusals++;
    await expectUnchanged(before, state(base));
  });
});

describe('cheap limits before expensive work', () => {
  const s = useSandboxServer();

  it("refuses addToCurrentCart with 40,000 line items by the spec's maxItems (one violation, a short answer), and changes nothing", async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const before = await state(base);
    const r = await call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      body: { lineItems: Array(40_000).fill({}) },
      token,
    });
    expectRefused(r, 400, 'VALIDATION', 'INVALID_ARGUMENT: "lineItems" must NOT have more than 300 items');
    expect(r.body.details.validationError.fieldViolations).toEqual([
      { field: 'lineItems', description: 'must NOT have more than 300 items', violatedRule: 'MAX_SIZE' },
    ]);
    expect(JSON.stringify(r.body).length).toBeLessThan(1_000);
    await expectUnchanged(before, state(base));
  });

  it("bounds a list by the provider's stated maximum (the SDK's @maxSize), and by the sandbox's own 1,000 only where the provider states none", async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const product = await firstProductId(base, token);
    const before = await state(base);
    const cases: [string, string, string, Record<string, unknown>, string, number][] = [
      // UpdateCurrentCartOptions.lineItems: @maxSize 300.
      ['PATCH', '/ecom/v1/carts/current', token, { lineItems: Array(301).fill({ quantity: 1 }) }, 'lineItems', 300],
      // RemoveProductMediaRequest.mediaIds: @maxSize 50.
      [
        'POST',
        `/stores/v1/products/${product}/media/delete`,
        API_KEY,
        { mediaIds: Array(51).fill('m') },
        'mediaIds',
        50,
      ],
      // QueryProductVariantsRequest.variantIds: the SDK states no maximum; the sandbox's own.
      [
        'POST',
        `/stores-reader/v1/products/${product}/variants/query`,
        token,
        { variantIds: Array(UNBOUNDED_ARRAY_MAX_ITEMS + 1).fill('v') },
        'variantIds',
        UNBOUNDED_ARRAY_MAX_ITEMS,
      ],
    ];
    for (const [method, path, caller, body, field, max] of cases) {
      const r = await call(base, method, path, { body, token: caller });
      expectRefused(r, 400, 'VALIDATION', `INVALID_ARGUMENT: "${field}" must NOT have more than ${max} items`);
      expect(r.body.details.validationError.fieldViolations).toEqual([
        { field, description: `must NOT have more than ${max} items`, violatedRule: 'MAX_SIZE' },
      ]);
    }
    // A 1 MB e-mail or identity id to the recovery e-mails is refused in a short answer (it was
    // normalised, looked up and echoed whole in a 404: the slowest largest body).
    const recoveryCases: [string, Record<string, unknown>, string, string, string][] = [
      ['send-email', { email: 'x'.repeat(1_000_000) }, 'email', 'must NOT have more than 255 characters', 'MAX_LENGTH'],
      ['activation-email', { identityId: 'x'.repeat(1_000_000) }, 'identityId', 'must match format "uuid"', 'FORMAT'],
    ];
    for (const [path, body, field, description, violatedRule] of recoveryCases) {
      const r = await call(base, 'POST', `/_api/iam/recovery/v1/${path}`, { body, token: API_KEY });
      expectRefused(r, 400, 'VALIDATION', `INVALID_ARGUMENT: "${field}" ${description}`);
      expect(r.body.details.validationError.fieldViolations).toEqual([{ field, description, violatedRule }]);
      expect(JSON.stringify(r.body).length).toBeLessThan(1_000);
    }
    await expectUnchanged(before, state(base));
  });

  it(`refuses addToCurrentCart with 300,000 line items before parsing them: more than ${MAX_BODY_VALUES} values`, async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const before = await state(base);
    const r = await call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      body: { lineItems: Array(300_000).fill({}) },
      token,
    });
    expectRefused(r, 400, 'INVALID_ARGUMENT', `Request body has more than ${MAX_BODY_VALUES} values`);
    await expectUnchanged(before, state(base));
  });

  it("caps register v1's e-mail at 255 characters like v2, before its pattern runs; the pattern is linear", async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const before = await state(base);
    const registerV1 = (address: string) =>
      call(base, 'POST', '/_api/iam/authentication/v1/register', {
        body: { identity: { email: { address } }, inputs: [{ value: 'pass-word-1' }] },
        token,
      });
    const attack = `a@${'.'.repeat(60_000)}@`;
    const r = await registerV1(attack);
    expectRefused(r, 400, 'VALIDATION');
    expect(r.body.details.validationError.fieldViolations).toEqual([
      {
        field: 'identity.email.address',
        description: 'must NOT have more than 255 characters',
        violatedRule: 'MAX_LENGTH',
      },
    ]);
    // Within the length, the same shape of input: refused as a format error (and at once, the pattern being linear).
    for (const email of [`a@${'.'.repeat(250)}@`, 'a@b..c', 'a@.b.c', 'a@b.c.']) {
      expectRefused(
        await registerV1(email),
        400,
        'VALIDATION',
        'INVALID_ARGUMENT: "identity.email.address" must be a valid e-mail',
      );
    }
    await expectUnchanged(before, state(base));
    const longest = `${'a'.repeat(255 - '@example.com'.length)}@example.com`;
    expect((await registerV1(longest)).status).toBe(200);
  });
});

describe('a failed clock advance changes nothing, in memory or on disk', () => {
  it('refuses 1e15 seconds (past the last date the spec can write) with 400; the clock, carts and a restart on the same --data file work as before', async () => {
    const data = join(tempFolder('sfk-clock-'), 'state.json');
    let server = await createSandboxServer({ port: 0, data, validateResponses: true });
    try {
      const base = server.url;
      const clockBefore = (await call(base, 'GET', '/__sandbox/clock')).body.offsetSeconds;
      const before = await state(base);
      for (const seconds of [1e15, 1e300, -1, 'soon', null]) {
        expectRefused(
          await call(base, 'POST', '/__sandbox/clock/advance', { body: { seconds }, token: API_KEY }),
          400,
          'VALIDATION',
          'INVALID_ARGUMENT: "seconds" must be a non-negative number that keeps the clock at or before 9999-12-31T23:59:59.999Z',
        );
      }
      await expectUnchanged(before, state(base));
      expect((await call(base, 'GET', '/__sandbox/clock')).body.offsetSeconds).toBe(clockBefore);
      const token = await visitorToken(base);
      expect((await addOne(base, token)).status).toBe(200);
      await server.close();
      server = await createSandboxServer({ port: 0, data, validateResponses: true });
      expect((await call(server.url, 'GET', '/__sandbox/clock')).body.offsetSeconds).toBe(clockBefore);
      expect((await call(server.url, 'GET', '/ecom/v1/carts/current', { token })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('refuses an imported state or a --data file whose clock offset is out of range, with a clear message, changing nothing', async () => {
    const dir = tempFolder('sfk-clock-');
    const server = await createSandboxServer({ port: 0, validateResponses: true });
    try {
      const base = server.url;
      const exported = (await call(base, 'GET', '/__sandbox/state', { token: API_KEY })).body;
      const before = await fullState(base);
      const withOffset = (offsetMs: unknown) => ({
        ...exported,
        collections: { ...exported.collections, clock: { sandbox: { id: 'sandbox', offsetMs } } },
      });
      const range =
        'must be a number of milliseconds from 0 that keeps the clock at or before 9999-12-31T23:59:59.999Z';
      for (const [offsetMs, shown] of [
        [1e18, '1000000000000000000'],
        [-1, '-1'],
        ['soon', '"soon"'],
        [null, 'null'],
      ] as const) {
        const problem = `the clock's offset (collections.clock.sandbox.offsetMs) ${range}; it is ${shown}`;
        expectRefused(
          await call(base, 'PUT', '/__sandbox/state', { body: withOffset(offsetMs), token: API_KEY }),
          400,
          'INVALID_STATE',
          `State refused: ${problem}`,
        );
        await expectUnchanged(before, fullState(base));
        // The same state as a --data file stops the start, and leaves the file as it was.
        const data = join(dir, 'state.json');
        const text = JSON.stringify(withOffset(offsetMs));
        writeFileSync(data, text);
        await expect(createSandboxServer({ port: 0, data })).rejects.toThrow(
          `${data}: ${problem}; refusing to start over it. Fix it, or move it away.`,
        );
        expect(readFileSync(data, 'utf8')).toBe(text);
      }
      expect((await call(base, 'GET', '/__sandbox/clock')).body.offsetSeconds).toBe(0);
      // An offset in range is imported.
      expect(
        (await call(base, 'PUT', '/__sandbox/state', { body: withOffset(3_600_000), token: API_KEY })).status,
      ).toBe(200);
      expect((await call(base, 'GET', '/__sandbox/clock')).body.offsetSeconds).toBe(3600);
    } finally {
      await server.close();
    }
  });

  it('undoes an advance whose jobs fail: the clock stays, also after a restart on the same --data file', async () => {
    const data = join(tempFolder('sfk-clock-'), 'state.json');
    const failingJob = {
      name: 'failing-job',
      runJobs: (ctx: { now: () => Date }) => {
        if (ctx.now().getTime() > Date.now() + 30 * 24 * 3600 * 1000) throw new Error('the job broke');
      },
    };
    const start = () => createSandboxServer({ port: 0, data, modules: [failingJob] as never });
    let server = await start();
    try {
      // An undone write may leave its collection behind, empty: no entity is there.
      const entities = async () =>
        JSON.stringify(
          Object.entries(JSON.parse(await state(server.url))).filter(([, c]) => Object.keys(c as object).length),
        );
      const before = await entities();
      const r = await call(server.url, 'POST', '/__sandbox/clock/advance', {
        body: { seconds: 365 * 24 * 3600 },
        token: API_KEY,
      });
      expect(r.status).toBe(500);
      expect(providerErrorProblem(r.body)).toBeUndefined();
      expect((await call(server.url, 'GET', '/__sandbox/clock')).body.offsetSeconds).toBe(0);
      await expectUnchanged(before, entities());
      await server.close();
      server = await start();
      expect((await call(server.url, 'GET', '/__sandbox/clock')).body.offsetSeconds).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe("quantities stop at the spec's maximum", () => {
  const s = useSandboxServer();

  it(`refuses a merge past ${MAX_LINE_QUANTITY} (in one request or two); the cart stays readable under response validation`, async () => {
    const quantitySchema =
      (specs['current-cart'] as any).components.schemas.LineItem?.properties?.quantity ??
      (specs.checkout as any).components.schemas.LineItem.properties.quantity;
    expect(quantitySchema.maximum).toBe(MAX_LINE_QUANTITY);
    const base = s.current.url;
    const token = await visitorToken(base);
    const ref = { catalogItemId: await firstProductId(base, token), appId: STORES };
    const add = (quantities: number[]) =>
      call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        body: { lineItems: quantities.map((quantity) => ({ quantity, catalogReference: ref })) },
        token,
      });
    expect((await add([MAX_LINE_QUANTITY])).status).toBe(200);
    const before = await state(base);
    const over =
      /^Adding (1|100000) to line item [0-9a-f-]+ \(quantity 100000\) would make it (100001|200000); a line holds at most 100000$/;
    expectRefused(await add([1]), 400, 'LINE_ITEM_QUANTITY_EXCEEDS_MAXIMUM', over);
    expectRefused(await add([MAX_LINE_QUANTITY]), 400, 'LINE_ITEM_QUANTITY_EXCEEDS_MAXIMUM', over);
    await expectUnchanged(before, state(base));
    const fresh = await visitorToken(base);
    const oneRequest = await call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      body: { lineItems: Array(300).fill({ quantity: MAX_LINE_QUANTITY, catalogReference: ref }) },
      token: fresh,
    });
    expectRefused(oneRequest, 400, 'LINE_ITEM_QUANTITY_EXCEEDS_MAXIMUM');
    expect((await call(base, 'GET', '/ecom/v1/carts/current', { token })).body.cart.lineItems[0].quantity).toBe(
      MAX_LINE_QUANTITY,
    );
  });
});

describe("a member's nickname fits the identity answer that carries it", () => {
  const s = useSandboxServer();

  it(`refuses a nickname longer than the identity answer's ${IDENTITY_NICKNAME_MAX} characters on createMember and updateMember; the member's login still answers under response validation`, async () => {
    const identityMax = (specs.authentication as any).components.schemas.IdentityProfile.properties.nickname.maxLength;
    expect(identityMax).toBe(IDENTITY_NICKNAME_MAX);
    const base = s.current.url;
    const long = 'n'.repeat(IDENTITY_NICKNAME_MAX + 1);
    const violation = {
      field: 'member.profile.nickname',
      description: `must NOT have more than ${IDENTITY_NICKNAME_MAX} characters`,
      violatedRule: 'MAX_LENGTH',
    };
    const before = await state(base);
    const update = (nickname: string) =>
      call(base, 'PATCH', `/members/v1/members/${DEMO_MEMBER.id}`, {
        body: { member: { id: DEMO_MEMBER.id, profile: { nickname } } },
        token: API_KEY,
      });
    const refusals = [
      await update(long),
      await call(base, 'POST', '/members/v1/members', {
        body: { member: { loginEmail: 'long.nickname@example.com', profile: { nickname: long } } },
        token: API_KEY,
      }),
    ];
    for (const r of refusals) {
      expectRefused(r, 400, 'VALIDATION', `INVALID_ARGUMENT: "member.profile.nickname" ${violation.description}`);
      expect(r.body.details.validationError.fieldViolations).toEqual([violation]);
    }
    await expectUnchanged(before, state(base));
    // The longest nickname the answer carries is stored, and the member's login answers with it.
    const longest = 'n'.repeat(IDENTITY_NICKNAME_MAX);
    expect((await update(longest)).status).toBe(200);
    const login = await loginV2(base, await visitorToken(base), DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect(login.status, JSON.stringify(login.body).slice(0, 300)).toBe(200);
    expect(login.body.identity.identityProfile.nickname).toBe(longest);
  });
});

describe('look-alike e-mails cannot squat or log in as another account', () => {
  const s = useSandboxServer();
  const notNormal =
    'must be written in Unicode normal form NFKC (no look-alike or combining characters: "é", not "e" + U+0301; "K", not the Kelvin sign)';

  it('refuses a Kelvin sign or a combining accent at registration; the real address registers; its look-alike spelling logs in only with its password; recovery goes to it', async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const before = await state(base);
    for (const email of ['\u212aate.x@example.com', 'jose\u0301@example.com', 'ｋate.x@example.com']) {
      const r = await register(base, token, email, 'squatter-pass-1');
      expectRefused(r, 400, 'VALIDATION');
      expect(r.body.details.validationError.fieldViolations).toEqual([
        { field: 'loginId.email', description: notNormal, violatedRule: 'FORMAT' },
      ]);
    }
    const v1 = await call(base, 'POST', '/_api/iam/authentication/v1/register', {
      body: { identity: { email: { address: '\u212aate.x@example.com' } }, inputs: [{ value: 'squatter-pass-1' }] },
      token,
    });
    expectRefused(v1, 400, 'VALIDATION', `INVALID_ARGUMENT: "identity.email.address" ${notNormal}`);
    const created = await call(base, 'POST', '/members/v1/members', {
      body: { member: { loginEmail: 'jose\u0301@example.com' } },
      token: API_KEY,
    });
    expectRefused(created, 400, 'VALIDATION', `INVALID_ARGUMENT: "member.loginEmail" ${notNormal}`);
    await expectUnchanged(before, state(base));

    const kate = await register(base, token, 'kate.x@example.com', 'kate-pass-1');
    const jose = await register(base, token, 'jos\u00e9@example.com', 'jose-pass-1');
    expect([kate.status, jose.status]).toEqual([200, 200]);
    // The look-alike spelling names the same account: only its own password opens it.
    expectRefused(
      await loginV2(base, token, '\u212aate.x@example.com', 'squatter-pass-1'),
      400,
      '-19976',
      'Wrong password',
    );
    const asKate = await loginV2(base, token, '\u212aATE.X@example.com', 'kate-pass-1');
    expect(asKate.body.identity.id).toBe(kate.body.identity.id);
    expect((await loginV2(base, token, 'jose\u0301@example.com', 'jose-pass-1')).body.identity.id).toBe(
      jose.body.identity.id,
    );
    expectRefused(
      await register(base, token, 'JOS\u00c9@example.com', 'other-pass-1'),
      400,
      '-19995',
      'Email already exists',
    );
    // Recovery asked with the look-alike goes to the account's own address.
    expect(
      (
        await call(base, 'POST', '/_api/iam/recovery/v1/send-email', {
          body: { email: '\u212aate.x@example.com' },
          token,
        })
      ).status,
    ).toBe(200);
    const mail = (await call(base, 'GET', '/__sandbox/outbox')).body.mail.at(-1);
    expect(mail.to).toBe('kate.x@example.com');
  });
});

describe('a password change ends every other login of the member', () => {
  const s = useSandboxServer();

  it("revokes the other logins' access and refresh tokens; the changing login goes on; the old password no longer works", async () => {
    const base = s.current.url;
    const visitor = await visitorToken(base);
    const email = `changer.${Date.now()}@example.com`;
    const reg = await register(base, visitor, email, 'old-pass-1');
    const memberId = reg.body.identity.id;
    const mine = await memberLogin(base, memberId);
    const other = await memberLogin(base, memberId);
    const changed = await call(base, 'POST', '/_api/iam/authentication/v2/change-password', {
      body: { newPassword: 'new-pass-1' },
      token: mine.access,
    });
    expect(changed.status).toBe(200);
    expectRefused(
      await call(base, 'GET', '/members/v1/members/my', { token: other.access }),
      401,
      'UNAUTHENTICATED',
      'Access token is not valid',
    );
    expectRefused(
      await call(base, 'POST', '/oauth2/token', {
        body: { clientId: CLIENT_ID, grantType: 'refresh_token', refreshToken: other.refresh },
      }),
      400,
      'INVALID_GRANT',
      'Refresh token is not valid',
    );
    expect((await call(base, 'GET', '/members/v1/members/my', { token: mine.access })).status).toBe(200);
    expect(
      (
        await call(base, 'POST', '/oauth2/token', {
          body: { clientId: CLIENT_ID, grantType: 'refresh_token', refreshToken: mine.refresh },
        })
      ).status,
    ).toBe(200);
    const sessions = Object.values((await call(base, 'GET', '/__sandbox/state')).body.collections.sessions ?? {}) as {
      memberId: string;
      revoked?: boolean;
    }[];
    expect(sessions.filter((x) => x.memberId === memberId && !x.revoked)).toEqual([]);
    expectRefused(await loginV2(base, visitor, email, 'old-pass-1'), 400, '-19976', 'Wrong password');
    expect((await loginV2(base, visitor, email, 'new-pass-1')).body.state).toBe('SUCCESS');
  });
});

describe('API keys are compared in constant time', () => {
  const s = useSandboxServer();

  it("refuses keys that share the real key's start, end or length everywhere a key is read; the comparison reads every byte of the key", async () => {
    const base = s.current.url;
    const before = await state(base);
    for (const key of [API_KEY.slice(0, -1), `${API_KEY}x`, API_KEY.replace(/.$/, 'X'), API_KEY.toUpperCase(), '']) {
      if (key)
        expectRefused(
          await call(base, 'GET', '/stores-reader/v1/products/query-platformized?.r=e30', { token: key }),
          401,
          'UNAUTHENTICATED',
          'Access token is not valid',
        );
      expectRefused(
        await call(base, 'POST', '/__sandbox/reset', { body: {}, token: key || undefined }),
        401,
        'UNAUTHENTICATED',
        'Changing the sandbox needs its API key in Authorization',
      );
      const visitor = await visitorToken(base);
      expectRefused(
        await call(base, 'POST', '/oauth2/token', {
          body: { grant_type: 'authorized_client', scope: 'offline_access', member_id: DEMO_MEMBER.id },
          token: `${visitor},${key}`,
        }),
        401,
        'UNAUTHENTICATED',
      );
    }
    await expectUnchanged(before, state(base));
    for (const [given, secret, same] of [
      ['k', 'k', true],
      ['', 'k', false],
      ['kk', 'k', false],
      ['ké', 'ké', true],
      ['ke', 'ké', false],
    ] as const) {
      expect(sameSecret(given, secret)).toBe(same);
    }
  });
});

describe("the code exchange repeats the authorization request's redirect URI (RFC 6749 4.1.3)", () => {
  const s = useSandboxServer();

  it('refuses a token request without the redirect URI the code was issued for; with it, the code works once', async () => {
    const base = s.current.url;
    const redirect = 'http://localhost:5173/callback';
    await call(base, 'PATCH', '/__sandbox/settings', { body: { redirectUris: [redirect] }, token: API_KEY });
    const auth = withHostedLogin(OAuthStrategy({ clientId: CLIENT_ID }));
    createClient({ auth, host: base });
    const data = await auth.generateOAuthData(redirect);
    const { authUrl } = await auth.getAuthUrl(data, { responseMode: 'query' });
    const html = await (await fetch(authUrl)).text();
    const session = /name="session" value="([^"]+)"/.exec(html)![1];
    const posted = await fetch(`${base}/__sandbox/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session, email: DEMO_MEMBER.email, password: DEMO_MEMBER.password, action: 'login' }),
    });
    const { code } = auth.parseFromUrl(posted.headers.get('location')!, 'query');
    const exchange = (extra: Record<string, unknown>) =>
      call(base, 'POST', '/oauth2/token', {
        body: { clientId: CLIENT_ID, grantType: 'authorization_code', code, codeVerifier: data.codeVerifier, ...extra },
      });
    const before = await state(base);
    expectRefused(
      await exchange({}),
      400,
      'INVALID_GRANT',
      'redirectUri is required: the authorization request that issued this code had one',
    );
    await expectUnchanged(before, state(base));
    expect((await exchange({ redirectUri: redirect })).status).toBe(200);
  });
});

describe('the web_message login answers one origin only', () => {
  const s = useSandboxServer();

  /** A web_message redirect session created from `origin` (none: a request without Origin); its page URL. */
  async function webMessageSession(
    base: string,
    origin: string | undefined,
    extra: Record<string, unknown>,
    prompt: string,
  ) {
    const authRequest = {
      clientId: CLIENT_ID,
      codeChallenge: 'x'.repeat(43),
      codeChallengeMethod: 'S256',
      responseMode: 'web_message',
      responseType: 'code',
      scope: 'offline_access',
      ...extra,
    };
    const r = await call(base, 'POST', '/_api/redirects-api/v1/redirect-session', {
      body: { auth: { authRequest, prompt } },
      token: await visitorToken(base),
      headers: origin ? { origin } : undefined,
    });
    expect(r.status).toBe(200);
    return r.body.redirectSession.fullUrl as string;
  }

  /** A direct login's frame URL (prompt none with the demo member's session token). */
  async function directLoginUrl(base: string, origin: string | undefined): Promise<string> {
    const { sessionToken } = (await loginV2(base, await visitorToken(base), DEMO_MEMBER.email, DEMO_MEMBER.password))
      .body;
    return webMessageSession(base, origin, { state: 'st', sessionToken }, 'none');
  }

  const resultOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="sfk-auth-result">([\s\S]*?)<\/script>/.exec(html)![1]);

  it('posts the code to the creating page\'s origin (never "*") and lets only that origin frame it', async () => {
    const base = s.current.url;
    const page = await fetch(await directLoginUrl(base, APP));
    expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`(^|; )frame-ancestors ${APP}(;|$)`));
    const result = resultOf(await page.text());
    expect(result.targetOrigin).toBe(APP);
    expect(result.message.code).toMatch(/^sfk-code\./);
  });

  it('without a known origin, no site may frame it and it posts to nobody; the login form for web_message is framable only by the app', async () => {
    const base = s.current.url;
    const page = await fetch(await directLoginUrl(base, undefined));
    expect(page.headers.get('content-security-policy')).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    expect(resultOf(await page.text()).targetOrigin).toBeNull();
    const login = await fetch(await webMessageSession(base, APP, {}, 'login'));
    expect(login.headers.get('content-security-policy')).toMatch(new RegExp(`(^|; )frame-ancestors ${APP}(;|$)`));
  });
});

describe('static files: symlinks out of the folder are not served', () => {
  const s = useSandboxServer(() => {
    const root = tempFolder('sfk-static-');
    const dir = join(root, 'public');
    mkdirSync(dir);
    writeFileSync(join(root, 'secret.txt'), 'the secret');
    mkdirSync(join(root, 'private'));
    writeFileSync(join(root, 'private', 'key.txt'), 'the key');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dir, 'ok.txt'), 'public text');
    symlinkSync(join(root, 'secret.txt'), join(dir, 'link.txt'));
    symlinkSync('../secret.txt', join(dir, 'relative.txt'));
    symlinkSync(join(root, 'private'), join(dir, 'assets'));
    symlinkSync(join(dir, 'ok.txt'), join(dir, 'inside.txt'));
    return { staticDir: dir };
  });

  it('answers 404 for a link to a file or folder outside, serves files and links inside', async () => {
    const base = s.current.url;
    for (const path of ['/link.txt', '/relative.txt', '/assets/key.txt']) {
      const res = await fetch(base + path);
      const text = await res.text();
      expect(res.status, path).toBe(404);
      expect(text).not.toContain('the secret');
      expect(text).not.toContain('the key');
      figures.refusals++;
    }
    expect(await (await fetch(`${base}/ok.txt`)).text()).toBe('public text');
    expect(await (await fetch(`${base}/inside.txt`)).text()).toBe('public text');
  });
});

/** A server that answers every request with `answer`, recording what it received. */
async function hostileServer(
  answer: (
    req: IncomingMessage,
    body: string,
    url: string,
  ) => { status: number; headers?: Record<string, string>; body?: string },
) {
  const received: { method: string; url: string; body: string; authorization?: string; siteId?: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        body,
        authorization: req.headers.authorization,
        siteId: req.headers['wix-site-id'] as string | undefined,
      });
      const a = answer(req, body, url);
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the client never follows a hostile answer', () => {
  it('refuses a cross-origin 307 from the API host, naming both origins; the other origin receives no body, password, key or site id', async () => {
    const elsewhere = await hostileServer(() => ({
      status: 200,
      body: JSON.stringify({ state: 'SUCCESS', sessionToken: 'stolen' }),
    }));
    const host = await hostileServer(() => ({ status: 307, headers: { location: `${elsewhere.url}/collect` } }));
    try {
      const visitorKit = createClient({
        modules: { authentication },
        auth: OAuthStrategy({
          clientId: CLIENT_ID,
          tokens: {
            accessToken: { value: 'sfk-at.visitor', expiresAt: Date.now() / 1000 + 3600 },
            refreshToken: { value: 'sfk-rt.visitor', role: 'visitor' },
          } as never,
        }),
        host: host.url,
      });
      const login = await visitorKit.authentication
        .loginV2({ loginId: { email: DEMO_MEMBER.email }, password: 'the-password' } as never)
        .catch((e: unknown) => e);
      expect(login).toBeInstanceOf(ClientError);
      expect((login as Error).message).toBe(REDIRECT_REFUSED(host.url, elsewhere.url));
      const adminKit = createClient({
        modules: { products },
        auth: ApiKeyStrategy({ apiKey: 'the-api-key', siteId: 'the-site' }),
        host: host.url,
      });
      const created = await adminKit.products
        .createProduct({ product: { name: 'x', productType: 'physical', priceData: { price: 1 } } } as never)
        .catch((e: unknown) => e);
      expect((created as Error).message).toBe(REDIRECT_REFUSED(host.url, elsewhere.url));
      expect(elsewhere.received).toEqual([]);
      expect(host.received.length).toBe(2);
      figures.refusals += 2;
    } finally {
      await host.close();
      await elsewhere.close();
    }
  });

  it("follows a redirect within the API host's origin", async () => {
    const host = await hostileServer((req) =>
      req.url!.startsWith('/moved')
        ? { status: 200, body: JSON.stringify({ product: { id: 'p1', name: 'moved' } }) }
        : { status: 307, headers: { location: '/moved' } },
    );
    try {
      const kit = createClient({
        modules: { products },
        auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }),
        host: host.url,
      });
      const { product } = await kit.products.getProduct('p1');
      expect(product?.name).toBe('moved');
      expect(host.received.map((r) => r.url)).toEqual(['/stores-reader/v1/products/p1?id=p1', '/moved']);
    } finally {
      await host.close();
    }
  });

  it('a float field holding "constructor" or "__proto__" stays that text, never a function or Object.prototype', async () => {
    const answer = {
      product: {
        id: 'p1',
        weight: 'constructor',
        price: { price: '__proto__', discountedPrice: 'toString', pricePerUnit: 'Infinity' },
      },
    };
    const kit = createClient({
      modules: { products },
      auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }),
      fetch: async () => new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
    });
    const { product } = (await kit.products.getProduct('p1')) as { product: any };
    expect(product.weight).toBe('constructor');
    expect(product.price.price).toBe('__proto__');
    expect(product.price.discountedPrice).toBe('toString');
    expect(product.price.pricePerUnit).toBe(Infinity);
  });
});

describe('figures', () => {
  it('prints the summary', () => {
    recordFigures(
      'hostile',
      `hostile (second round): ${figures.refusals} hostile requests refused with the expected status, code and message; the state compared unchanged ${figures.unchangedStates} times`,
      figures,
    );
    expect(figures.refusals).toBeGreaterThan(0);
  });
});
