/**
 * The console's state that survives a reload (localStorage): the target, credentials, theme,
 * history of sent calls and values picked from responses. A tiny store with subscribe, which
 * React components follow through blocks/console-state.ts (useSyncExternalStore); no React here.
 */
import { DEFAULT_API_KEY, DEFAULT_CLIENT_ID, DEFAULT_SITE_ID } from '../../../src/sandbox/platform/defaults.ts';

export interface HistoryEntry {
  id: string;
  opKey: string;
  path: Record<string, string>;
  options: unknown;
  status: number | string;
  ms: number;
  at: string;
  /** Where the call came from: an operation's page, a guided flow, a page's preparation. */
  source?: string;
  /** Sent with the API key (an exported flow sends it so too). */
  elevated?: boolean;
  /** The answer as the page showed it (the normalised result or the error), cut to a size storage keeps. */
  answer?: string;
}

/** A form kept under a name (History → Saved requests): replayed, exported and imported as JSON. */
export interface SavedRequest {
  name: string;
  opKey: string;
  path: Record<string, string>;
  options: Record<string, unknown>;
  savedAt: string;
}

export interface Tokens {
  accessToken: { value: string; expiresAt: number };
  refreshToken: { value: string; role: 'none' | 'visitor' | 'member' };
}

export interface ConsoleState {
  /**
   * The environment calls go to, chosen in one place (the header's Environment): the sandbox
   * that serves the console (or runs in the page), a running sandbox at a URL, or another host
   * (the provider) with a client id.
   */
  target:
    { kind: 'sandbox' } | { kind: 'sandbox-url'; host: string } | { kind: 'remote'; host: string; clientId: string };
  /** 'system' follows prefers-color-scheme until the user picks one. */
  theme: 'system' | 'light' | 'dark';
  /** The sandbox's (or remote) OAuth client id. */
  clientId: string;
  /** An API key for elevated calls (the sandbox prints one). */
  apiKey: string;
  siteId: string;
  /** Use the API key for calls (elevated role) instead of the OAuth tokens. */
  useApiKey: boolean;
  tokens?: Tokens;
  history: HistoryEntry[];
  /** Values picked from earlier responses, newest first: label ("Linen shirt - products[2].id") -> value. */
  picked: Record<string, string>;
  /** Requests saved under a name, newest first. */
  saved: SavedRequest[];
}

const KEY = 'storefront-kit-console';
const DEFAULTS: ConsoleState = {
  target: { kind: 'sandbox' },
  theme: 'system',
  clientId: DEFAULT_CLIENT_ID,
  apiKey: DEFAULT_API_KEY,
  siteId: DEFAULT_SITE_ID,
  useApiKey: false,
  history: [],
  picked: {},
  saved: [],
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
/** Why the last change could not be kept across a reload (the browser's storage full or blocked), else undefined. */
let saveProblem: string | undefined;

export function getState(): ConsoleState {
  return state;
}

/**
 * Changes the state and writes it to the browser's storage; false when the storage refused it
 * (full, or blocked): the change holds for this page only, and the console says so
 * (blocks/console-state.ts useSaveProblem) until a later change is saved again.
 */
export function setState(patch: Partial<ConsoleState> | ((s: ConsoleState) => Partial<ConsoleState>)): boolean {
  state = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
    saveProblem = undefined;
  } catch (err) {
    saveProblem = `${(err as Error).name === 'QuotaExceededError' ? "the browser's storage for this console is full" : `the browser refused to store it (${(err as Error).message})`}`;
  }
  for (const l of listeners) l();
  return saveProblem === undefined;
}

/** Why changes are not being saved across a reload, or undefined while they are. */
export function getSaveProblem(): string | undefined {
  return saveProblem;
}

/** Calls `listener` after every change; answers the function that stops it. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The API host calls go to: the page's own origin for the embedded sandbox. */
export function apiHost(s: ConsoleState = state): string {
  return s.target.kind === 'sandbox' ? location.origin : s.target.host;
}

/** Whether calls go to a sandbox (it has a control API: outbox, settings, clock). */
export const isSandbox = (s: ConsoleState = state) => s.target.kind !== 'remote';

/** Where calls go, in words: the provider's host, the sandbox in this page, or a sandbox server (the console's or another). */
export function targetLabel(s: ConsoleState = state): string {
  if (s.target.kind === 'remote') return s.target.host;
  if (s.target.kind === 'sandbox-url') return `the sandbox at ${s.target.host}`;
  return SANDBOX_IN_BROWSER ? 'in-browser sandbox (state in memory)' : `the sandbox at ${location.host}`;
}

