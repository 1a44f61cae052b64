import { API } from '@clearway/contracts/endpoint-table';
import type { ZAccountList } from '@clearway/contracts/endpoints/money.schemas';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type AccountListOptions = Required<Omit<z.input<typeof ZAccountList>, 'entityId'>>;

/** Under the `['accounts', entityId]` key every account list shares, so one invalidation refreshes all. */
export const accountListQuery = (entityId: number, options: AccountListOptions) =>
  queryOptions({
    queryKey: ['accounts', entityId, options],
    queryFn: () => api(API.account.list, { payload: { entityId, ...options } }),
    placeholderData: keepPreviousData,
  });

export const accountTypesQuery = queryOptions({
  queryKey: ['account-types'],
  queryFn: () => api(API.account.types),
  staleTime: Number.POSITIVE_INFINITY,
});
