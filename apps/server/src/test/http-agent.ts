import { CSRF_COOKIE, CSRF_HEADER } from '@clearway/contracts/session';

export type HttpAnswer = { status: number; headers: Headers; body: unknown };

/**
 * A browser-like client over real HTTP (for a server in another process): it keeps the
 * cookies the server sets and echoes the CSRF cookie on state-changing calls.
 */
export class HttpAgent {
  cookies: Record<string, string> = {};
  constructor(readonly baseUrl: string) {}

  cookieHeader() {
    return Object.entries(this.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const all: Record<string, string> = { ...headers, cookie: this.cookieHeader() };
    if (body !== undefined) all['content-type'] = 'application/json';
    if (method !== 'GET' && this.cookies[CSRF_COOKIE]) all[CSRF_HEADER] = this.cookies[CSRF_COOKIE];
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: all,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0\b/i.test(c)) delete this.cookies[name];
      else this.cookies[name] = value;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: kept as text.
    }
    return { status: res.status, headers: res.headers, body: parsed } satisfies HttpAnswer;
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.call('POST', path, body ?? {}, headers);
  }

  get(path: string) {
    return this.call('GET', path);
  }

  /** Signs in with a password (no second factor); throws when refused. */
  async login(username: string, password: string) {
    const res = await this.post('/api/auth/login', { username, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  }

  /** Opens the live notification stream. */
  stream() {
    return fetch(`${this.baseUrl}/api/notifications/stream`, { headers: { cookie: this.cookieHeader() } });
  }
}
