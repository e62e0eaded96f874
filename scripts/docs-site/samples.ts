/**
 * Each operation's call from the spec's example, as the console writes it (its own functions:
 * console/src/core/schema.ts exampleCall, console/src/core/snippets.ts tsSnippet and curlSnippet), so the
 * reference, the console and test/spec/ts-snippets.test.ts show one text. The request for curl
 * is the one the client builds, caught before it leaves (as the console's previewRequest does;
 * that module reads the browser's state, so not imported here).
 */
import { exampleCall } from '../../console/src/core/schema.ts';
import { curlSnippet, tsSnippet, type Credentials, type PreviewedRequest } from '../../console/src/core/snippets.ts';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import * as modules from '../../src/modules.ts';
import { ApiKeyStrategy, createClient } from '../../src/index.ts';
import { DEFAULT_API_KEY, DEFAULT_CLIENT_ID, DEFAULT_SITE_ID } from '../../src/sandbox/platform/defaults.ts';

export interface Samples {
  typescript: string;
  curl: string;
}

const SEEN = new Error('request seen');

async function requestOf(d: OperationDescriptor, host: string, args: unknown[]): Promise<PreviewedRequest> {
  let seen: PreviewedRequest | undefined;
  const keep: typeof fetch = async (input, init) => {
    seen = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? init.body : undefined,
      headers: [...new Headers(init?.headers).entries()].filter(([k]) => k !== 'authorization'),
    };
    throw SEEN;
  };
  const kit = createClient({
    modules: { [d.module]: (modules as unknown as Record<string, unknown>)[d.module] } as never,
    auth: ApiKeyStrategy({ apiKey: 'preview', siteId: DEFAULT_SITE_ID }),
    host,
    fetch: keep,
    retry: false,
  }) as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>;
  try {
    await kit[d.module][d.operationId](...args);
  } catch (err) {
    if (!seen) throw new Error(`${d.key}: the client refuses the spec's example: ${(err as Error).message}`);
  }
  if (!seen) throw new Error(`${d.key}: the client sent nothing`);
  return seen;
}

/** The call of `d` with the client and with curl, against the sandbox at `host` with its default credentials. */
export async function samplesOf(d: OperationDescriptor, host: string): Promise<Samples> {
  const example = exampleCall(d);
  const pathValues = d.pathParams.map((p) => example.path[p.name] ?? '');
  const c: Credentials = {
    host,
    clientId: DEFAULT_CLIENT_ID,
    elevated: d.caller === 'elevated',
    apiKey: DEFAULT_API_KEY,
    siteId: DEFAULT_SITE_ID,
  };
  const request = await requestOf(d, host, [...pathValues, example.options]);
  return { typescript: tsSnippet(d, pathValues, example.options, c), curl: curlSnippet(request, c) };
}
