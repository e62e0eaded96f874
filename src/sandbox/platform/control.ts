/**
 * The control API under /__sandbox/: reset, export and import of the state, the outbox, the
 * event log (also as a server-sent event stream), settings, the clock and the coverage table.
 * Reads are open on loopback (the server also refuses foreign Host names there); changes, and
 * reads when it listens beyond loopback, need the sandbox's API key.
 */
import { operationList } from '../../../generated/operations.ts';
import type { Sandbox } from './sandbox.ts';
import { JsonAnswer, type Answer } from './answer.ts';
import { STATE_VERSION, type StateSnapshot } from './store.ts';
import { clockProblem } from './clock.ts';
import { appError, validationError, type Violation } from './errors.ts';
import { EVENTS, type DomainEvent } from './events.ts';
import { SANDBOX_CAPTCHA_TOKEN } from './captcha.ts';
import { bodyLimit, readJsonObject } from './json-body.ts';
import { isJsonObject, ownValue } from './safe-object.ts';
import { assertSafeUrls } from './url-safety.ts';
import { isApiKey } from './secrets.ts';
import {
  CART_V1_SETTINGS,
  CATALOG_VERSION_SETTINGS,
  SITE_SCRIPT_POSITIONS,
  type Caller,
  type OperationContext,
  type SandboxRequest,
  type SandboxSettings,
} from './types.ts';
import { trimChar } from '../../normalise/text.ts';

type RunAs = <T>(caller: Caller, origin: string, fn: (ctx: OperationContext) => T | Promise<T>) => Promise<T>;

const ok = (body: unknown, status = 200) =>
  new JsonAnswer(status, { 'content-type': 'application/json' }, JSON.stringify(body));

/** Each setting's check, and what its value must be (the refusal's words). */
interface SettingRule {
  good(v: unknown): boolean;
  mustBe: string;
}
const oneOf = (values: readonly string[]): SettingRule => ({
  good: (v) => typeof v === 'string' && values.includes(v),
  mustBe: `one of ${values.join(', ')}`,
});
const BOOLEAN: SettingRule = { good: (v) => typeof v === 'boolean', mustBe: 'boolean' };
const STRINGS: SettingRule = {
  good: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  mustBe: 'string[]',
};
const SITE_SCRIPT_KEYS = new Set(['position', 'html']);
const SETTING_RULES: Record<keyof SandboxSettings, SettingRule> = {
  requireEmailVerification: BOOLEAN,
  requireOwnerApproval: BOOLEAN,
  requireCaptcha: BOOLEAN,
  redirectUris: STRINGS,
  webhookUrls: STRINGS,
  accessTokenTtlSeconds: { good: (v) => typeof v === 'number' && v > 0, mustBe: 'a positive number' },
  catalogVersion: oneOf(CATALOG_VERSION_SETTINGS),
  cartV1: oneOf(CART_V1_SETTINGS),
  // What the official SDK's SiteScript holds: a position and HTML of at most 15000 characters; 100 at most.
  siteScripts: {
    good: (v) =>
      Array.isArray(v) &&
      v.length <= 100 &&
      v.every(
        (x) =>
          isJsonObject(x) &&
          Object.keys(x).every((k) => SITE_SCRIPT_KEYS.has(k)) &&
          (SITE_SCRIPT_POSITIONS as readonly unknown[]).includes(x.position) &&
          typeof x.html === 'string' &&
          x.html.length <= 15000,
      ),
    mustBe: `a list of at most 100 {position: ${SITE_SCRIPT_POSITIONS.join(' | ')}, html: text of at most 15000 characters}`,
  },
};

/**
 * The body of a change: `application/json` only (no simple cross-origin request reaches the
 * control API), within the route's limit (413 past it), prototype-safe.
 */
async function jsonBody(request: SandboxRequest, url: URL): Promise<Record<string, unknown>> {
  const body = await readJsonObject(request, bodyLimit(request.method, url.pathname));
  if (!body) throw appError(400, 'MALFORMED_JSON', 'Request body must be a JSON object');
  return body;
}

export function coverage(sandbox: Sandbox) {
  const emulated = sandbox.emulated();
  return operationList.map((d) => ({
    operation: d.key,
    method: d.method,
    path: d.path,
    caller: d.caller,
    emulated: emulated.has(d.key),
  }));
}