export function currentRole(s: ConsoleState = state): 'none' | 'visitor' | 'member' | 'elevated' {
  if (s.useApiKey && s.apiKey) return 'elevated';
  return s.tokens?.refreshToken.role ?? 'none';
}

/** Whether a field or key names an id (its value can be offered from earlier answers). */
export const isIdLike = (key: string) => /(^id$|Id$|Ids$|^slug$|Slug$|Token$)/.test(key);

const NAME_KEYS = ['name', 'title', 'productName', 'nickname', 'slug', 'loginEmail', 'email', 'number'];

/** What an object is called, for labels: its name, title, slug or e-mail (a member's from its profile). */
function nameOf(obj: Record<string, unknown>): string | undefined {
  const profile = obj.profile;
  if (profile && typeof profile === 'object') {
    const named = nameOf(profile as Record<string, unknown>);
    if (named) return named;
  }
  for (const k of NAME_KEYS) {
    const v = obj[k];
    if (typeof v === 'string' && v) return v;
    if (v && typeof v === 'object' && typeof (v as { original?: unknown }).original === 'string')
      return (v as { original: string }).original;
  }
  return undefined;
}

/**
 * Collects id-like values from every item of a response, labelled by what they name:
 * "Linen shirt - products[2].id". Newest answers first, at most `MAX_PICKED` values kept.
 */
export function pickIds(
  value: unknown,
  prefix = '',
  out: Record<string, string> = {},
  depth = 0,
  owner?: string,
): Record<string, string> {
  if (depth > 6 || !value || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    value.slice(0, 50).forEach((item, i) => pickIds(item, `${prefix}[${i}]`, out, depth + 1, owner));
    return out;
  }
  const obj = value as Record<string, unknown>;
  const name = nameOf(obj) ?? owner;
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string' && /(^id$|Id$|^slug$)/.test(k) && v.length >= 3)
      out[name ? `${name} - ${path}` : path] = v;
    else pickIds(v, path, out, depth + 1, name);
  }
  return out;
}

export const MAX_PICKED = 300;

/** Adds values picked from an answer ahead of the older ones. */
export function rememberPicked(found: Record<string, string>): void {
  if (!Object.keys(found).length) return;
  setState((s) => {
    const merged = { ...found };
    for (const [k, v] of Object.entries(s.picked)) if (!(k in merged)) merged[k] = v;
    return { picked: Object.fromEntries(Object.entries(merged).slice(0, MAX_PICKED)) };
  });
}

/**
 * Saves requests under their names (a name saved again is replaced), newest first. False, with
 * nothing changed, when the browser's storage cannot keep them.
 */
export function saveRequests(requests: SavedRequest[]): boolean {
  const before = state.saved;
  const saved = setState((s) => {
    const names = new Set(requests.map((r) => r.name));
    return { saved: [...requests, ...s.saved.filter((r) => !names.has(r.name))] };
  });
  if (!saved) setState({ saved: before });
  return saved;
}

/** Records a sent call in the history, with its answer. */
export function recordCall(entry: Omit<HistoryEntry, 'id' | 'at'>): void {
  const answer =
    entry.answer && entry.answer.length > 20_000
      ? `${entry.answer.slice(0, 20_000)}\n… (cut at 20,000 characters)`
      : entry.answer;
  setState((s) => ({
    history: [{ ...entry, answer, id: crypto.randomUUID(), at: new Date().toISOString() }, ...s.history].slice(0, 60),
  }));
}

/** Per-operation memory for this tab (sessionStorage): the form's values and the last answer. */
export function remember<T>(kind: 'form' | 'answer', opKey: string, value: T | undefined): void {
  try {
    if (value === undefined) sessionStorage.removeItem(`sfk-${kind}:${opKey}`);
    else sessionStorage.setItem(`sfk-${kind}:${opKey}`, JSON.stringify(value));
  } catch {
    // storage full: the page still works, it just will not remember this one
  }
}

export function recall<T>(kind: 'form' | 'answer', opKey: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(`sfk-${kind}:${opKey}`);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** The theme in effect: the user's pick, else the system's setting. */
export function effectiveTheme(s: ConsoleState = state): 'light' | 'dark' {
  if (s.theme !== 'system') return s.theme;
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The static build: the sandbox runs in this page behind a service worker, its state in memory. */
export const SANDBOX_IN_BROWSER = import.meta.env.MODE === 'static';
