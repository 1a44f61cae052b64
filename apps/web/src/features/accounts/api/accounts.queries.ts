import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const accountTypesQuery = queryOptions({
  queryKey: ['account-types'],
  queryFn: () => api(API.account.types),
  staleTime: Number.POSITIVE_INFINITY,
});
