import type { BodyOf } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { balanceKeys } from '../../accounts/api/accounts.keys';
import { rateKeys } from './rates.keys';

/** Sets a pair's mid rate: the sheet, every pair's history and every base-currency total refresh. */
export function useSetRate(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.instruments.setRate>) =>
      api(API.instruments.setRate, { payload: body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rateKeys.entity(entityId) });
      await queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}
