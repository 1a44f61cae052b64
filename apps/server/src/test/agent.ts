import { CSRF_COOKIE, CSRF_HEADER } from '@clearway/contracts/session';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Call = Omit<InjectOptions, 'cookies'> & { csrf?: boolean };

/**
 * A browser-like client over the app: it keeps the cookies the server sets and, like the
 * web app, echoes the CSRF cookie in the header on state-changing calls (unless told not to).
 */
export class Agent {
  cookies: Record<string, string> = {};
  constructor(private readonly app: FastifyInstance) {}

  async call(opts: Call): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    const csrf = this.cookies[CSRF_COOKIE];
    if (method !== 'GET' && opts.csrf !== false && csrf) headers[CSRF_HEADER] = csrf;
    const res = await this.app.inject({
      ...opts,
      method: method as InjectOptions['method'],
      headers,
      cookies: this.cookies,
    });
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
    return res;
  }

  post(url: string, payload?: unknown, extra: Partial<Call> = {}) {
    return this.call({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...extra });
  }

  put(url: string, payload?: unknown, extra: Partial<Call> = {}) {
    return this.call({ method: 'PUT', url, payload: payload as InjectOptions['payload'], ...extra });
  }

  get(url: string, extra: Partial<Call> = {}) {
    return this.call({ method: 'GET', url, ...extra });
  }
}
