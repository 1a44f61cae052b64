import { row } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import { describe, expect, it, vi } from 'vitest';
import {
  callEndpoint,
  GatewayError,
  type GatewayOptions,
  serverMessage,
  toastFor,
  toQueryString,
} from './gateway';

type Call = { url: string; init: RequestInit };

function fakeServer(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return respond(call);
  });
  return { calls, fetch: fetchFn as unknown as typeof fetch };
}

function options(f: typeof fetch, over: Partial<GatewayOptions> = {}): GatewayOptions {
  return { fetch: f, timeoutMs: 1000, maxResponseSizeBytes: 1000, hasSession: () => true, ...over };
}

/** The error a call failed with; a call that succeeds fails the test. */
const failure = (p: Promise<unknown>): Promise<GatewayError> =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: GatewayError) => e,
  );

const json = (body: unknown, status = 200, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...extra } });

const getRow = row('GET', '/things', 'test', 'A GET');
const postRow = row('POST', '/things/create', 'test', 'A POST');
const formRow = row('POST', '/auth/signout', 'test', 'A form POST', {
  access: 'public',
  contentType: 'form',
});

describe('gateway client (spec section 7 and 8)', () => {
  it('sends a GET payload as a query string with indexed arrays in RFC1738 form', async () => {
    const s = fakeServer(() => json({}));
    await callEndpoint(getRow, { payload: { ids: [1, 2], name: 'a b' } }, options(s.fetch));
    expect(s.calls[0]!.url).toBe('/api/things?ids%5B0%5D=1&ids%5B1%5D=2&name=a+b');
    expect(toQueryString({ list: ['x'] })).toBe('list%5B0%5D=x');
    // Nested keys in brackets, null as empty, undefined and empty arrays left out, ! ' * escaped, ( ) kept.
    expect(toQueryString({ f: { a: 1, b: [true] }, n: null, u: undefined, e: [], s: "it's (a)*!" })).toBe(
      'f%5Ba%5D=1&f%5Bb%5D%5B0%5D=true&n=&s=it%27s+(a)%2A%21',
    );
  });

  it('sends other methods as JSON by default', async () => {
    const s = fakeServer(() => json({ ok: true }));
    await callEndpoint(postRow, { payload: { amount: '10.50' } }, options(s.fetch));
    const headers = s.calls[0]!.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(s.calls[0]!.init.body).toBe('{"amount":"10.50"}');
  });

  it('sends a multipart upload as the FormData it is given, with query parameters and the CSRF token', async () => {
    const s = fakeServer(() => json({}));
    const upload = row('POST', '/things/{id}/file', 'test', 'An upload', { contentType: 'multipart' });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.pdf');
    await callEndpoint(
      upload,
      { params: { id: 7 }, query: { entityId: 3 }, payload: form },
      options(s.fetch, { csrfToken: () => 'c' }),
    );
    expect(s.calls[0]!.url).toBe('/api/things/7/file?entityId=3');
    expect(s.calls[0]!.init.body).toBe(form);
    const headers = s.calls[0]!.init.headers as Record<string, string>;
    expect(headers['X-CSRF-Token']).toBe('c');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('sends URL-encoded bodies where the row says form', async () => {
    const s = fakeServer(() => json({}));
    await callEndpoint(
      formRow,
      { payload: { csrfToken: 't', callbackUrl: '/a b', json: true } },
      options(s.fetch),
    );
    const headers = s.calls[0]!.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(s.calls[0]!.init.body).toBe('csrfToken=t&callbackUrl=%2Fa+b&json=true');
  });

  it('fills path parameters from the row pattern', async () => {
    const s = fakeServer(() => json({}));
    await callEndpoint(API.cashEntry.childrenSummary, { params: { entityId: 42 } }, options(s.fetch));
    expect(s.calls[0]!.url).toBe('/api/cashentry/42/children/summary');
  });

  it.each([
    ['application/pdf', '/things'],
    ['image/png', '/things'],
    ['video/mp4', '/things'],
    ['application/octet-stream', '/statement/download'],
  ])('returns %s (path %s) as bytes with its content type', async (type, path) => {
    const s = fakeServer(
      () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': type } }),
    );
    const res = await callEndpoint<{ kind: string; data: ArrayBuffer; contentType: string }>(
      row('POST', path, 't', 'file'),
      {},
      options(s.fetch),
    );
    expect(res.kind).toBe('file');
    expect(res.contentType).toBe(type);
    expect([...new Uint8Array(res.data)]).toEqual([1, 2, 3]);
  });

  it('returns text/plain as text', async () => {
    const s = fakeServer(
      () => new Response('hello', { headers: { 'content-type': 'text/plain; charset=utf-8' } }),
    );
    expect(await callEndpoint(getRow, {}, options(s.fetch))).toBe('hello');
  });

  it("answers an empty content type with 'Operation successful' and the status", async () => {
    const s = fakeServer(() => {
      const r = new Response(null, { status: 204 });
      r.headers.delete('content-type');
      return r;
    });
    expect(await callEndpoint(postRow, {}, options(s.fetch))).toEqual({
      kind: 'empty',
      message: 'Operation successful',
      status: 204,
    });
  });

  it('parses JSON otherwise', async () => {
    const s = fakeServer(() => json({ a: 1 }));
    expect(await callEndpoint(getRow, {}, options(s.fetch))).toEqual({ a: 1 });
  });

  it('takes the failure message from error, then title, then message', async () => {
    const cases: [unknown, string][] = [
      [{ error: 'E', title: 'T', message: 'M' }, 'E'],
      [{ title: 'T', message: 'M' }, 'T'],
      [{ message: 'M' }, 'M'],
    ];
    for (const [body, expected] of cases) {
      const s = fakeServer(() => json(body, 409));
      const err = await failure(callEndpoint(postRow, {}, options(s.fetch)));
      expect(err).toBeInstanceOf(GatewayError);
      expect(err.message).toBe(expected);
      expect(err.status).toBe(409);
      expect(err.body).toEqual(body);
    }
  });

  it('falls back to the status text, then to the status default', async () => {
    const withText = fakeServer(
      () =>
        new Response('{}', {
          status: 418,
          statusText: 'Teapot',
          headers: { 'content-type': 'application/json' },
        }),
    );
    expect((await failure(callEndpoint(getRow, {}, options(withText.fetch)))).message).toBe('Teapot');
    const bare = fakeServer(
      () =>
        new Response('{}', { status: 404, statusText: '', headers: { 'content-type': 'application/json' } }),
    );
    const err = await failure(callEndpoint(getRow, {}, options(bare.fetch)));
    expect(err.message).toBe('The requested resource was not found');
    expect(err.title).toBe('Resource Not Found');
  });

  it('maps a time-out to 408', async () => {
    const s = fakeServer(
      (call) =>
        new Promise<Response>((_, reject) =>
          call.init.signal?.addEventListener('abort', () => reject(call.init.signal?.reason)),
        ),
    );
    const err = await failure(callEndpoint(getRow, {}, options(s.fetch, { timeoutMs: 20 })));
    expect(err.status).toBe(408);
  });

  it('maps an abort and ETIMEDOUT to 408', async () => {
    const aborted = fakeServer(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    expect((await failure(callEndpoint(getRow, {}, options(aborted.fetch)))).status).toBe(408);
    const etimedout = fakeServer(() =>
      Promise.reject(Object.assign(new Error('connect'), { code: 'ETIMEDOUT' })),
    );
    expect((await failure(callEndpoint(getRow, {}, options(etimedout.fetch)))).status).toBe(408);
  });

  it('maps a response above the maximum size to 413 with the spec message', async () => {
    const s = fakeServer(() => json({ big: true }, 200, { 'content-length': '5000' }));
    const err = await failure(callEndpoint(getRow, {}, options(s.fetch, { maxResponseSizeBytes: 100 })));
    expect(err.status).toBe(413);
    expect(err.message).toBe(
      'The requested data is too large to be processed, please try again with a smaller date range.',
    );
  });

  it('maps any other failure without a status to 500', async () => {
    const s = fakeServer(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await failure(callEndpoint(getRow, {}, options(s.fetch)));
    expect(err.status).toBe(500);
  });

  it('fails a protected call without a session with 401 before sending', async () => {
    const s = fakeServer(() => json({}));
    const err = await failure(callEndpoint(postRow, {}, options(s.fetch, { hasSession: () => false })));
    expect(err.status).toBe(401);
    expect(err.message).toBe('Unauthorized');
    expect(s.calls).toHaveLength(0);
  });

  it('sends a public call without a session', async () => {
    const s = fakeServer(() => json({ maintenance: false, message: null, since: null }));
    await callEndpoint(API.platform.serverMode, {}, options(s.fetch, { hasSession: () => false }));
    expect(s.calls).toHaveLength(1);
  });

  it('adds the CSRF token to state-changing calls only', async () => {
    const s = fakeServer(() => json({}));
    const o = options(s.fetch, { csrfToken: () => 'tok' });
    await callEndpoint(postRow, {}, o);
    await callEndpoint(getRow, {}, o);
    expect((s.calls[0]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok');
    expect((s.calls[1]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
  });
});

describe('toasts (spec section 8 table)', () => {
  it.each([
    [400, 'Invalid Request'],
    [401, 'Unauthorized Access'],
    [403, 'Access Denied'],
    [404, 'Resource Not Found'],
    [405, 'Method Not Allowed'],
    [406, 'Not Acceptable'],
    [408, 'Request Timed Out'],
    [409, 'Forbidden Access'],
    [413, 'Payload Too Large'],
    [415, 'Unsupported Data Format'],
    [422, 'Unprocessable Entity'],
    [429, 'Rate Limit Exceeded'],
    [500, 'Internal Server Error'],
    [502, 'Server Communication Issue'],
  ])('titles status %i "%s"', (status, title) => {
    expect(toastFor(new GatewayError(status, 'x', 'supplied')).title).toBe(title);
  });

  it('falls back to the supplied title for an unknown status, then to the generic one', () => {
    expect(toastFor(new GatewayError(451, 'Legal', 'Blocked'))).toEqual({
      title: 'Legal',
      message: 'Blocked',
    });
    expect(toastFor(new GatewayError(451, '', ''))).toEqual({
      title: 'Something went wrong',
      message: 'Please try again later',
    });
  });

  it('says the server’s sentence under the title, never the title twice ("Invalid Request / Invalid Request")', () => {
    const body = { status: 400, title: 'Invalid Request', message: 'Insufficient funds' };
    expect(toastFor(new GatewayError(400, 'Invalid Request', 'Invalid Request', body))).toEqual({
      title: 'Invalid Request',
      message: 'Insufficient funds',
    });
    const bare = new GatewayError(400, 'Invalid Request', 'Invalid Request', { title: 'Invalid Request' });
    expect(toastFor(bare).message).toBe('The request was not understood, check and retry');
  });

  it('names a field the server names by its key by the field’s label', () => {
    const body = { status: 400, title: 'Invalid Request', message: 'ibanCode: is not a valid IBAN' };
    expect(toastFor(new GatewayError(400, 'Invalid Request', 'Invalid Request', body)).message).toBe(
      'IBAN: is not a valid IBAN',
    );
  });

  it('reads the 409 message about authenticating when none is supplied', () => {
    expect(toastFor(new GatewayError(409, '', '')).message).toMatch(/authenticate/);
  });
});

describe('inline form messages', () => {
  it('prefer the body message over the gateway message', () => {
    const err = new GatewayError(401, 'Unauthorized Access', 'Unauthorized Access', {
      message: 'Invalid username, or password.',
    });
    expect(serverMessage(err)).toBe('Invalid username, or password.');
    expect(serverMessage(new GatewayError(500, 'x', 'Plain'))).toBe('Plain');
  });
});
