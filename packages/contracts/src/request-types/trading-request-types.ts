import { z } from 'zod';
import { OFF_MARKET_BOOKINGS } from '../enums';
import { ZId } from '../primitives';
import { defineRequestType } from './request-type';

/** How each booking an off-market request carries reads. */
const BOOKING_LABELS = {
  DELIVERABLE_FX: 'Deliverable FX at a rate',
  DELIVERABLE_FX_COUNTER: 'Deliverable FX for a counter amount',
  MARGIN_FX: 'Margin FX',
  CFD: 'CFD',
  FX_SWAP: 'FX swap',
  FX_OPTION: 'FX option',
} as const;

/**
 * A booking by the house's staff at a price beyond the instrument's tolerance around the rate
 * sheet (or the option model): booked only when another staff member — another person, never
 * the requester — approves it (`manual_trade_booking` held above the entity). The booking's
 * terms are frozen here, with the market they were judged against.
 */
export const offMarketTradeRequest = defineRequestType({
  type: 'OFF MARKET TRADE',
  label: 'Off-market Trade',
  approveKey: 'manual_trade_booking',
  payload: z.strictObject({
    booking: z.enum(OFF_MARKET_BOOKINGS),
    symbol: z.string(),
    side: z.enum(['BUY', 'SELL']),
    amount: z.string(),
    /** The price booked (rate, CFD price or option premium). */
    price: z.string(),
    /** The market's price it was judged against (the sheet's mid or the model's value). */
    market: z.string(),
    deviationPct: z.string(),
    tolerancePct: z.string(),
    reason: z.string(),
    /** The booking's body as the desk sent it (JSON): booked as it is on approval. */
    terms: z.string(),
  }),
  fields: {
    booking: { label: 'Booking', values: BOOKING_LABELS },
    symbol: { label: 'Instrument' },
    side: { label: 'Side', values: { BUY: 'Buy', SELL: 'Sell' } },
    amount: { label: 'Amount' },
    price: { label: 'Price booked' },
    market: { label: 'Market price' },
    deviationPct: { label: 'Off the market by (%)' },
    tolerancePct: { label: 'Tolerance (%)' },
    reason: { label: 'Reason' },
    terms: { label: 'Terms as sent' },
  },
});

/**
 * A barrier touch the rate sheet missed, observed by the desk (rate, time, source): applied
 * to the option — knocked in or out — only when another staff member approves it.
 */
export const barrierEventRequest = defineRequestType({
  type: 'BARRIER EVENT',
  label: 'Barrier Event',
  approveKey: 'manual_trade_booking',
  payload: z.strictObject({
    tradeId: ZId,
    ticket: z.string(),
    event: z.enum(['KNOCK_IN', 'KNOCK_OUT']),
    observedRate: z.string(),
    observedAt: z.string(),
    source: z.string(),
    reason: z.string(),
  }),
  fields: {
    tradeId: { label: 'Trade', id: true },
    ticket: { label: 'Ticket' },
    event: { label: 'Event', values: { KNOCK_IN: 'Knock-in', KNOCK_OUT: 'Knock-out' } },
    observedRate: { label: 'Observed rate' },
    observedAt: { label: 'Observed at' },
    source: { label: 'Source' },
    reason: { label: 'Reason' },
  },
});
