import {
  CSRF_COOKIE,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_VALID_COOKIE,
} from '@clearway/contracts/session';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';
import type { IssuedSession } from './sessions.service';

/** Binds a Microsoft sign-in to the browser that started it. */
export const ENTRA_BINDING_COOKIE = 'clearway.oidc';

export type CookieSettings = { secure: boolean; sessionCookie: string };

export function cookieSettings(config: Config): CookieSettings {
  const secure = config.COOKIE_SECURE ?? config.APP_ENV === 'production';
  return { secure, sessionCookie: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE };
}

/**
 * The session token in an HttpOnly cookie; beside it two cookies the web app may read:
 * the CSRF token it echoes in a header, and when the session expires.
 */
export function setSessionCookies(reply: FastifyReply, s: CookieSettings, issued: IssuedSession) {
  const base = { path: '/', sameSite: 'lax' as const, secure: s.secure, expires: issued.expiresAt };
  reply.setCookie(s.sessionCookie, issued.token, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, issued.csrfToken, { ...base, httpOnly: false });
  reply.setCookie(SESSION_VALID_COOKIE, String(Math.floor(issued.expiresAt.getTime() / 1000)), {
    ...base,
    httpOnly: false,
  });
}

export function clearSessionCookies(reply: FastifyReply, s: CookieSettings) {
  for (const name of [s.sessionCookie, CSRF_COOKIE, SESSION_VALID_COOKIE]) {
    reply.clearCookie(name, { path: '/', secure: s.secure, sameSite: 'lax' });
  }
}

export function sessionToken(request: FastifyRequest, s: CookieSettings): string | undefined {
  return request.cookies[s.sessionCookie] || undefined;
}
