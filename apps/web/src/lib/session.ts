import { API } from '@clearway/contracts/endpoint-table';
import type { TSession } from '@clearway/contracts/endpoints/auth.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

export const sessionQuery = queryOptions({
  queryKey: ['auth', 'session'],
  queryFn: () => api(API.auth.session),
  staleTime: 30_000,
  meta: { silent: true },
});

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
