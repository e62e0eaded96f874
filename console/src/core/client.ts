/**
 * Sends a call through the project's own client, exactly as a user's app would, and records
 * what went over the wire (status, time, request id, headers, raw body) beside the normalised
 * result or the catalogue error.
 */
import * as modules from '../../../src/modules.ts';
import { ApiKeyStrategy, createClient, SdkError, ValidationError, type AuthStrategy } from '../../../src/index.ts';
import {
  LoginState,
  OAuthStrategy,
  withDirectLogin,
  type FrameDriver,
  type FrameMessage,
  type StateMachine,
} from '../../../src/auth/index.ts';
import type { OperationDescriptor } from '../../../src/console-data.ts';
import {
  apiHost,
  getState,
  isSandbox,
  pickIds,
  recordCall,
  rememberPicked,
  SANDBOX_IN_BROWSER,
  setState,
  type ConsoleState,
  type Tokens,
} from './state.ts';
import type { Credentials, PreviewedRequest } from './snippets.ts';

export interface CallResult {
  ok: boolean;
  status?: number;
  ms: number;
  requestId?: string;
  headers: [string, string][];
  raw?: string;
  result?: unknown;
  error?: { name: string; message: string; fields: string[] };
  request?: { method: string; url: string; body?: string };
}

const consoleStrategy = (s: ConsoleState) =>
  withDirectLogin(OAuthStrategy({ clientId: s.clientId, tokens: s.tokens as never }), {
    timeoutMs: 20_000,
    ...(SANDBOX_IN_BROWSER ? { frame: fetchedFrame } : {}),
  });
let oauth: ReturnType<typeof consoleStrategy> | undefined;
let oauthKey = '';

/** One OAuthStrategy (with direct login) per target and client id; its tokens are mirrored into the console state. */
export function oauthStrategy(s: ConsoleState = getState()): ReturnType<typeof consoleStrategy> {
  const key = `${apiHost(s)}|${s.clientId}`;
  if (!oauth || key !== oauthKey) {
    oauth = consoleStrategy(s);
    oauthKey = key;
    createClient({ auth: oauth, host: apiHost(s) });
    oauth.on('tokens', (t: unknown) => setState({ tokens: t as Tokens }));
  }
  return oauth;
}

/**
 * The in-browser sandbox answers fetches but not page loads (a service worker lets navigations
 * through), so the hidden frame of a direct login is replaced by fetching the same page and
 * reading the result it would have posted.
 */
const fetchedFrame: FrameDriver = (url) => ({
  message: fetch(url).then(async (res): Promise<FrameMessage> => {
    const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
    const data = doc.getElementById('sfk-auth-result')?.textContent;
    if (!data)
      return { error: `hosted page answered ${res.status}`, error_description: doc.body.textContent?.trim() ?? '' };
    return (JSON.parse(data) as { message: FrameMessage }).message;
  }),
  close: () => undefined,
});

/**
 * What a login, registration or verification came to, said for a person; a SUCCESS is turned
 * into member tokens (the session token through the hosted page, prompt none).
 */
export async function finishAuthentication(label: string, machine: StateMachine): Promise<string> {
  switch (machine.loginState) {
    case LoginState.SUCCESS:
      await oauthStrategy().getMemberTokensForDirectLogin(machine.data!.sessionToken!);
      return `${label}: logged in as a member`;
    case LoginState.EMAIL_VERIFICATION_REQUIRED:
      return `${label}: e-mail verification required — enter the code sent to the member's e-mail${isSandbox() ? " (the sandbox's outbox)" : ''}`;
    case LoginState.OWNER_APPROVAL_REQUIRED:
      return `${label}: waiting for the site owner's approval (members.approveMember with the API key), then log in`;
    default:
      throw new Error(machine.error ?? `${label} ended in state ${machine.loginState}`);
  }
}

export function authFor(s: ConsoleState = getState(), elevated = s.useApiKey): AuthStrategy {
  if (elevated) return ApiKeyStrategy({ apiKey: s.apiKey, siteId: s.siteId });
  return oauthStrategy(s);
}

/** Shows a value as JSON: non-finite numbers and bytes as readable text. */
export function stringify(value: unknown): string {
  return JSON.stringify(
    value,
    (_, v) =>
      typeof v === 'number' && !Number.isFinite(v)
        ? `${v} (number)`
        : v instanceof Uint8Array
          ? `${new TextDecoder().decode(v)} (${v.length} bytes)`
          : v,
    2,
  );
}

