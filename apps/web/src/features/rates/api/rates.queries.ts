import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rateKeys } from './rates.keys';

export type Pair = { base: string; quote: string };

export const ratesQuery = (entityId: number) =>
  queryOptions({
    queryKey: rateKeys.entity(entityId),
    queryFn: () => api(API.instruments.rates, { payload: { entityId } }),
  });

export const rateHistoryQuery = (entityId: number, pair: Pair) =>
  queryOptions({
    queryKey: rateKeys.history(entityId, pair),
    queryFn: () => api(API.instruments.rateHistory, { payload: { entityId, ...pair } }),
  });
