import { API } from '@clearway/contracts/endpoint-table';
import type { TRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { balanceKeys } from '../../accounts/api/accounts.keys';
import { cashEntryKeys } from '../../cash-entries/api/cash-entries.keys';
import { moneyRequestKeys } from '../../money-requests/api/money-requests.keys';
import { tradeKeys } from '../../trades/api/trades.keys';
import { whitelistRequestKeys } from '../../whitelist/api/whitelist.keys';
import { inboxKeys } from './inbox.keys';

/**
 * Approves or rejects a request (a rejection with its reason). What a decision can change
 * refreshes: the inbox and its count, the money and whitelist request lists, and — an
 * approval posting money or booking a trade — the balances, the history and the trades.
 */
export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: {
      request: Pick<TRequestView, 'id' | 'entityId'>;
      status: 'APPROVED' | 'REJECTED';
      reason?: string;
    }) =>
      api(API.requests.statusUpdate, {
        payload: {
          entityId: v.request.entityId,
          requestId: v.request.id,
          status: v.status,
          ...(v.reason ? { reason: v.reason } : {}),
        },
      }),
    onSuccess: () =>
      Promise.all(
        [
          inboxKeys.all,
          moneyRequestKeys.all,
          whitelistRequestKeys.all,
          balanceKeys.all,
          cashEntryKeys.all,
          // An approved off-market booking or barrier event books or moves a trade.
          tradeKeys.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
