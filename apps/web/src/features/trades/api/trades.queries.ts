import { API } from '@clearway/contracts/endpoint-table';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { allPages } from '../../../lib/paging';
import { runtimeConfig } from '../../../lib/runtime-config';
import { type TradeFilter, tradeKeys } from './trades.keys';

// The blotter and the P&L refresh on the balances' interval: a trade booked elsewhere shows up.
const live = { refetchInterval: runtimeConfig.cashBalancesRefreshMs };

export const tradesQuery = (entityId: number, filter: TradeFilter) =>
  queryOptions({
    queryKey: tradeKeys.list(entityId, filter),
    queryFn: () => api(API.trades.list, { payload: { entityId, ...filter } }),
    placeholderData: keepPreviousData,
    ...live,
  });

/** Every trade the filter matches, page by page (for the CSV export, not the screen). */
export const allTrades = (entityId: number, filter: Omit<TradeFilter, 'limit' | 'offset'>) =>
  allPages((limit, offset) => api(API.trades.list, { payload: { entityId, ...filter, limit, offset } }));

export const tradeQuery = (entityId: number, tradeId: number) =>
  queryOptions({
    queryKey: tradeKeys.view(entityId, tradeId),
    queryFn: () => api(API.trades.view, { payload: { entityId, tradeId } }),
  });

export const profitLossQuery = (entityId: number) =>
  queryOptions({
    queryKey: tradeKeys.profitLoss(entityId),
    queryFn: () => api(API.account.profitLoss, { payload: { entityId } }),
    ...live,
  });

/** The entity's FX options valued now, with their P&L. */
export const optionPnlQuery = (entityId: number) =>
  queryOptions({
    queryKey: tradeKeys.optionPnl(entityId),
    queryFn: () => api(API.account.fxOptionProfitLoss, { payload: { entityId } }),
    ...live,
  });

/** Equity, used and free margin, margin level and the margin-call flag of the entity. */
export const summaryQuery = (entityId: number) =>
  queryOptions({
    queryKey: tradeKeys.summary(entityId),
    queryFn: () => api(API.account.summary, { payload: { entityId } }),
    ...live,
  });

/** Margin requirements: the entity's own, or each client's below it (nearest a call first). */
export const marginQuery = (entityId: number, towardClients: boolean) =>
  queryOptions({
    queryKey: tradeKeys.margin(entityId, towardClients),
    queryFn: () => api(API.entity.marginRequirements, { payload: { entityId, towardClients } }),
    ...live,
  });

/**
 * The instrument catalogue by id: a position's base currency, and the price precision every
 * rate of an instrument reads with (`1.08500`, not `1.085` beside `1.08425`). It changes rarely.
 */
export const instrumentsByIdQuery = (entityId: number) =>
  queryOptions({
    queryKey: tradeKeys.instruments(entityId),
    queryFn: async () =>
      new Map(
        (
          await allPages((limit, offset) =>
            api(API.instruments.list, { payload: { entityId, limit, offset } }),
          )
        ).map((i) => [i.id, i]),
      ),
    staleTime: 5 * 60_000,
  });

/** The open accounts of the entity and of every entity below it: where a trade may be booked. */
export const bookingAccountsQuery = (entityId: number) =>
  queryOptions({
    queryKey: tradeKeys.accounts(entityId),
    queryFn: () => api(API.account.list, { payload: { entityId, allAccessible: true } }),
    select: (rows) => rows.filter((a) => a.active),
  });

/** What the owner of an account may trade now. */
export const tradableQuery = (ownerId: number) =>
  queryOptions({
    queryKey: tradeKeys.tradable(ownerId),
    queryFn: () => api(API.entity.instruments, { payload: { entityId: ownerId } }),
  });

/** The rate sheet and the CFD prices a trade's rate starts from. */
export const pricesQuery = (entityId: number) =>
  queryOptions({
    queryKey: tradeKeys.prices(entityId),
    queryFn: async () => ({
      rates: await api(API.instruments.rates, { payload: { entityId } }),
      cfds: await api(API.instruments.cfdPrices, { payload: { entityId } }),
    }),
  });

/** Spot for a pair on a trade date (today's when none), as the server computes it. */
export const spotQuery = (
  entityId: number,
  pair: { base: string; quote: string } | null,
  tradeDate?: string,
) =>
  queryOptions({
    queryKey: tradeKeys.spot(entityId, pair?.base, pair?.quote, tradeDate),
    queryFn: () =>
      api(API.instruments.fxSpotValueDate, {
        payload: { entityId, base: pair!.base, quote: pair!.quote, tradeDate },
      }),
    enabled: pair !== null,
  });

/** A CFD's value date on a trade date, as the server computes it. */
export const cfdValueDateQuery = (entityId: number, instrumentId: number | null) =>
  queryOptions({
    queryKey: tradeKeys.cfdValueDate(entityId, instrumentId),
    queryFn: () => api(API.instruments.cfdValueDate, { payload: { entityId, instrumentId: instrumentId! } }),
    enabled: instrumentId !== null,
  });
