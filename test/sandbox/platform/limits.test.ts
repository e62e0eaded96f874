/**
 * Bounded state: each collection a visitor's requests grow has a cap (refused past it with a
 * clear error, or forgetting its oldest entries for the logs), and expired sessions, codes and
 * links are forgotten an hour after they expire.
 */
import { describe, expect, it } from 'vitest';
import { EXPIRED_KEPT_MS, enforceLimits, sweepExpired, type StateLimits } from '../../../src/sandbox/platform/limits.ts';
import { SandboxError } from '../../../src/sandbox/platform/errors.ts';
import { Store } from '../../../src/sandbox/platform/store.ts';
import { stateLimits } from '../../../src/sandbox/modules.ts';
import { API_KEY, call, useSandboxServer, visitorToken } from '../../support/sandbox.ts';

const LIMITS: StateLimits = {
  sessions: {
    what: 'member session tokens',
    cap: 2,
    lifetime: '24 hours after it is made',
    expires: true,
    past: 'refuse',
  },
  events: {
    what: 'domain events in the event log',
    cap: 2,
    lifetime: 'until 2 newer ones',
    expires: false,
    past: 'forget-oldest',
  },
};

const session = (id: string, expiresAt: number) => ({ id, memberId: 'm', createdDate: '', expiresAt });
const event = (id: string, sequence: number) => ({
  id,
  entityFqdn: 'x',
  slug: 'created',
  entityId: id,
  eventTime: '',
  sequence,
});

describe('caps', () => {
  it('refuses the request that would grow a capped collection past its cap, keeping nothing of it', async () => {
    const store = new Store();
    await store.transaction((db) => {
      db.put('sessions', 'a', session('a', 1));
      db.put('sessions', 'b', session('b', 1));
      enforceLimits(db, LIMITS);
    });
    const third = store.transaction((db) => {
      db.put('sessions', 'c', session('c', 1));
      enforceLimits(db, LIMITS);
    });
    await expect(third).rejects.toBeInstanceOf(SandboxError);
    await expect(third).rejects.toMatchObject({
      status: 429,
      body: {
        message:
          'The sandbox keeps at most 2 member session tokens at a time (each lasts 24 hours after it is made); wait for some to expire, or reset the sandbox (POST /__sandbox/reset)',
        details: { applicationError: { code: 'STATE_LIMIT_REACHED', data: { collection: 'sessions', cap: 2 } } },
      },
    });
    expect(store.db.list('sessions').map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('a log past its cap forgets its oldest entries', async () => {
    const store = new Store();
    for (const n of [1, 2, 3, 4]) {
      await store.transaction((db) => {
        db.put('events', `e${n}`, event(`e${n}`, n));
        enforceLimits(db, LIMITS);
      });
    }
    expect(store.db.list('events').map((e) => e.id)).toEqual(['e3', 'e4']);
  });

  it("visitors' carts past their cap: the oldest visitor's cart is forgotten, members' carts are neither counted nor forgotten", async () => {
    const limits: StateLimits = { carts: { ...stateLimits.carts!, cap: 2 } };
    const cart = (id: string, memberId?: string) =>
      ({ id, buyerInfo: { visitorId: `v-${id}`, ...(memberId && { memberId }) }, lineItems: [] }) as never;
    const store = new Store();
    for (const [id, memberId] of [
      ['m1', 'member-1'],
      ['v1'],
      ['m2', 'member-2'],
      ['v2'],
      ['v3'],
      ['m3', 'member-3'],
      ['v4'],
    ]) {
      await store.transaction((db) => {
        db.put('carts', id!, cart(id!, memberId));
        enforceLimits(db, limits);
      });
    }
    expect(store.db.list('carts').map((c) => c.id)).toEqual(['m1', 'm2', 'v3', 'm3', 'v4']);
  });

  it('forgets what expired more than an hour ago, and keeps the rest', async () => {
    const store = new Store();
    const now = new Date('2026-01-01T12:00:00Z');
    await store.transaction((db) => {
      db.put('sessions', 'old', session('old', now.getTime() - EXPIRED_KEPT_MS));
      db.put('sessions', 'just-expired', session('just-expired', now.getTime() - 1));
      db.put('sessions', 'live', session('live', now.getTime() + 1));
      sweepExpired(db, LIMITS, now);
    });
    expect(store.db.list('sessions').map((s) => s.id)).toEqual(['just-expired', 'live']);
  });

  it('names a cap, a lifetime and a behaviour for every collection visitors grow', () => {
    expect(Object.keys(stateLimits).sort()).toEqual(
      [
        'authCodes',
        'authStates',
        'carts',
        'events',
        'outbox',
        'recoveryTokens',
        'redirectSessions',
        'sessions',
        'verifications',
      ].sort(),
    );
    expect(stateLimits.carts).toMatchObject({ what: "visitors' carts", cap: 10_000, past: 'forget-oldest' });
    expect(stateLimits.sessions).toMatchObject({ cap: 10_000, lifetime: '24 hours after it is made', past: 'refuse' });
    expect(stateLimits.authCodes).toMatchObject({ lifetime: '10 minutes after it is made' });
  });
});

describe('the sandbox forgets expired sessions', () => {
  const s = useSandboxServer();

  it('a login session is in the state until an hour after it expires', async () => {
    const login = await call(s.current.url, 'POST', '/_api/iam/authentication/v2/login', {
      body: { loginId: { email: 'demo@storefront.test' }, password: 'demo-password-1' },
      token: await visitorToken(s.current.url),
    });
    expect(login.status).toBe(200);
    const token = login.body.sessionToken;
    const has = async () =>
      Object.hasOwn((await call(s.current.url, 'GET', '/__sandbox/state')).body.collections.sessions ?? {}, token);
    const advance = (seconds: number) =>
      call(s.current.url, 'POST', '/__sandbox/clock/advance', { body: { seconds }, token: API_KEY });
    expect(await has()).toBe(true);
    await advance(24 * 3600 + 60);
    expect(await has()).toBe(true); // expired, still known: using it says so
    await advance(3600);
    expect(await has()).toBe(false);
  });
});
