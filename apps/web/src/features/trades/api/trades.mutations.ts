import { API } from '@clearway/contracts/endpoint-table';
import type { TQuoteRequest } from '@clearway/contracts/endpoints/quotes.schemas';
import {
  isBooked,
  type TBookingAnswer,
  type TFxOptionTrade,
  type TPendingBooking,
  type TTrade,
} from '@clearway/contracts/endpoints/trades.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { balanceKeys } from '../../accounts/api/accounts.keys';
import type { BookingBody } from '../booking-draft';
import type { OptionAction } from '../option-draft';
import { tradeKeys } from './trades.keys';

/** A booking of one kind, with the Idempotency-Key its form drew when it opened. */
export type Booking = { idempotencyKey: string } & BookingBody;

/**
 * What a booking came to: the trade booked, or — staff's off-market price — the request
 * under four eyes it became, booked once another staff member approves it.
 */
export type BookingOutcome = { trade: TTrade } | TPendingBooking;

const outcomeOf = (a: TBookingAnswer): BookingOutcome =>
  isBooked(a) ? { trade: a.trade } : { pendingRequest: a.pendingRequest };

async function book(b: Booking): Promise<BookingOutcome> {
  const headers = { 'Idempotency-Key': b.idempotencyKey };
  switch (b.kind) {
    case 'DELIVERABLE_FX':
      return outcomeOf(await api(API.trades.bookManualDeliverableFxTrade, { payload: b.body, headers }));
    case 'MARGIN_FX':
      return outcomeOf(await api(API.trades.bookManualFxTrade, { payload: b.body, headers }));
    case 'FX_SWAP':
      return outcomeOf(await api(API.trades.bookManualFxSwap, { payload: b.body, headers }));
    case 'CFD':
      return outcomeOf(await api(API.trades.bookManualCfdTrade, { payload: b.body, headers }));
    case 'CONVERSION_SWEEP':
      return {
        trade: (await api(API.trades.bookConversionSweepTrade, { payload: b.body, headers })).trades[0]!,
      };
  }
}

/**
 * The house's price for terms about to be booked, with when it was asked: the quote lives
 * `ttlSeconds` from then on this browser's clock (never longer than the server's).
 */
export type LiveQuote = Awaited<ReturnType<typeof askQuote>>;

async function askQuote(request: TQuoteRequest) {
  const askedAt = Date.now();
  const quote = await api(API.trades.quote, { payload: request });
  return { quote, request, expiresAt: askedAt + quote.ttlSeconds * 1000 };
}

/** Asks the house for a quote (a read that changes nothing but the quote book: no cache to refresh). */
export function useQuote() {
  return useMutation({ mutationFn: askQuote });
}

/** Books a trade; every entity's trades, P&L and balances refresh (the account may sit below). */
export function useBookTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: book,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      await queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}

/** Cancels a trade with a reason (not settled: cancelled; settled: reversed). */
export function useCancelTrade(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: { tradeId: number; reason: string }) =>
      api(API.trades.cancel, { payload: { entityId, tradeId: c.tradeId, reason: c.reason } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      await queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}

/** Books an FX option with the Idempotency-Key its form drew when it opened. */
export function useBookOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (b: { idempotencyKey: string; body: TFxOptionTrade }) =>
      outcomeOf(
        await api(API.trades.bookManualDeliverableFxOptionTrade, {
          payload: b.body,
          headers: { 'Idempotency-Key': b.idempotencyKey },
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      await queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}

const ACTION_ROWS = {
  EXERCISE: API.trades.exerciseOption,
  EXPIRE: API.trades.expireOption,
  KNOCK_IN: API.trades.knockInOption,
  KNOCK_OUT: API.trades.knockOutOption,
} as const;

/** Moves an option through its lifecycle, with a reason (and, to exercise out of the money, an override). */
export function useOptionAction(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: {
      action: OptionAction;
      tradeId: number;
      reason: string;
      override?: boolean;
      idempotencyKey: string;
    }) => {
      const headers = { 'Idempotency-Key': a.idempotencyKey };
      const base = { entityId, tradeId: a.tradeId, reason: a.reason };
      return a.action === 'EXERCISE'
        ? api(ACTION_ROWS.EXERCISE, {
            payload: { ...base, ...(a.override ? { override: true } : {}) },
            headers,
          })
        : api(ACTION_ROWS[a.action], { payload: base, headers });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      await queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    },
  });
}
