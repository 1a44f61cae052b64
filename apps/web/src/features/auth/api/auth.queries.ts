import { authEndpoints } from '@clearway/contracts/endpoints/auth.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { authKeys } from './auth.keys';

export { authKeys };

export const sessionQuery = queryOptions({
  queryKey: authKeys.session,
  queryFn: () => api(authEndpoints.session),
  staleTime: 30_000,
  meta: { silent: true },
});

/** The server's password policy, so the rules checked are the rules enforced. */
export const passwordRequirementsQuery = queryOptions({
  queryKey: authKeys.passwordRequirements,
  queryFn: () => api(authEndpoints.resetPasswordRequirements),
  staleTime: Number.POSITIVE_INFINITY,
});
