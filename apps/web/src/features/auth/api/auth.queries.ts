import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The session and what the sign-in screens read before one exists. */
export const authKeys = {
  session: ['auth', 'session'] as const,
  passwordRequirements: ['auth', 'password-requirements'] as const,
};

export const sessionQuery = queryOptions({
  queryKey: authKeys.session,
  queryFn: () => api(API.auth.session),
  staleTime: 30_000,
  meta: { silent: true },
});

/** The server's password policy, so the rules shown are the rules enforced. */
export const passwordRequirementsQuery = queryOptions({
  queryKey: authKeys.passwordRequirements,
  queryFn: () => api(API.auth.resetPasswordRequirements),
  staleTime: Number.POSITIVE_INFINITY,
});
