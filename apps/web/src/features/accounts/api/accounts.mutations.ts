import type { BodyOf } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accountKeys } from './accounts.keys';

/** Opens an account: every account list of the entity refreshes. */
export function useOpenAccount(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.account.create>) => api(API.account.create, { payload: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.entity(entityId) }),
  });
}

/** Renames, recodes, closes or reopens an account. */
export function useUpdateAccount(entityId: number, accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { accountName?: string; accountCode?: string; active?: boolean }) =>
      api(API.account.update, { payload: { entityId, accountId, ...change } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.entity(entityId) }),
  });
}
