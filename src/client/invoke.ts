/**
 * A call's way through the client: descriptor -> wire request -> the pipeline (auth, hooks,
 * transport) -> normalised result, or an error of the catalogue (after the onError hooks).
 */
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { ClientError } from '../errors/client-error.ts';
import { errorFromResponse } from '../errors/from-response.ts';
import { ELEVATED_REQUIRED } from '../errors/messages.ts';
import { SdkError } from '../errors/sdk-error.ts';
import { SystemError } from '../errors/system-error.ts';
import { basicFromWire, mapShape } from '../normalise/shape.ts';
import { exchange, reportError, type Pipeline } from './pipeline.ts';
import { argumentNameFor, buildRequest } from './request.ts';
import type { CallOptions } from './types.ts';
import type { WireFeatures } from './wire.ts';


/** Everything a bound operation needs; one per client. */
export type ClientContext = Pipeline;

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

/** `wire`: what the operation's module passes in for `.r` and for address and bytes leaves (src/client/wire.ts). */
export async function invoke(
  ctx: ClientContext,
  d: OperationDescriptor,
  args: unknown[],
  wire: WireFeatures = {},
): Promise<unknown> {
  const n = d.pathParams.length;
  const call = (args[n + 1] ?? {}) as CallOptions;
  const fail = (error: Error): never => reportError(ctx, error, { operation: d.key, args });
  try {
    if (d.caller === 'elevated' && !ctx.auth?.elevated)
      throw new ClientError(ELEVATED_REQUIRED, { operation: d.key, args });
    const req = buildRequest(d, args.slice(0, n), args[n], wire);
    const res = await exchange(ctx, req.method, ctx.host + req.url, req.body, {
      authorize: d.caller !== 'anyone',
      headers: call.headers,
      timeoutMs: call.timeoutMs,
      signal: call.signal,
      retry: call.retry,
    });
    const requestId = res.headers.get(REQUEST_ID) ?? undefined;
    const body = await readJson(res);
    if (res.status !== 200) {
      throw errorFromResponse(res.status, res.statusText, body, { operation: d.key, args, requestId }, (f) =>
        argumentNameFor(d, f),
      );
    }
    if (d.emptyResponse) return undefined;
    return mapShape(body, d.response, d.shapes, wire.leaves?.fromWire ?? basicFromWire, false);
  } catch (err) {
    if (err instanceof SdkError) return fail(err);
    return fail(new SystemError({ operation: d.key, args }, { cause: err }));
  }
}
