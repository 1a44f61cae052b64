import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { authKeys } from './auth.keys';

export { authKeys };

export const sessionQuery = queryOptions({
  queryKey: authKeys.session,
  queryFn: () => api(API.auth.session),
  staleTime: 30_000,
  meta: { silent: true },
});

/** The server's password policy, so the rules checked are the rules enforced. */
export const passwordRequirementsQuery = queryOptions({
  queryKey: authKeys.passwordRequirements,
  queryFn: () => api(API.auth.resetPasswordRequirements),
  staleTime: Number.POSITIVE_INFINITY,
});
