import { API } from '@clearway/contracts/endpoint-table';
import { CSRF_COOKIE } from '@clearway/contracts/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomToken, safeEqual } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { serve } from '../../platform/routes';
import type { AuthModule } from './auth.module';
import { metaOf } from './auth.routes';
import { clearSessionCookies, sessionToken, setSessionCookies } from './session-cookies';

const CREDENTIALS = 'credentials';

/** Only same-site paths: an open redirect would turn sign-in into a phishing aid. */
export function safeCallback(url: string | undefined): string {
  return url?.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/';
}

const loginUrl = (params: Record<string, string>) => `/login?${new URLSearchParams(params).toString()}`;

/** Double submit: the form's csrfToken must equal the CSRF cookie the server set. */
function csrfMatches(request: FastifyRequest, token: string | undefined): boolean {
  const cookie = request.cookies[CSRF_COOKIE];
  return Boolean(token && cookie && safeEqual(token, cookie));
}

/** The session client calls under /auth (spec section 7, "Session client"). */
export function sessionClientRoutes(app: FastifyInstance, m: AuthModule) {
  const A = API.auth;
  const live = async (request: FastifyRequest) => {
    const token = sessionToken(request, m.cookies);
    return token ? m.sessions.find(token) : null;
  };

  serve(app, A.session, async ({ request }) => {
    const s = await live(request);
    if (!s) return {};
    return {
      user: { username: s.username, displayName: s.displayName, email: s.email },
      require2fa: s.session.require2fa,
      expires: s.session.expiresAt.toISOString(),
      csrfToken: s.session.csrfToken,
    };
  });

  serve(app, A.csrf, async ({ request, reply }) => {
    const s = await live(request);
    if (s) return { csrfToken: s.session.csrfToken };
    const csrfToken = request.cookies[CSRF_COOKIE] || randomToken();
    reply.setCookie(CSRF_COOKIE, csrfToken, { path: '/', sameSite: 'lax', secure: m.cookies.secure });
    return { csrfToken };
  });

  serve(app, A.providers, async () => ({
    [CREDENTIALS]: {
      id: CREDENTIALS,
      name: 'Username and password',
      type: 'credentials',
      signinUrl: `/api/auth/signin/${CREDENTIALS}`,
      callbackUrl: `/api/auth/callback/${CREDENTIALS}`,
    },
  }));

  serve(app, A.signin, async ({ params, body }) => {
    const callbackUrl = safeCallback(body.callbackUrl);
    // An unknown provider goes to the sign-in page.
    if (params.provider !== CREDENTIALS) return { url: '/login' };
    return { url: loginUrl({ callbackUrl }) };
  });

  serve(app, A.callback, async ({ params, body, request, reply }) => {
    const callbackUrl = safeCallback(body.callbackUrl);
    if (params.provider !== CREDENTIALS) return { url: '/login' };
    if (!csrfMatches(request, body.csrfToken))
      return { url: loginUrl({ error: 'MissingCSRF', callbackUrl }) };
    try {
      const { issued } = await m.login.login(body.username ?? '', body.password ?? '', metaOf(request));
      setSessionCookies(reply, m.cookies, issued);
      return {
        url: issued.require2fa === 'no' ? callbackUrl : loginUrl({ step: issued.require2fa, callbackUrl }),
      };
    } catch (err) {
      const error = err instanceof AppError && err.status === 429 ? 'TooManyAttempts' : 'CredentialsSignin';
      return { url: loginUrl({ error, callbackUrl }) };
    }
  });

  serve(app, A.signout, async ({ body, request, reply }) => {
    const s = await live(request);
    if (s) {
      if (!body.csrfToken || !safeEqual(body.csrfToken, s.session.csrfToken)) {
        throw new AppError('Forbidden', 403, 'The CSRF token is missing or invalid');
      }
      await m.sessions.end(s.session.id);
    }
    clearSessionCookies(reply, m.cookies);
    return { url: body.callbackUrl ? safeCallback(body.callbackUrl) : '/login' };
  });

  serve(app, A.updateSession, async ({ body, request }) => {
    const s = await live(request);
    if (!s || !safeEqual(body.csrfToken, s.session.csrfToken)) return {};
    return {
      user: { username: s.username, displayName: s.displayName, email: s.email },
      require2fa: s.session.require2fa,
      expires: s.session.expiresAt.toISOString(),
    };
  });

  serve(app, A.log, async ({ body, request, reply }) => {
    request.log[body.level]({ source: 'web', code: body.code }, body.message);
    return reply.status(204).send() as never;
  });
}
