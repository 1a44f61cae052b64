import { API } from '@clearway/contracts/endpoint-table';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type InstrumentFilter, instrumentKeys } from './instrument-keys';

export const instrumentListQuery = (entityId: number, filter: InstrumentFilter) =>
  queryOptions({
    queryKey: instrumentKeys.list(entityId, filter),
    queryFn: () => api(API.instruments.list, { payload: { entityId, ...filter } }),
    placeholderData: keepPreviousData,
  });

export const instrumentCurrenciesQuery = (entityId: number) =>
  queryOptions({
    queryKey: instrumentKeys.currencies(entityId),
    queryFn: () => api(API.instruments.currencies, { payload: { entityId: String(entityId) } }),
    staleTime: 5 * 60_000,
  });

/** Every FX pair, for the option form's pair picker (the catalogue is small). */
export const fxPairsQuery = (entityId: number) =>
  instrumentListQuery(entityId, { kind: 'FX', sort: 'symbol', direction: 'asc', limit: 500, offset: 0 });

export const calendarsQuery = queryOptions({
  queryKey: instrumentKeys.calendars(),
  queryFn: () => api(API.instruments.calendars, { payload: {} }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const holidaysQuery = (entityId: number, calendar: string, year: number) =>
  queryOptions({
    queryKey: instrumentKeys.holidays(calendar, year),
    queryFn: () => api(API.instruments.holidays, { payload: { entityId, calendar, year } }),
    placeholderData: keepPreviousData,
  });

export const swapRatesQuery = (entityId: number) =>
  queryOptions({
    queryKey: instrumentKeys.swapRates(entityId),
    queryFn: () => api(API.instruments.fxSwapRates, { payload: { entityId } }),
  });