export async function control(request: SandboxRequest, url: URL, sandbox: Sandbox, runAs: RunAs): Promise<Answer> {
  const route = `${request.method} ${trimChar(url.pathname, '/')}`;
  if (request.method !== 'GET' || sandbox.controlReadsNeedKey) {
    const key = (request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
    if (!isApiKey(sandbox.options.apiKeys, key)) {
      throw appError(
        401,
        'UNAUTHENTICATED',
        request.method === 'GET'
          ? 'Reading the sandbox needs its API key in Authorization when it listens beyond loopback'
          : 'Changing the sandbox needs its API key in Authorization',
      );
    }
  }
  const db = sandbox.store.db;
  switch (route) {
    case 'GET /__sandbox/info':
      return ok({
        clientId: sandbox.options.clientIds[0],
        apiKey: sandbox.options.apiKeys[0],
        siteId: sandbox.options.siteId,
        demoMember: { email: sandbox.options.memberEmail, password: sandbox.options.memberPassword },
        // The captcha answer accepted when the site requires a captcha (setting requireCaptcha).
        captchaToken: SANDBOX_CAPTCHA_TOKEN,
        now: sandbox.now().toISOString(),
        stateVersion: STATE_VERSION,
      });
    case 'POST /__sandbox/reset':
      // No body needed; one that is there must be JSON like every other change's.
      await readJsonObject(request, bodyLimit(request.method, url.pathname));
      await sandbox.reset();
      return ok({ reset: true });
    case 'GET /__sandbox/state':
      return ok(sandbox.store.snapshot());
    case 'PUT /__sandbox/state': {
      const snapshot = (await jsonBody(request, url)) as unknown as StateSnapshot;
      if (
        snapshot.version !== STATE_VERSION ||
        !isJsonObject(snapshot.collections) ||
        !Object.values(snapshot.collections).every(isJsonObject)
      ) {
        throw appError(400, 'INVALID_STATE', `State must be {version: ${STATE_VERSION}, collections: {...}}`);
      }
      const clock = clockProblem(snapshot);
      if (clock) throw appError(400, 'INVALID_STATE', `State refused: ${clock}`);
      await runAs({ kind: 'anonymous' }, url.origin, () => sandbox.store.load(snapshot));
      return ok({ imported: true });
    }
    case 'GET /__sandbox/outbox': {
      const to = url.searchParams.get('to');
      const mail = db.list('outbox').filter((m) => !to || m.to === to);
      return ok({ mail });
    }
    case 'GET /__sandbox/events': {
      const since = Number(url.searchParams.get('since') ?? '0');
      const fqdn = url.searchParams.get('entityFqdn');
      const events = db
        .list<DomainEvent>(EVENTS)
        .filter((e) => e.sequence > since && (!fqdn || e.entityFqdn === fqdn))
        .sort((a, b) => a.sequence - b.sequence);
      return ok({ events });
    }
    case 'GET /__sandbox/webhooks/deliveries':
      // Each delivery: url, event id, attempts so far, whether the receiver answered 2xx.
      return ok({ deliveries: sandbox.events.deliveries });
    case 'GET /__sandbox/events/stream': {
      let unsubscribe = () => {};
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const enc = new TextEncoder();
          controller.enqueue(enc.encode(': storefront-kit sandbox events\n\n'));
          unsubscribe = sandbox.events.subscribe((e) => {
            controller.enqueue(enc.encode(`id: ${e.sequence}\nevent: domain-event\ndata: ${JSON.stringify(e)}\n\n`));
          });
        },
        cancel() {
          unsubscribe();
        },
      });
      return new Response(stream, {
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' },
      });
    }
    case 'GET /__sandbox/settings':
      return ok(sandbox.settings());
    case 'PATCH /__sandbox/settings': {
      const patch = await jsonBody(request, url);
      const violations: Violation[] = [];
      for (const [k, v] of Object.entries(patch)) {
        const rule = ownValue(SETTING_RULES, k);
        if (!rule?.good(v)) {
          violations.push({
            field: k,
            description: rule ? `must be ${rule.mustBe}` : 'is not a sandbox setting',
            violatedRule: rule ? 'VALIDATION' : 'FIELD_NOT_ALLOWED',
          });
        }
      }
      // Redirect URIs match on the parsed URL; a wildcard is a path prefix, so only at the end.
      for (const [i, pattern] of (Array.isArray(patch.redirectUris) ? patch.redirectUris : []).entries()) {
        if (typeof pattern === 'string' && pattern.slice(0, -1).includes('*')) {
          violations.push({
            field: `redirectUris[${i}]`,
            description: 'may have a * only at its end (any path starting with what comes before)',
            violatedRule: 'FORMAT',
          });
        }
      }
      if (violations.length) throw validationError(violations);
      assertSafeUrls(patch);
      await runAs({ kind: 'anonymous' }, url.origin, (ctx) => {
        ctx.db.put('settings', 'site', { ...sandbox.settings(), ...patch, id: 'site' });
      });
      return ok(sandbox.settings());
    }
    case 'GET /__sandbox/clock':
      return ok({ now: sandbox.now().toISOString(), offsetSeconds: sandbox.clockOffsetMs / 1000 });
    case 'POST /__sandbox/clock/advance': {
      const { seconds } = await jsonBody(request, url);
      // advanceClock checks it: a non-negative number that keeps the clock within the spec's dates.
      await sandbox.advanceClock(seconds as number);
      return ok({ now: sandbox.now().toISOString(), offsetSeconds: sandbox.clockOffsetMs / 1000 });
    }
    case 'GET /__sandbox/cart-v1-calls':
      // Which Cart V1 / Checkout V1 operations the app called, how often, and their Cart V2 successors.
      return ok(sandbox.retiredCalls.summary(sandbox.settings(), sandbox.now()));
    case 'GET /__sandbox/coverage':
      return ok({ operations: coverage(sandbox), beyondSpec: sandbox.beyondSpec() });
    default:
      throw appError(404, 'NOT_FOUND', `No sandbox control route ${route}`);
  }
}
