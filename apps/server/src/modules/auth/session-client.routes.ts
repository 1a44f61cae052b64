import { API } from '@clearway/contracts/endpoint-table';
import { CSRF_COOKIE } from '@clearway/contracts/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audited } from '../../platform/audit';
import { randomToken, safeEqual } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { isConnectionLoss } from '../../platform/pg-errors';
import { serve } from '../../platform/routes';
import type { AuthModule } from './auth.module';
import { metaOf } from './auth.routes';
import { ENTRA_PROVIDER } from './entra.service';
import { safeCallback } from './safe-callback';
import { clearSessionCookies, sessionToken, setSessionCookies } from './session-cookies';

const CREDENTIALS = 'credentials';

const isJson = (flag: unknown) => flag === true || flag === 'true';

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
    ...(m.entra.enabled
      ? {
          [ENTRA_PROVIDER]: {
            id: ENTRA_PROVIDER,
            name: 'Microsoft',
            type: 'oidc',
            signinUrl: '/api/auth/login-via-ms-entra',
            callbackUrl: `/api/auth/callback/${ENTRA_PROVIDER}`,
          },
        }
      : {}),
  }));

  serve(app, A.signin, async ({ params, body }) => {
    const callbackUrl = safeCallback(body.callbackUrl);
    // An unknown provider goes to the sign-in page.
    if (params.provider !== CREDENTIALS) return { url: '/login' };
    return { url: loginUrl({ callbackUrl }) };
  });

  serve(app, A.callback, async ({ params, body, request, reply }) => {
    const callbackUrl = safeCallback(body.callbackUrl);
    if (params.provider === ENTRA_PROVIDER && m.entra.enabled) {
      const { code, state, iss, session_state, error, error_description } = body;
      const form = Object.fromEntries(
        Object.entries({ code, state, iss, session_state, error, error_description }).filter(
          ([, v]) => v !== undefined,
        ),
      ) as Record<string, string>;
      const url = await m.entra.receive(form);
      // The IdP's form post is a page load: answer with a redirect unless JSON was asked for.
      return isJson(body.json) ? { url } : (reply.redirect(url, 303) as never);
    }
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
      if (isConnectionLoss(err)) throw err;
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
      await audited(
        m.db,
        { principal: null, request },
        { action: 'auth.signout', outcome: 'success', target: s.username },
        (tx) => m.sessions.end(s.session.id, tx),
      );
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
