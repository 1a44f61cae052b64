import type { BodyOf } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { balanceKeys } from '../../accounts/api/accounts.keys';
import { inboxKeys } from '../../approvals/api/inbox.keys';
import { transferKeys } from './transfers.keys';

/** Sends a transfer once per Idempotency-Key; the transfers, balances and inbox refresh. */
export function useCreateTransfer(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { body: BodyOf<typeof API.transfer.withdrawal>; idempotencyKey: string }) =>
      api(API.transfer.withdrawal, { payload: v.body, headers: { 'Idempotency-Key': v.idempotencyKey } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: transferKeys.entity(entityId) });
      await queryClient.invalidateQueries({ queryKey: balanceKeys.entity(entityId) });
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    },
  });
}

type ScheduleChange =
  | { kind: 'create'; body: BodyOf<typeof API.transfer.feesCreate> }
  | { kind: 'update'; body: BodyOf<typeof API.transfer.feesUpdate> }
  | { kind: 'delete'; body: BodyOf<typeof API.transfer.feesDelete> };

/** Creates, changes or ends a fee schedule; the schedules and every estimate refresh. */
export function useChangeFeeSchedule(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: ScheduleChange) => {
      switch (c.kind) {
        case 'create':
          return api(API.transfer.feesCreate, { payload: c.body });
        case 'update':
          return api(API.transfer.feesUpdate, { payload: c.body });
        case 'delete':
          return api(API.transfer.feesDelete, { payload: c.body });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.entity(entityId) }),
  });
}
