import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audited } from '../../platform/audit';
import { unauthenticated } from '../../platform/errors';
import { serve } from '../../platform/routes';
import { passwordRequirements } from '../users/password-policy';
import type { AuthModule } from './auth.module';
import { ENTRA_PROVIDER } from './entra.service';
import { safeCallback } from './safe-callback';
import { clearSessionCookies, ENTRA_BINDING_COOKIE, setSessionCookies } from './session-cookies';
import type { IssuedSession } from './sessions.service';

export const metaOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function loginResponse(username: string, issued: IssuedSession) {
  return {
    username,
    require2fa: issued.require2fa,
    csrfToken: issued.csrfToken,
    expiresAt: issued.expiresAt.toISOString(),
  };
}

/** Sign-in, two-factor, password and logout calls (spec section 7 "Public" and "Authenticated"). */
export function authRoutes(app: FastifyInstance, m: AuthModule) {
  const A = API.auth;

  serve(app, A.login, async ({ body, request, reply }) => {
    const { user, issued } = await m.login.login(body.username, body.password, metaOf(request));
    setSessionCookies(reply, m.cookies, issued);
    return loginResponse(user.username, issued);
  });

  serve(app, A.twoFactorSetupVerify, async ({ request }) => {
    const material = await m.login.beginSetup(request.authSession!);
    return { ...material, authenticatorApps: m.authenticatorApps };
  });

  serve(app, A.twoFactorVerify, async ({ body, request, reply }) => {
    const live = request.authSession;
    if (!live) throw unauthenticated();
    const { user, issued } = await m.login.verifyCode(live, body.token, metaOf(request));
    setSessionCookies(reply, m.cookies, issued);
    return loginResponse(user.username, issued);
  });

  serve(app, A.logout, async ({ body, request, reply, principal }) => {
    // A session that Microsoft signed in also ends at Microsoft, whatever the browser says:
    // the session knows how it began, so a browser that forgot still signs out there.
    const viaEntra = request.authSession?.session.via === ENTRA_PROVIDER;
    const ended = request.authSession?.session.id;
    await audited(m.db, { principal, request }, { action: 'auth.logout', outcome: 'success' }, async (tx) => {
      if (ended) await m.sessions.end(ended, tx);
    });
    clearSessionCookies(reply, m.cookies);
    return { redirectUrl: body.isMsEntra || viaEntra ? await m.entra.endSessionUrl() : '/login' };
  });

  serve(app, A.loginViaMsEntra, async ({ body, request, reply }) => {
    if ('state' in body) {
      const { user, issued, callbackUrl } = await m.entra.finish(
        body.state,
        request.cookies[ENTRA_BINDING_COOKIE],
        metaOf(request),
      );
      reply.clearCookie(ENTRA_BINDING_COOKIE, { path: '/api/auth' });
      setSessionCookies(reply, m.cookies, issued);
      return { ...loginResponse(user.username, issued), callbackUrl };
    }
    const { url, binding } = await m.entra.start(safeCallback(body.callbackUrl));
    reply.setCookie(ENTRA_BINDING_COOKIE, binding, {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure: m.cookies.secure,
      maxAge: 600,
    });
    return { url };
  });

  serve(app, A.changePassword, async ({ body, request, principal }) => {
    await m.passwords.change(principal!, body.currentPassword, body.newPassword, metaOf(request));
    return { message: 'Your password has been changed. Other sessions have been signed out.' };
  });

  serve(app, A.forgotPassword, async ({ body, request }) => ({
    message: await m.passwords.forgot(body.username, request.ip),
  }));

  serve(app, A.resetPassword, async ({ body }) => {
    await m.passwords.reset(body.token, body.password);
    return { message: 'Your password has been reset. Sign in with the new password.' };
  });

  serve(app, A.resetPasswordRequirements, async () => passwordRequirements());

  serve(app, A.exchange, async ({ body, request }) => {
    const user = await m.login.verifyForToken(body.username, body.password, body.token, metaOf(request));
    return m.tokens.issueBearer(user);
  });

  serve(app, A.authenticateViaSso, async ({ body }) => {
    const user = await m.sso.verify(body.ssoToken);
    return { username: user.username };
  });

  serve(app, A.loginViaSso, async ({ body, request, reply }) => {
    const user = await m.sso.verify(body.ssoToken);
    const { issued } = await m.login.startSession(user, metaOf(request), 'sso');
    setSessionCookies(reply, m.cookies, issued);
    return loginResponse(user.username, issued);
  });
}
