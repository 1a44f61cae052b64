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
export const passwordRequirements = () => api(API.auth.resetPasswordRequirements);
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
