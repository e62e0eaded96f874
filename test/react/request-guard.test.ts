/**
 * The store server's door for state-changing requests (request-guard.ts), as a server's handler
 * runs it before its routes: what passes, with its body handed on; what is refused, with which
 * status, headers and words; in which order the checks run; and how much of a body is read.
 * test/hardening/react-layer.test.tsx tries it as a hostile page would, and
 * test/hardening/storefront.test.ts in front of the example storefront.
 */
import { describe, expect, it } from 'vitest';
import {
  checkedRequest,
  DEFAULT_FORM_BODY_LIMIT,
  guardRequest,
  RequestRefused,
  STATE_CHANGING_METHODS,
} from '../../src/react/server.ts';

const STORE = 'https://shop.example';
const FORM = 'application/x-www-form-urlencoded';

/** A POST to the store, from its own page unless `headers` says otherwise. */
const post = (headers: Record<string, string | null> = {}, body: BodyInit | null = 'quantity=2', method = 'POST') =>
  new Request(`${STORE}/cart`, {
    method,
    headers: Object.fromEntries(
      Object.entries({ origin: STORE, 'content-type': FORM, ...headers }).filter(
        (e): e is [string, string] => e[1] !== null,
      ),
    ),
    body,
  });

/** The refusal checkedRequest throws, or a failure naming what passed. */
async function refusal(request: Request, options?: Parameters<typeof checkedRequest>[1]): Promise<RequestRefused> {
  const thrown = await checkedRequest(request, options).then(
    () => new Error('the request passed'),
    (e: unknown) => e,
  );
  if (!(thrown instanceof RequestRefused)) throw thrown;
  return thrown;
}

/** A body of `chunks` chunks of `size` bytes sent without a length; counts what was pulled and whether it was cancelled. */
function streamed(chunks: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled++;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { body, seen };
}

describe('the defaults', () => {
  it('let POST through besides GET and HEAD, with forms of at most 64 KiB', () => {
    expect(STATE_CHANGING_METHODS).toEqual(['POST']);
    expect(DEFAULT_FORM_BODY_LIMIT).toBe(65_536);
  });
});

