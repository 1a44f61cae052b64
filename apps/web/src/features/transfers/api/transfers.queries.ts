import { API } from '@clearway/contracts/endpoint-table';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { allPages } from '../../../lib/paging';
import { type EstimateInput, type TransferFilter, transferKeys } from './transfers.keys';

export const transfersQuery = (entityId: number, filter: TransferFilter) =>
  queryOptions({
    queryKey: transferKeys.list(entityId, filter),
    queryFn: () => api(API.transfer.list, { payload: { entityId, ...filter } }),
    placeholderData: keepPreviousData,
  });

/** Every transfer the filter matches, page by page (for the CSV export, not the screen). */
export const allTransfers = (entityId: number, filter: Omit<TransferFilter, 'limit' | 'offset'>) =>
  allPages((limit, offset) => api(API.transfer.list, { payload: { entityId, ...filter, limit, offset } }));

/** The fee, what arrives and what is left, for a complete draft (nothing is held). */
export const estimateQuery = (entityId: number, input: EstimateInput) =>
  queryOptions({
    queryKey: transferKeys.estimate(entityId, input),
    queryFn: () => api(API.transfer.estimate, { payload: { entityId, ...input } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The entity's fee schedules and those it inherits, every version. */
export const feeSchedulesQuery = (entityId: number) =>
  queryOptions({
    queryKey: transferKeys.fees(entityId),
    queryFn: () => api(API.transfer.feesList, { payload: { entityId } }),
  });
