import { toGatewayError } from '../../lib/gateway';
import { loginViaSso } from './api/auth.calls';

const PARAM = 'ssoToken';

/**
 * Signs in with `?ssoToken=…` if the address carries one, then removes it from the
 * address (it is single-use and must not linger in history). A failure lands on /login.
 */
export async function signInWithSsoToken(location: Location = window.location): Promise<void> {
  const url = new URL(location.href);
  const token = url.searchParams.get(PARAM);
  if (!token) return;
  url.searchParams.delete(PARAM);
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  try {
    await loginViaSso(token);
  } catch (err) {
    console.warn('SSO sign-in failed', toGatewayError(err).message);
    window.history.replaceState(
      null,
      '',
      `/login?error=SsoSignin&callbackUrl=${encodeURIComponent(url.pathname)}`,
    );
  }
}
