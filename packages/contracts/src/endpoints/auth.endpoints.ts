import { z } from 'zod';
import { endpoint } from '../endpoint';
import { REQUIRE_2FA_VALUES } from '../enums';
import { text } from '../primitives';

const pub = { access: 'public' } as const;
// No message of its own: a form says "Username is required", the server `username: is required`.
const required = (max: number) => text(max).min(1);

export const ZLoginRequest = z.strictObject({ username: required(200), password: required(1024) });
export const ZLoginResponse = z.object({
  username: z.string(),
  require2fa: z.enum(REQUIRE_2FA_VALUES),
  csrfToken: z.string(),
  expiresAt: z.string(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZTwoFactorCode = z.strictObject({
  token: text(6, 'Enter the 6-digit code from your authenticator app').regex(
    /^\d{6}$/,
    'Enter the 6-digit code from your authenticator app',
  ),
});
export const ZTwoFactorSetup = z.object({
  otpauthUri: z.string(),
  qrCode: z.string(),
  secret: z.string(),
  authenticatorApps: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZSession = z.object({
  user: z.object({ username: z.string(), displayName: z.string(), email: z.string() }).optional(),
  require2fa: z.enum(REQUIRE_2FA_VALUES).optional(),
  expires: z.string().optional(),
  csrfToken: z.string().optional(),
});
export type TSession = z.infer<typeof ZSession>;

export const ZCsrf = z.object({ csrfToken: z.string() });
export const ZUrl = z.object({ url: z.string() });
export const ZProviders = z.record(
  z.string(),
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    signinUrl: z.string(),
    callbackUrl: z.string(),
  }),
);
const formFlag = z.union([z.boolean(), z.enum(['true', 'false'])]).optional();
export const ZSignInForm = z.object({
  csrfToken: text(200).optional(),
  callbackUrl: text(2048).optional(),
  json: formFlag,
  username: text(200).optional(),
  password: text(1024).optional(),
  // An OpenID Connect authorization response posted back by the IdP (form_post).
  code: text(4096).optional(),
  state: text(512).optional(),
  iss: text(512).optional(),
  session_state: text(512).optional(),
  error: text(200).optional(),
  error_description: text(2000).optional(),
});
export const ZSignOutForm = z.strictObject({
  csrfToken: text(200).optional(),
  callbackUrl: text(2048).optional(),
  json: formFlag,
});
export const ZUpdateSession = z.strictObject({ csrfToken: text(200), data: z.unknown().optional() });
export const ZClientLog = z.strictObject({
  level: z.enum(['error', 'warn', 'info', 'debug']),
  code: text(100),
  message: text(4000),
});
export const ZMessage = z.object({ message: z.string() });

export const ZLogoutRequest = z.strictObject({ isMsEntra: z.boolean().optional() });
export const ZLogoutResponse = z.object({ redirectUrl: z.string() });
export const ZChangePassword = z.strictObject({
  currentPassword: required(1024),
  newPassword: required(1024),
});
export const ZForgotPassword = z.strictObject({ username: required(320) });
export const ZResetPassword = z.strictObject({ token: required(200), password: required(1024) });
export const ZPasswordRequirements = z.object({
  minLength: z.number(),
  maxLength: z.number(),
  requireUppercase: z.boolean(),
  requireLowercase: z.boolean(),
  requireDigit: z.boolean(),
  requireSymbol: z.boolean(),
  notUsername: z.boolean(),
  historySize: z.number(),
  rules: z.array(z.string()),
});
export const ZExchangeRequest = z.strictObject({
  username: required(200),
  password: required(1024),
  token: text(6)
    .regex(/^\d{6}$/)
    .optional(),
});
export const ZBearerToken = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number(),
});
export const ZSsoToken = z.strictObject({ ssoToken: text(8192).min(1) });
export const ZSsoIdentity = z.object({ username: z.string() });
/** Start (optional callbackUrl → the IdP's address) or finish (the state the IdP returned). */
export const ZMsEntraRequest = z.union([
  z.strictObject({ state: text(512).min(1) }),
  z.strictObject({ callbackUrl: text(2048).optional() }),
]);
export const ZMsEntraResponse = z.union([ZLoginResponse.extend({ callbackUrl: z.string() }), ZUrl]);

/** Session client (`/auth/...`), public sign-in calls and the signed-in account calls. */
export const authEndpoints = {
  session: endpoint({
    method: 'GET',
    path: '/auth/session',
    ...pub,
    tag: 'session',
    summary: 'The current session ({} when none)',
    response: ZSession,
  }),
  csrf: endpoint({
    method: 'GET',
    path: '/auth/csrf',
    ...pub,
    tag: 'session',
    summary: 'A CSRF token (csrfToken)',
    response: ZCsrf,
  }),
  providers: endpoint({
    method: 'GET',
    path: '/auth/providers',
    ...pub,
    tag: 'session',
    summary: 'Sign-in providers',
    response: ZProviders,
  }),
  signin: endpoint({
    method: 'POST',
    path: '/auth/signin/{provider}',
    ...pub,
    contentType: 'form',
    tag: 'session',
    summary: 'Start signing in with a provider (unknown provider → sign-in page)',
    params: z.object({ provider: text(50) }),
    body: ZSignInForm,
    response: ZUrl,
  }),
  callback: endpoint({
    method: 'POST',
    path: '/auth/callback/{provider}',
    ...pub,
    contentType: 'form',
    tag: 'session',
    summary: 'Finish signing in; a failure returns an address with an error parameter',
    params: z.object({ provider: text(50) }),
    body: ZSignInForm,
    response: ZUrl,
  }),
  signout: endpoint({
    method: 'POST',
    path: '/auth/signout',
    ...pub,
    contentType: 'form',
    tag: 'session',
    summary: 'Sign out',
    body: ZSignOutForm,
    response: ZUrl,
  }),
  updateSession: endpoint({
    method: 'POST',
    path: '/auth/session',
    ...pub,
    tag: 'session',
    summary: 'Refresh the session',
    body: ZUpdateSession,
    response: ZSession,
  }),
  log: endpoint({
    method: 'POST',
    path: '/auth/_log',
    ...pub,
    tag: 'session',
    summary: 'Client log line to the server log',
    body: ZClientLog,
  }),

  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    ...pub,
    tag: 'auth',
    summary: 'Sign in with username and password',
    body: ZLoginRequest,
    response: ZLoginResponse,
  }),
  exchange: endpoint({
    method: 'POST',
    path: '/auth/exchange',
    ...pub,
    tag: 'auth',
    summary: 'Exchange credentials (and the 2FA code) for a short-lived bearer token',
    body: ZExchangeRequest,
    response: ZBearerToken,
  }),
  authenticateViaSso: endpoint({
    method: 'POST',
    path: '/auth/authenticate-via-sso',
    ...pub,
    tag: 'auth',
    summary: 'Check an SSO token',
    body: ZSsoToken,
    response: ZSsoIdentity,
  }),
  loginViaSso: endpoint({
    method: 'POST',
    path: '/auth/login-via-sso',
    ...pub,
    tag: 'auth',
    summary: 'Sign in with an SSO token',
    body: ZSsoToken,
    response: ZLoginResponse,
  }),
  loginViaMsEntra: endpoint({
    method: 'POST',
    path: '/auth/login-via-ms-entra',
    ...pub,
    tag: 'auth',
    summary: 'Sign in with Microsoft Entra ID: start (→ url) or finish (state → session)',
    body: ZMsEntraRequest,
    response: ZMsEntraResponse,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    ...pub,
    tag: 'auth',
    summary: 'Ask for a password reset link',
    body: ZForgotPassword,
    response: ZMessage,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    ...pub,
    tag: 'auth',
    summary: 'Reset the password with a token',
    body: ZResetPassword,
    response: ZMessage,
  }),
  resetPasswordRequirements: endpoint({
    method: 'GET',
    path: '/auth/reset-password-requirements',
    ...pub,
    tag: 'auth',
    summary: 'The password policy',
    response: ZPasswordRequirements,
  }),

  twoFactorVerify: endpoint({
    method: 'POST',
    path: '/auth/twoFactor/verify',
    access: 'twoFactorPending',
    tag: 'auth',
    summary: 'Verify a two-factor code (finishes setup or sign-in)',
    body: ZTwoFactorCode,
    response: ZLoginResponse,
  }),
  twoFactorSetupVerify: endpoint({
    method: 'POST',
    path: '/auth/twoFactor/setup-verify',
    access: 'twoFactorPending',
    tag: 'auth',
    summary: 'Start two-factor setup: otpauth URI, QR code and secret',
    response: ZTwoFactorSetup,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/account/logout',
    access: 'authenticated',
    tag: 'auth',
    summary: 'End the session',
    body: ZLogoutRequest,
    response: ZLogoutResponse,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/profile/change-password',
    access: 'authenticated',
    tag: 'auth',
    summary: 'Change own password (ends the other sessions)',
    body: ZChangePassword,
    response: ZMessage,
  }),
} as const;
