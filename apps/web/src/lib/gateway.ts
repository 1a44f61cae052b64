import { API_BASE, type Endpoint, toRoutePattern } from '@clearway/contracts/endpoint';
import { describeStatus, TOO_LARGE_MESSAGE } from '@clearway/contracts/errors';
import { readableMessage } from '@clearway/contracts/field-labels';

/** A failed call: status, title, message and the body the server sent (spec section 8). */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export type FileResult = { kind: 'file'; data: ArrayBuffer; contentType: string };
export type EmptyResult = { kind: 'empty'; message: 'Operation successful'; status: number };

export type GatewayOptions = {
  fetch?: typeof fetch;
  baseUrl?: string;
  timeoutMs: number;
  maxResponseSizeBytes: number;
  /** Whether a session is believed to exist; protected calls without one fail before sending. */
  hasSession: () => boolean;
  csrfToken?: () => string | undefined;
  headers?: Record<string, string>;
};

const FILE_TYPES = /^(application\/pdf|image\/|video\/)/;

// RFC1738 as the spec's gateway sends it: percent-encoding with spaces as '+', and the
// reserved marks encodeURIComponent leaves alone (! ' *) escaped too.
const encode = (s: string) =>
  encodeURIComponent(s)
    .replace(/[!'*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

function appendPairs(key: string, value: unknown, out: string[]) {
  if (value === undefined) return;
  if (Array.isArray(value)) for (const [i, v] of value.entries()) appendPairs(`${key}[${i}]`, v, out);
  else if (value instanceof Date) out.push(`${encode(key)}=${encode(value.toISOString())}`);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) appendPairs(`${key}[${k}]`, v, out);
  else out.push(`${encode(key)}=${value === null ? '' : encode(String(value))}`);
}

/** GET payloads and URL-encoded bodies: indexed arrays (`ids[0]=1`), nested keys in brackets, RFC1738. */
export function toQueryString(payload: unknown): string {
  if (!payload || typeof payload !== 'object') return '';
  const out: string[] = [];
  for (const [k, v] of Object.entries(payload)) appendPairs(k, v, out);
  return out.join('&');
}

function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return toRoutePattern(path).replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new GatewayError(400, 'Invalid Request', `Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function encodeBody(e: Endpoint, payload: unknown): { body?: BodyInit; contentType?: string } {
  if (payload === undefined) return {};
  if (e.contentType === 'multipart' || payload instanceof FormData) return { body: payload as FormData };
  if (e.contentType === 'form') {
    return {
      body: toQueryString(payload),
      contentType: 'application/x-www-form-urlencoded',
    };
  }
  return { body: JSON.stringify(payload), contentType: 'application/json' };
}

function messageFrom(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : undefined;
  const b = body as Record<string, unknown>;
  const pick = [b.error, b.title, b.message].find((v) => typeof v === 'string' && v.length > 0);
  return pick as string | undefined;
}

async function readBody(res: Response, path: string): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (FILE_TYPES.test(type) || path.includes('download')) {
    return { kind: 'file', data: await res.arrayBuffer(), contentType: type } satisfies FileResult;
  }
  if (type.startsWith('text/plain')) return res.text();
  if (!type)
    return { kind: 'empty', message: 'Operation successful', status: res.status } satisfies EmptyResult;
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

function isTimeout(err: unknown): boolean {
  const e = err as { name?: string; code?: string; cause?: { code?: string } };
  return (
    e?.name === 'AbortError' ||
    e?.name === 'TimeoutError' ||
    e?.code === 'ETIMEDOUT' ||
    e?.cause?.code === 'ETIMEDOUT'
  );
}

/** Turns anything a call can throw into a GatewayError with the spec's status mapping. */
export function toGatewayError(err: unknown): GatewayError {
  if (err instanceof GatewayError) return err;
  if (isTimeout(err)) return new GatewayError(408, 'Request Timeout', describeStatus(408).message);
  return new GatewayError(
    500,
    describeStatus(500).title,
    (err as Error)?.message || describeStatus(500).message,
  );
}

export type CallInput = {
  payload?: unknown;
  params?: Record<string, string | number>;
  /** Query parameters for a call whose body is not its payload's only place (a multipart upload's entityId). */
  query?: Record<string, string | number>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/**
 * The one way the web app talks to the server. Everything about the call — method, path,
 * access, body encoding — comes from the contract row.
 */
export async function callEndpoint<T = unknown>(
  e: Endpoint,
  input: CallInput,
  opts: GatewayOptions,
): Promise<T> {
  if (e.access !== 'public' && !opts.hasSession()) {
    throw new GatewayError(401, 'Unauthorized', 'Unauthorized');
  }
  let url = `${opts.baseUrl ?? API_BASE}${buildPath(e.path, input.params)}`;
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers, ...input.headers };
  let body: BodyInit | undefined;
  const query = [e.method === 'GET' ? toQueryString(input.payload) : '', toQueryString(input.query)]
    .filter(Boolean)
    .join('&');
  if (query) url += `?${query}`;
  if (e.method !== 'GET') {
    const encoded = encodeBody(e, input.payload);
    body = encoded.body;
    if (encoded.contentType) headers['Content-Type'] = encoded.contentType;
    const csrf = opts.csrfToken?.();
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  try {
    const res = await (opts.fetch ?? fetch)(url, {
      method: e.method,
      headers,
      body,
      signal,
      credentials: 'same-origin',
    });
    const length = Number(res.headers.get('content-length') ?? '0');
    if (length > opts.maxResponseSizeBytes) {
      throw new GatewayError(413, describeStatus(413).title, TOO_LARGE_MESSAGE);
    }
    const data = await readBody(res, e.path);
    if (!res.ok) {
      const message = messageFrom(data) ?? (res.statusText || describeStatus(res.status).message);
      const title = (data as { title?: string } | null)?.title ?? describeStatus(res.status).title;
      throw new GatewayError(res.status, title, message, data);
    }
    return data as T;
  } catch (err) {
    throw toGatewayError(err);
  }
}

/**
 * Toast title and message for a failed call: the catalogue's title (else supplied, else
 * fallback) over the server's own sentence, a field it names by its key read by its label
 * (`ibanCode: …` → `IBAN: …`). A message that only repeats the title says nothing: the
 * catalogue's message stands in for it ("Invalid Request" twice helps no one).
 */
export function toastFor(err: unknown): { title: string; message: string } {
  const e = toGatewayError(err);
  const said = serverMessage(e);
  const { title } = describeStatus(e.status, { title: e.title });
  const message = said && said !== title && said !== e.title ? readableMessage(said) : undefined;
  return describeStatus(e.status, { title: e.title, message });
}

/** The server's own sentence for a failure (the body's `message`), for inline form errors. */
export function serverMessage(err: unknown): string {
  const e = toGatewayError(err);
  const body = e.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message ? body.message : e.message;
}
