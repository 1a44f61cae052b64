import { authEndpoints } from '@clearway/contracts/endpoints/auth.endpoints';
import { LOGOUT_BROADCAST_KEY } from '@clearway/contracts/session';
import { api } from '../../../lib/api';

/**
 * Signs in with a single sign-on token before the app renders (`?ssoToken=…` on any page):
 * no component exists yet to hold a mutation, so this one write is a plain call.
 */
export const loginViaSso = (ssoToken: string) => api(authEndpoints.loginViaSso, { payload: { ssoToken } });

/** Tells the other tabs the session ended (section 4: logout is broadcast). */
export function broadcastLogout() {
  localStorage.setItem(LOGOUT_BROADCAST_KEY, String(Date.now()));
}
