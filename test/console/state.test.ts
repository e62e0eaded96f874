/**
 * The console's store (console/src/core/state.ts) with the browser's storage stood in for:
 * changes kept and announced, a full storage said and nothing lost silently, picked ids, history.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A Storage that keeps items in a Map and, while `full`, refuses writes as a browser does. */
class MemoryStorage {
  items = new Map<string, string>();
  full = false;
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(k, v);
  };
  removeItem = (k: string) => void this.items.delete(k);
}

const local = new MemoryStorage();
local.items.set('storefront-kit-console', JSON.stringify({ theme: 'dark', siteId: 'kept-site' }));
vi.stubGlobal('localStorage', local);
vi.stubGlobal('sessionStorage', new MemoryStorage());
const state = await import('../../console/src/core/state.ts');
const { getState, setState, subscribe, getSaveProblem } = state;

beforeEach(() => {
  local.full = false;
  setState({ history: [], picked: {}, saved: [], useApiKey: false, tokens: undefined, target: { kind: 'sandbox' } });
});

describe('the store', () => {
  it('starts from what the storage kept, over the defaults', () => {
    expect(getState().siteId).toBe('kept-site');
    expect(getState().theme).toBe('dark');
    expect(getState().clientId).toMatch(/\S/);
  });

  it('keeps each change in the storage and tells subscribers until they stop listening', () => {
    let heard = 0;
    const stop = subscribe(() => heard++);
    expect(setState((s) => ({ siteId: `${s.siteId}-2` }))).toBe(true);
    expect(JSON.parse(local.items.get('storefront-kit-console')!).siteId).toBe('kept-site-2');
    stop();
    setState({ siteId: 'kept-site' });
    expect(heard).toBe(1);
  });

  it('says why a change was not kept when the storage is full, until one is kept again', () => {
    local.full = true;
    expect(setState({ apiKey: 'k2' })).toBe(false);
    expect(getState().apiKey).toBe('k2');
    expect(getSaveProblem()).toBe("the browser's storage for this console is full");
    local.full = false;
    expect(setState({ apiKey: 'k3' })).toBe(true);
    expect(getSaveProblem()).toBeUndefined();
  });

  it('saves requests by name, newest first, a name saved again replaced; nothing when the storage cannot keep them', () => {
    const r = (name: string, opKey = 'checkout.getCheckout') => ({ name, opKey, path: {}, options: {}, savedAt: '' });
    expect(state.saveRequests([r('a'), r('b')])).toBe(true);
    expect(state.saveRequests([r('a', 'orders.getOrder')])).toBe(true);
    expect(getState().saved.map((s) => [s.name, s.opKey])).toEqual([
      ['a', 'orders.getOrder'],
      ['b', 'checkout.getCheckout'],
    ]);
    local.full = true;
    expect(state.saveRequests([r('c')])).toBe(false);
    expect(getState().saved.map((s) => s.name)).toEqual(['a', 'b']);
  });
});

describe('roles and targets', () => {
  it('is elevated with an API key in use, else the tokens say the role, else none', () => {
    const tokens = { accessToken: { value: 't', expiresAt: 0 }, refreshToken: { value: 'r', role: 'member' as const } };
    expect(state.currentRole({ ...getState(), useApiKey: true, apiKey: 'k' })).toBe('elevated');
    expect(state.currentRole({ ...getState(), useApiKey: true, apiKey: '' })).toBe('none');
    expect(state.currentRole({ ...getState(), tokens })).toBe('member');
  });

  it('names where calls go: a remote host, or a sandbox at a URL', () => {
    const remote = { ...getState(), target: { kind: 'remote' as const, host: 'https://api.test', clientId: 'c' } };
    expect(state.apiHost(remote)).toBe('https://api.test');
    expect(state.isSandbox(remote)).toBe(false);
    expect(state.targetLabel(remote)).toBe('https://api.test');
    const url = { ...getState(), target: { kind: 'sandbox-url' as const, host: 'http://127.0.0.1:4010' } };
    expect(state.isSandbox(url)).toBe(true);
    expect(state.targetLabel(url)).toBe('the sandbox at http://127.0.0.1:4010');
  });
});

describe('picked ids and history', () => {
  it('picks ids from an answer, labelled by what names them (a member by its profile)', () => {
    const answer = {
      products: [{ id: 'p-1', name: 'Linen shirt', variants: [{ variantId: 'v-1' }] }],
      member: { id: 'm-1', profile: { nickname: 'ann' } },
      cart: { id: 'c1', slug: 'x' },
    };
    expect(state.pickIds(answer)).toEqual({
      'Linen shirt - products[0].id': 'p-1',
      'Linen shirt - products[0].variants[0].variantId': 'v-1',
      'ann - member.id': 'm-1',
    });
  });

  it('says which keys name ids', () => {
    expect(['id', 'cartId', 'lineItemIds', 'slug', 'stateToken'].every(state.isIdLike)).toBe(true);
    expect(['name', 'identity', 'paid'].some(state.isIdLike)).toBe(false);
  });

  it('keeps picked values newest first, at most MAX_PICKED', () => {
    state.rememberPicked({ old: '1' });
    state.rememberPicked(Object.fromEntries(Array.from({ length: state.MAX_PICKED }, (_, i) => [`k${i}`, `${i}`])));
    const keys = Object.keys(getState().picked);
    expect(keys).toHaveLength(state.MAX_PICKED);
    expect(keys[0]).toBe('k0');
    expect(keys).not.toContain('old');
  });

  it('records a call newest first with its answer cut to what storage keeps, at most 60', () => {
    for (let i = 0; i < 61; i++)
      state.recordCall({ opKey: `op${i}`, path: {}, options: {}, status: 200, ms: 1, answer: 'x'.repeat(20_001) });
    const { history } = getState();
    expect(history).toHaveLength(60);
    expect(history[0].opKey).toBe('op60');
    expect(history[0].answer).toBe(`${'x'.repeat(20_000)}\n… (cut at 20,000 characters)`);
  });

  it('remembers a form and an answer for this tab, per operation', () => {
    state.remember('form', 'a.b', { path: {}, options: { x: 1 } });
    expect(state.recall('form', 'a.b')).toEqual({ path: {}, options: { x: 1 } });
    expect(state.recall('answer', 'a.b')).toBeUndefined();
    state.remember('form', 'a.b', undefined);
    expect(state.recall('form', 'a.b')).toBeUndefined();
  });
});
