import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit';
import { unauthenticated } from '../../platform/errors';
import { serve } from '../../platform/routes';
import { passwordRequirements } from '../users/password-policy';
import type { AuthModule } from './auth.module';
import { clearSessionCookies, setSessionCookies } from './session-cookies';
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

  serve(app, A.logout, async ({ request, reply, principal }) => {
    if (request.authSession) await m.sessions.end(request.authSession.session.id);
    clearSessionCookies(reply, m.cookies);
    await recordAudit(m.db, { principal, request }, { action: 'auth.logout', outcome: 'success' });
    return { redirectUrl: '/login' };
  });

  serve(app, A.changePassword, async ({ body, principal }) => {
    await m.passwords.change(principal!, body.currentPassword, body.newPassword);
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
    const { issued } = await m.login.startSession(
      user,
      `account:${user.username.toLowerCase()}`,
      metaOf(request),
      'sso',
    );
    setSessionCookies(reply, m.cookies, issued);
    return loginResponse(user.username, issued);
  });
}
