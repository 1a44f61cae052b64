import type { TSession } from '@clearway/contracts/endpoints/auth.endpoints';

/** Section 4: logged in only with a username, an authenticated session and 2FA done or not needed. */
export function isLoggedIn(session: TSession | undefined): boolean {
  return (
    Boolean(session?.user?.username) && (session?.require2fa === 'no' || session?.require2fa === 'success')
  );
}

export function pendingTwoFactor(session: TSession | undefined): 'setup' | 'verify' | null {
  const r = session?.require2fa;
  return session?.user && (r === 'setup' || r === 'verify') ? r : null;
}