/**
 * Sends one operation and records it in the history with its answer (ids in the answer are
 * offered to later forms); `elevated` calls with the API key whatever the console's current role.
 */
export async function send(
  d: OperationDescriptor,
  pathValues: string[],
  options: unknown,
  how: { elevated?: boolean; source?: string } = {},
): Promise<CallResult> {
  const r = await sendUnrecorded(d, pathValues, options, how);
  if (r.ok) rememberPicked(pickIds(r.result));
  recordCall({
    opKey: d.key,
    path: Object.fromEntries(d.pathParams.map((p, i) => [p.name, pathValues[i] ?? ''])),
    options,
    status: r.status ?? (r.ok ? 200 : 'error'),
    ms: Math.round(r.ms),
    source: how.source,
    elevated: how.elevated ?? getState().useApiKey,
    answer: r.ok ? stringify(r.result) : `${r.error?.name}: ${r.error?.message}`,
  });
  return r;
}

/** Sends one operation without a trace in the history or the picked ids (a preparation looking at the sandbox). */
export async function sendUnrecorded(
  d: OperationDescriptor,
  pathValues: string[],
  options: unknown,
  how: { elevated?: boolean },
): Promise<CallResult> {
  const s = getState();
  let status: number | undefined;
  let requestId: string | undefined;
  let headers: [string, string][] = [];
  let raw: string | undefined;
  let request: CallResult['request'];
  const recordingFetch: typeof fetch = async (input, init) => {
    request = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    const res = await fetch(input, init);
    status = res.status;
    requestId = res.headers.get('x-wix-request-id') ?? undefined;
    headers = [...res.headers.entries()];
    raw = await res.clone().text();
    return res;
  };
  const mod = (modules as unknown as Record<string, Record<string, unknown>>)[d.module];
  const kit = createClient({
    modules: { [d.module]: mod } as never,
    auth: authFor(s, how.elevated ?? s.useApiKey),
    host: apiHost(s),
    fetch: recordingFetch,
    retry: false,
  }) as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
  const started = performance.now();
  try {
    const result = await kit[d.module][d.operationId](...pathValues, options);
    return { ok: true, status, ms: performance.now() - started, requestId, headers, raw, result, request };
  } catch (err) {
    const e = err as Error;
    const fields = err instanceof ValidationError ? err.violations.map((v) => v.field.replace(/^options\./, '')) : [];
    return {
      ok: false,
      status: status ?? (err instanceof SdkError ? err.status : undefined),
      ms: performance.now() - started,
      requestId,
      headers,
      raw,
      request,
      error: { name: e.name, message: e.message, fields },
    };
  }
}

const REQUEST_SEEN = Symbol('request seen');

/**
 * The request the client would send for these values, without sending it: the client builds
 * it against a fetch that keeps it and stops. Throws the client's own error (a value it
 * refuses) when there is no request to show.
 */
export async function previewRequest(
  d: OperationDescriptor,
  pathValues: string[],
  options: unknown,
): Promise<PreviewedRequest> {
  const s = getState();
  let seen: PreviewedRequest | undefined;
  const keep: typeof fetch = async (input, init) => {
    const headers = [...new Headers(init?.headers).entries()].filter(([k]) => k !== 'authorization');
    seen = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? init.body : undefined,
      headers,
    };
    throw REQUEST_SEEN;
  };
  const mod = (modules as unknown as Record<string, Record<string, unknown>>)[d.module];
  const kit = createClient({
    modules: { [d.module]: mod } as never,
    auth: ApiKeyStrategy({ apiKey: 'preview', siteId: s.siteId }),
    host: apiHost(s),
    fetch: keep,
    retry: false,
  }) as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
  try {
    await kit[d.module][d.operationId](...pathValues, options);
  } catch (err) {
    if (!seen) throw err;
  }
  if (!seen) throw new Error('the client sent nothing');
  return seen;
}

export function credentials(s: ConsoleState = getState(), elevated = s.useApiKey): Credentials {
  const token =
    s.tokens && s.tokens.accessToken.expiresAt * 1000 > Date.now() + 60_000 ? s.tokens.accessToken.value : undefined;
  return { host: apiHost(s), clientId: s.clientId, elevated, apiKey: s.apiKey, siteId: s.siteId, accessToken: token };
}
