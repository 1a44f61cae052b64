import { API } from '@clearway/contracts/endpoint-table';
import { LOGOUT_BROADCAST_KEY } from '@clearway/contracts/session';
import { api } from '../../../lib/api';

export const login = (username: string, password: string) =>
  api(API.auth.login, { payload: { username, password } });
export const startTwoFactorSetup = () => api(API.auth.twoFactorSetupVerify);
export const verifyTwoFactor = (token: string) => api(API.auth.twoFactorVerify, { payload: { token } });
export const forgotPassword = (username: string) => api(API.auth.forgotPassword, { payload: { username } });
export const resetPassword = (token: string, password: string) =>
  api(API.auth.resetPassword, { payload: { token, password } });
export const changePassword = (currentPassword: string, newPassword: string) =>
  api(API.auth.changePassword, { payload: { currentPassword, newPassword } });
export const loginViaSso = (ssoToken: string) => api(API.auth.loginViaSso, { payload: { ssoToken } });

/** Ends the session and tells the other tabs (section 4: logout is broadcast). */
export async function logout(): Promise<string> {
  const { redirectUrl } = await api(API.auth.logout, { payload: { isMsEntra: false } });
  broadcastLogout();
  return redirectUrl;
}

export function broadcastLogout() {
  localStorage.setItem(LOGOUT_BROADCAST_KEY, String(Date.now()));
}

/** Starts sign-in with Microsoft: the answer is the IdP address to go to. */
export async function startMicrosoftSignIn(callbackUrl: string): Promise<string> {
  const res = await api(API.auth.loginViaMsEntra, { payload: { callbackUrl } });
  if (!('url' in res)) throw new Error('Unexpected answer');
  return res.url;
}

/** Finishes sign-in with Microsoft once the IdP has answered (`/login?entra=<state>`). */
export async function finishMicrosoftSignIn(state: string) {
  const res = await api(API.auth.loginViaMsEntra, { payload: { state } });
  if ('url' in res) throw new Error('Unexpected answer');
  return res;
}