describe('what passes', () => {
  it('hands GET and HEAD on as they are, from any origin, unread', async () => {
    const get = new Request(`${STORE}/cart`, { headers: { origin: 'https://evil.example' } });
    expect(await guardRequest(get)).toBe(get);
    const head = new Request(`${STORE}/cart`, { method: 'HEAD' });
    expect(await checkedRequest(head)).toBe(head);
  });

  it('hands a form on as a new request the action reads: method, URL, headers, signal and body', async () => {
    const abort = new AbortController();
    const original = new Request(`${STORE}/cart?line=1`, {
      method: 'POST',
      headers: { origin: STORE, 'content-type': `${FORM}; charset=UTF-8`, 'x-app': 'kept' },
      body: 'quantity=2&note=gift+wrap',
      signal: abort.signal,
    });
    const checked = await checkedRequest(original);
    expect(checked).not.toBe(original);
    expect(checked.method).toBe('POST');
    expect(checked.url).toBe(`${STORE}/cart?line=1`);
    expect(checked.headers.get('x-app')).toBe('kept');
    const form = await checked.clone().formData();
    expect([...form]).toEqual([
      ['quantity', '2'],
      ['note', 'gift wrap'],
    ]);
    abort.abort();
    expect(checked.signal.aborted).toBe(true);
  });

  it('hands a multipart form on whole, and a form with no body as one with no body', async () => {
    const sent = new FormData();
    sent.set('coupon', 'SAVE10');
    sent.set('file', new Blob(['x'.repeat(100)]), 'note.txt');
    const encoded = new Request(`${STORE}/cart`, { method: 'POST', body: sent });
    const multipart = post(
      { 'content-type': encoded.headers.get('content-type') },
      new Uint8Array(await encoded.arrayBuffer()),
    );
    const form = await (await checkedRequest(multipart)).formData();
    expect(form.get('coupon')).toBe('SAVE10');
    expect(await (form.get('file') as File).text()).toBe('x'.repeat(100));
    const empty = await checkedRequest(post({}, null));
    expect(empty.body).toBeNull();
    expect([...(await empty.formData())]).toEqual([]);
  });

  it('takes a body of exactly the limit, sent with its length or in chunks', async () => {
    expect(await checkedRequest(post({}, 'a=xy'), { bodyLimit: 4 })).toBeInstanceOf(Request);
    const { body } = streamed(4, 4);
    const chunked = new Request(`${STORE}/cart`, {
      method: 'POST',
      headers: { origin: STORE, 'content-type': FORM },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(await (await checkedRequest(chunked, { bodyLimit: 16 })).text()).toBe('a'.repeat(16));
  });

  it('lets through a server’s request (no Origin, no Sec-Fetch-Site), the user’s own navigation, and the origins given', async () => {
    expect(await checkedRequest(post({ origin: null }))).toBeInstanceOf(Request);
    for (const site of ['same-origin', 'none'])
      expect(await checkedRequest(post({ origin: null, 'sec-fetch-site': site })), site).toBeInstanceOf(Request);
    // Origins compare in any case; the request's own origin is no longer one when others are given.
    expect(await checkedRequest(post({ origin: 'HTTPS://Shop.Example' }))).toBeInstanceOf(Request);
    const origins = ['HTTPS://SHOP.EXAMPLE', 'https://www.shop.example'];
    expect(await checkedRequest(post({ origin: 'https://www.shop.example' }), { origins })).toBeInstanceOf(Request);
    expect(await checkedRequest(post({ origin: 'https://shop.example' }), { origins })).toBeInstanceOf(Request);
    expect((await refusal(post(), { origins: ['https://www.shop.example'] })).status).toBe(403);
  });

  it('lets through the methods and content types given instead of the defaults', async () => {
    const put = post({ 'content-type': 'application/json' }, '{"quantity":2}', 'PUT');
    expect(
      await (await checkedRequest(put, { methods: ['POST', 'PUT'], contentTypes: ['application/json'] })).json(),
    ).toEqual({
      quantity: 2,
    });
  });
});

describe('what is refused, and the answer that says why', () => {
  it('a method a form cannot send: 405 with the methods allowed', async () => {
    const refused = await refusal(post({}, 'x=1', 'PUT'));
    expect(refused).toMatchObject({
      name: 'RequestRefused',
      status: 405,
      message: 'Refused: PUT is not a method this store answers',
      headers: { allow: 'GET, HEAD, POST' },
    });
    const answer = await guardRequest(post({}, null, 'DELETE'), { methods: ['POST', 'PATCH'] });
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST, PATCH');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Refused: DELETE is not a method this store answers\n');
  });

  it('another origin: 403 naming it; an opaque one; and, without Origin, a cross-site or same-site request', async () => {
    const cases: [Request, string][] = [
      [
        post({ origin: 'https://evil.example' }),
        'Refused: a request from https://evil.example may not change anything on this store',
      ],
      [post({ origin: 'null' }), 'Refused: a request from an opaque origin may not change anything on this store'],
      [
        post({ origin: null, 'sec-fetch-site': 'cross-site' }),
        'Refused: a cross-site request may not change anything on this store',
      ],
      [
        post({ origin: null, 'sec-fetch-site': 'same-site' }),
        'Refused: a same-site request may not change anything on this store',
      ],
    ];
    for (const [request, message] of cases) {
      const answer = (await guardRequest(request)) as Response;
      expect(answer.status, message).toBe(403);
      expect(await answer.text()).toBe(`${message}\n`);
    }
    // The store's address is the request's own when no origins are given: another host is another origin.
    const elsewhere = new Request('http://127.0.0.1:3000/cart', {
      method: 'POST',
      headers: { origin: STORE, 'content-type': FORM },
      body: 'a=1',
    });
    expect((await refusal(elsewhere)).message).toBe(
      'Refused: a request from https://shop.example may not change anything on this store',
    );
  });

  it('a body that is not a form: 415 naming the types it must be, and the one it was', async () => {
    expect((await refusal(post({ 'content-type': 'application/json' }, '{}'))).message).toBe(
      'Refused: a POST here must send application/x-www-form-urlencoded or multipart/form-data, not application/json',
    );
    const untyped = await refusal(post({ 'content-type': null }, new Uint8Array([1])));
    expect(untyped).toMatchObject({
      status: 415,
      message:
        'Refused: a POST here must send application/x-www-form-urlencoded or multipart/form-data (the request names no Content-Type)',
    });
    // The type is compared without its parameters and in any case.
    expect((await refusal(post({ 'content-type': 'TEXT/Plain; charset=utf-8' }, 'a=1'))).message).toMatch(
      /, not text\/plain$/,
    );
    expect(
      (await refusal(post({ 'content-type': 'text/plain' }, 'a'), { contentTypes: ['application/json'] })).message,
    ).toBe('Refused: a POST here must send application/json, not text/plain');
  });

  it('a body past the limit: 413, refused from its declared length without reading, or once the chunks read pass it', async () => {
    const declared = streamed(100, 1024);
    const announced = new Request(`${STORE}/cart`, {
      method: 'POST',
      headers: { origin: STORE, 'content-type': FORM, 'content-length': String(100 * 1024) },
      body: declared.body,
      duplex: 'half',
    } as RequestInit);
    expect((await refusal(announced, { bodyLimit: 1024 })).message).toBe('Refused: the body is larger than 1024 bytes');
    expect(declared.seen.cancelled).toBe(true);
    expect(declared.seen.pulled).toBeLessThanOrEqual(1);

    const chunked = streamed(100, 1024);
    const unannounced = new Request(`${STORE}/cart`, {
      method: 'POST',
      headers: { origin: STORE, 'content-type': FORM },
      body: chunked.body,
      duplex: 'half',
    } as RequestInit);
    const answer = (await guardRequest(unannounced, { bodyLimit: 2048 })) as Response;
    expect(answer.status).toBe(413);
    expect(await answer.text()).toBe('Refused: the body is larger than 2048 bytes\n');
    expect(chunked.seen.cancelled).toBe(true);
    // Three chunks pass the limit; the stream may have pulled one more ahead, never the rest.
    expect(chunked.seen.pulled).toBeLessThanOrEqual(4);
    expect((await refusal(post({}, 'a=xyz'), { bodyLimit: 4 })).status).toBe(413);
    expect((await refusal(post({}, 'a='.padEnd(DEFAULT_FORM_BODY_LIMIT + 1, 'x')))).status).toBe(413);
  });

  it('a multipart form that does not parse: 400, before any action reads it', async () => {
    const refused = await refusal(post({ 'content-type': 'multipart/form-data; boundary=zz' }, 'not a multipart body'));
    expect(refused).toMatchObject({ status: 400, message: 'Refused: the multipart form does not parse' });
  });

  it('checks the method first, then the origin, then the type, then the body', async () => {
    const everythingWrong = () =>
      post({ origin: 'https://evil.example', 'content-type': 'application/json' }, 'x'.repeat(100), 'PUT');
    expect((await refusal(everythingWrong())).status).toBe(405);
    expect((await refusal(everythingWrong(), { methods: ['PUT'] })).status).toBe(403);
    expect((await refusal(everythingWrong(), { methods: ['PUT'], origins: ['https://evil.example'] })).status).toBe(
      415,
    );
    const past = { methods: ['PUT'], origins: ['https://evil.example'], contentTypes: ['application/json'] };
    expect((await refusal(everythingWrong(), { ...past, bodyLimit: 10 })).status).toBe(413);
    expect(await checkedRequest(everythingWrong(), past)).toBeInstanceOf(Request);
  });

  it('throws what is not a refusal as it is, from guardRequest too', async () => {
    const request = post();
    await request.text();
    // A body already read cannot be read again: that is the server's own error, not the sender's.
    await expect(guardRequest(request)).rejects.toThrow(TypeError);
  });
});
