/**
 * Sends a call through the project's own client, exactly as a user's app would, and records
 * what went over the wire (status, time, request id, headers, raw body) beside the normalised
 * result or the catalogue error.
 */
import * as modules from '../../src/modules.ts';
import { ApiKeyStrategy, createClient, SdkError, ValidationError, type AuthStrategy } from '../../src/index.ts';
import { LoginState, OAuthStrategy, withDirectLogin, type FrameDriver, type FrameMessage, type StateMachine } from '../../src/auth/index.ts';
import type { OperationDescriptor } from '../../src/console-data.ts';
import { apiHost, getState, SANDBOX_IN_BROWSER, setState, type ConsoleState, type Tokens } from './state.ts';

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
    if (!data) return { error: `hosted page answered ${res.status}`, error_description: doc.body.textContent?.trim() ?? '' };
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
      return `${label}: e-mail verification required — enter the code sent to the member's e-mail${getState().target.kind === 'sandbox' ? " (the sandbox's outbox)" : ''}`;
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

/** Sends one operation; `elevated` calls with the API key whatever the console's current role. */
export async function send(d: OperationDescriptor, pathValues: string[], options: unknown, how: { elevated?: boolean } = {}): Promise<CallResult> {
  const s = getState();
  let status: number | undefined;
  let requestId: string | undefined;
  let headers: [string, string][] = [];
  let raw: string | undefined;
  let request: CallResult['request'];
  const recordingFetch: typeof fetch = async (input, init) => {
    request = { method: init?.method ?? 'GET', url: String(input), body: typeof init?.body === 'string' ? init.body : undefined };
    const res = await fetch(input, init);
    status = res.status;
    requestId = res.headers.get('x-wix-request-id') ?? undefined;
    headers = [...res.headers.entries()];
    raw = await res.clone().text();
    return res;
  };
  const mod = (modules as unknown as Record<string, Record<string, unknown>>)[d.module];
  const kit = createClient({ modules: { [d.module]: mod } as never, auth: authFor(s, how.elevated ?? s.useApiKey), host: apiHost(s), fetch: recordingFetch, retry: false }) as unknown as Record<
    string,
    Record<string, (...args: unknown[]) => Promise<unknown>>
  >;
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

/** The same call as TypeScript using the client. */
export function tsSnippet(d: OperationDescriptor, pathValues: string[], options: unknown, role: string): string {
  const auth = role === 'elevated' ? "ApiKeyStrategy({ apiKey: process.env.API_KEY!, siteId: process.env.SITE_ID! })" : "OAuthStrategy({ clientId: 'YOUR_CLIENT_ID' })";
  const strategy = role === 'elevated' ? 'ApiKeyStrategy' : 'OAuthStrategy';
  const args = [...pathValues.map((v) => JSON.stringify(v)), ...(options && Object.keys(options as object).length ? [JSON.stringify(options, null, 2)] : [])];
  return `import { createClient, ${strategy}, ${d.module} } from 'storefront-kit';

const kit = createClient({ modules: { ${d.module} }, auth: ${auth} });
const result = await kit.${d.module}.${d.operationId}(${args.join(', ')});`;
}

/** The same call as curl (what the client sent). */
export function curlSnippet(req: CallResult['request'] | undefined, authHeader: string): string {
  if (!req) return '';
  const parts = [`curl -X ${req.method} '${req.url.replace(/'/g, "'\\''")}'`, `  -H 'Authorization: ${authHeader}'`];
  if (req.body !== undefined) parts.push(`  -H 'Content-Type: application/json'`, `  --data '${req.body.replace(/'/g, "'\\''")}'`);
  return parts.join(' \\\n');
}
