/**
 * The console's state that survives a reload (localStorage): the target, credentials, theme,
 * history of sent calls and values picked from responses. A tiny store with subscribe, so
 * React components re-render on change (useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react';

export interface HistoryEntry {
  id: string;
  opKey: string;
  path: Record<string, string>;
  options: unknown;
  status: number | string;
  ms: number;
  at: string;
}

export interface Tokens {
  accessToken: { value: string; expiresAt: number };
  refreshToken: { value: string; role: 'none' | 'visitor' | 'member' };
}

export interface ConsoleState {
  target: { kind: 'sandbox' } | { kind: 'remote'; host: string; clientId: string };
  theme: 'light' | 'dark';
  /** The sandbox's (or remote) OAuth client id. */
  clientId: string;
  /** An API key for elevated calls (the sandbox prints one). */
  apiKey: string;
  siteId: string;
  /** Use the API key for calls (elevated role) instead of the OAuth tokens. */
  useApiKey: boolean;
  tokens?: Tokens;
  history: HistoryEntry[];
  /** Values picked from earlier responses: label -> value (ids, checkout ids, order ids). */
  picked: Record<string, string>;
}

const KEY = 'storefront-kit-console';
const DEFAULTS: ConsoleState = {
  target: { kind: 'sandbox' },
  theme: 'light',
  clientId: 'sandbox-client',
  apiKey: 'sandbox-api-key',
  siteId: 'sandbox-site',
  useApiKey: false,
  history: [],
  picked: {},
};

function load(): ConsoleState {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...DEFAULTS, ...(JSON.parse(raw) as Partial<ConsoleState>) } : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

let state = load();
const listeners = new Set<() => void>();

export function getState(): ConsoleState {
  return state;
}

export function setState(patch: Partial<ConsoleState> | ((s: ConsoleState) => Partial<ConsoleState>)): void {
  state = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // storage full or blocked: the console still works for this page
  }
  for (const l of listeners) l();
}

export function useConsoleState(): ConsoleState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}

/** The API host calls go to: the page's own origin for the embedded sandbox. */
export function apiHost(s: ConsoleState = state): string {
  return s.target.kind === 'sandbox' ? location.origin : s.target.host;
}

export function currentRole(s: ConsoleState = state): 'none' | 'visitor' | 'member' | 'elevated' {
  if (s.useApiKey && s.apiKey) return 'elevated';
  return s.tokens?.refreshToken.role ?? 'none';
}

/** Collects id-like values from a response so later forms can pick them. */
export function pickIds(value: unknown, prefix = '', out: Record<string, string> = {}, depth = 0): Record<string, string> {
  if (depth > 4 || !value || typeof value !== 'object') return out;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const label = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string' && /(^id$|Id$)/.test(k) && v.length >= 6) out[label] = v;
    else if (Array.isArray(v)) {
      if (v[0]) pickIds(v[0], `${label}[0]`, out, depth + 1);
    } else pickIds(v, label, out, depth + 1);
  }
  return out;
}

/** The static build: the sandbox runs in this page behind a service worker, its state in memory. */
export const SANDBOX_IN_BROWSER = import.meta.env.MODE === 'static';
