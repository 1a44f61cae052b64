import { CSRF_HEADER } from '@clearway/contracts/session';
import type { FastifyRequest } from 'fastify';
import { safeEqual } from '../../platform/crypto';
import { forbidden, unauthenticated } from '../../platform/errors';
import type { Authenticator } from '../../platform/principal';
import { type CookieSettings, sessionToken } from './session-cookies';
import type { LiveSession, SessionsService } from './sessions.service';
import type { TokensService } from './tokens.service';
import { userPrincipal } from './user-principal';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind a cookie-authenticated call. */
    authSession: LiveSession | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// A credential presented but not valid (unknown, expired, revoked, its owner disabled) is
// refused outright: falling through to the next authenticator would answer a revoked key's
// call as the session cookie sent beside it.

/** `Authorization: Bearer <jwt>`. */
export function bearerAuthenticator(tokens: TokensService): Authenticator {
  return async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const principal = await tokens.principalFromBearer(header.slice(7).trim());
    if (!principal) throw unauthenticated('The bearer token is not valid; sign in again');
    return principal;
  };
}

/** `X-API-Key: cw_…` or `Authorization: ApiKey cw_…`. */
export function apiKeyAuthenticator(tokens: TokensService): Authenticator {
  return async (request) => {
    const header = request.headers.authorization;
    const key =
      request.headers['x-api-key'] ?? (header?.startsWith('ApiKey ') ? header.slice(7).trim() : undefined);
    if (typeof key !== 'string') return null;
    const principal = await tokens.principalFromApiKey(key, request.ip);
    if (!principal) throw unauthenticated('The API key is not valid');
    return principal;
  };
}

/**
 * The session cookie. A state-changing call must echo the session's CSRF token in the
 * X-CSRF-Token header, or it is refused (403) before any work.
 */
export function sessionAuthenticator(sessions: SessionsService, cookies: CookieSettings): Authenticator {
  return async (request: FastifyRequest) => {
    const token = sessionToken(request, cookies);
    if (!token) return null;
    const live = await sessions.find(token);
    if (!live) return null;
    if (!SAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, live.session.csrfToken)) {
        throw forbidden('The CSRF token is missing or invalid; reload the page and try again');
      }
    }
    request.authSession = live;
    const pending = live.session.require2fa === 'setup' || live.session.require2fa === 'verify';
    return userPrincipal(
      { id: live.session.userId, username: live.username, homeEntityId: live.homeEntityId },
      'session',
      {
        twoFactorPending: pending,
        sessionId: live.session.id,
      },
    );
  };
}
