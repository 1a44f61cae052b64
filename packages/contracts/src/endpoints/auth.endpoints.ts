import { row } from '../endpoint';

const pub = { access: 'public' } as const;

/** Session client (`/auth/...`), public sign-in calls and the signed-in account calls. */
export const authEndpoints = {
  session: row('GET', '/auth/session', 'session', 'The current session', pub),
  csrf: row('GET', '/auth/csrf', 'session', 'A CSRF token (csrfToken)', pub),
  providers: row('GET', '/auth/providers', 'session', 'Sign-in providers', pub),
  signin: row('POST', '/auth/signin/{provider}', 'session', 'Sign in with a provider', {
    ...pub,
    contentType: 'form',
  }),
  callback: row('POST', '/auth/callback/{provider}', 'session', 'Provider callback', {
    ...pub,
    contentType: 'form',
  }),
  signout: row('POST', '/auth/signout', 'session', 'Sign out', { ...pub, contentType: 'form' }),
  updateSession: row('POST', '/auth/session', 'session', 'Update session data', pub),
  log: row('POST', '/auth/_log', 'session', 'Client log line to the server log', pub),

  login: row('POST', '/auth/login', 'auth', 'Sign in with username and password', pub),
  exchange: row('POST', '/auth/exchange', 'auth', 'Exchange an SSO token', pub),
  authenticateViaSso: row('POST', '/auth/authenticate-via-sso', 'auth', 'Authenticate an SSO token', pub),
  loginViaSso: row('POST', '/auth/login-via-sso', 'auth', 'Sign in with an SSO token', pub),
  loginViaMsEntra: row('POST', '/auth/login-via-ms-entra', 'auth', 'Sign in with Microsoft Entra ID', pub),
  forgotPassword: row('POST', '/auth/forgot-password', 'auth', 'Ask for a password reset link', pub),
  resetPassword: row('POST', '/auth/reset-password', 'auth', 'Reset the password with a token', pub),
  resetPasswordRequirements: row(
    'GET',
    '/auth/reset-password-requirements',
    'auth',
    'The password policy',
    pub,
  ),

  twoFactorVerify: row('POST', '/auth/twoFactor/verify', 'auth', 'Verify a two-factor code', {
    access: 'twoFactorPending',
  }),
  twoFactorSetupVerify: row('POST', '/auth/twoFactor/setup-verify', 'auth', 'Set up two-factor', {
    access: 'twoFactorPending',
  }),
  logout: row('POST', '/account/logout', 'auth', 'End the session (isMsEntra → redirectUrl)'),
  changePassword: row('POST', '/profile/change-password', 'auth', 'Change own password'),
} as const;
