/**
 * A call's way through the client: descriptor -> wire request -> auth -> transport ->
 * normalised result, or an error of the catalogue (after the onError hook).
 */
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { ClientError } from '../errors/client-error.ts';
import { errorFromResponse } from '../errors/from-response.ts';
import { ELEVATED_REQUIRED } from '../errors/messages.ts';
import { SdkError } from '../errors/sdk-error.ts';
import { SystemError } from '../errors/system-error.ts';
import { fromWire, mapShape } from '../normalise/shape.ts';
import type { AuthStrategy } from './auth-strategy.ts';
import { argumentNameFor, buildRequest } from './request.ts';
import { send, type RetryOptions } from './transport.ts';
import type { CallOptions } from './types.ts';

export interface ErrorInfo {
  operation: string;
  args: unknown[];
}

/** Everything a bound operation needs; one per client. */
export interface ClientContext {
  host: string;
  fetch: typeof fetch;
  headers: Record<string, string>;
  auth?: AuthStrategy;
  timeoutMs?: number;
  retry?: RetryOptions | false;
  onError?: (error: Error, info: ErrorInfo) => void;
  /** The last `X-Wix-Consistent` the provider sent, replayed for read-your-writes. */
  consistent?: string;
}

const CONSISTENT = 'x-wix-consistent';
const REQUEST_ID = 'x-wix-request-id';

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

export async function invoke(ctx: ClientContext, d: OperationDescriptor, args: unknown[]): Promise<unknown> {
  const n = d.pathParams.length;
  const call = (args[n + 1] ?? {}) as CallOptions;
  const fail = (error: Error): never => {
    ctx.onError?.(error, { operation: d.key, args });
    throw error;
  };
  try {
    if (d.caller === 'elevated' && !ctx.auth?.elevated) throw new ClientError(ELEVATED_REQUIRED, { operation: d.key, args });
    const req = buildRequest(d, args.slice(0, n), args[n]);
    const exchange = async (): Promise<Response> => {
      const headers: Record<string, string> = { ...ctx.headers, ...call.headers };
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      if (ctx.consistent) headers[CONSISTENT] = ctx.consistent;
      if (d.caller !== 'anyone' && ctx.auth) Object.assign(headers, (await ctx.auth.getAuthHeaders()).headers);
      return send(
        ctx.host + req.url,
        { method: req.method, headers, body: req.body },
        {
          fetch: ctx.fetch,
          timeoutMs: call.timeoutMs ?? ctx.timeoutMs,
          signal: call.signal,
          retry: call.retry ?? ctx.retry,
        },
      );
    };
    let res = await exchange();
    if (res.status === 401 && ctx.auth?.onUnauthorized && d.caller !== 'anyone') {
      await res.body?.cancel().catch(() => undefined);
      if (await ctx.auth.onUnauthorized()) res = await exchange();
    }
    const consistent = res.headers.get(CONSISTENT);
    if (consistent) ctx.consistent = consistent;
    const requestId = res.headers.get(REQUEST_ID) ?? undefined;
    const body = await readJson(res);
    if (res.status !== 200) {
      throw errorFromResponse(res.status, res.statusText, body, { operation: d.key, args, requestId }, (f) =>
        argumentNameFor(d, f),
      );
    }
    if (d.emptyResponse) return undefined;
    return mapShape(body, d.response, d.shapes, fromWire, false);
  } catch (err) {
    if (err instanceof SdkError) return fail(err);
    return fail(new SystemError({ operation: d.key, args }, { cause: err }));
  }
}
