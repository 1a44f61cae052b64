import { z } from 'zod';
import {
  BARRIER_DIRECTIONS,
  BARRIER_KINDS,
  OPTION_CUTS,
  OPTION_TYPES,
  TRADE_EVENT_KINDS,
  TRADE_LEG_STATUSES,
  TRADE_SIDES,
  TRADE_STATUSES,
  TRADE_TYPES,
} from '../enums';
import { decimal, signedDecimal, text, trimmed, ZAmount, ZDate, ZId, ZInstant, ZOffset } from '../primitives';
import { ZQuoteId } from './quotes.schemas';

/** A decimal figure as the server writes it (exact; P&L and open amounts may be negative). */
const ZFigure = z.string();
const entityId = ZId.optional();
const positive = (shape: string) =>
  decimal(shape).refine((v) => /[1-9]/.test(v), { message: 'must be greater than zero' });

export const ZTradeSide = z.enum(TRADE_SIDES, 'Pick Buy or Sell');
const rate = positive('Enter a rate such as 1.08425');
const currency = text(10, 'Pick a currency').regex(/^[A-Z0-9]{2,10}$/, 'Pick a currency');

/** What every manual booking names: the account, the instrument, the side and when it traded. */
const booking = {
  entityId,
  accountId: ZId,
  instrumentId: ZId,
  side: ZTradeSide,
  /**
   * The FX trade date; today's (New York 17:00 roll) when left out. Never a Saturday or
   * Sunday, never after today; earlier only for the house's staff, with a `reason`, within the
   * back-dating window (TRADE_BACKDATE_BUSINESS_DAYS).
   */
  tradeDate: ZDate.optional(),
  /** The client's or the desk's own reference for the trade. */
  reference: trimmed(100).optional(),
  memo: trimmed(500).optional(),
  /**
   * The house's price: a quote from `trades/quote`, booked at exactly its price, once, before
   * it expires. A client always books at a quote; staff may type the price instead.
   */
  quoteId: ZQuoteId.optional(),
  /**
   * Staff only: why the desk books off the house's terms — a back-dated trade date, a value
   * date in the past, an off-market price. Recorded on the trade and in the audit.
   */
  reason: trimmed(500, 'Keep the reason under 500 characters')
    .min(3, 'Say why (at least 3 characters)')
    .optional(),
  /**
   * Staff only: a price beyond the instrument's tolerance around the sheet is booked only as a
   * request under four eyes ('OFF MARKET TRADE'), when another staff member approves it.
   */
  offMarket: z.boolean().optional(),
};

/**
 * A deliverable FX trade, spot or forward: `amount` of the pair's base bought or sold at
 * `rate` (quote per base, at most the pair's price precision), for `valueDate` (spot when
 * left out; a later business day of both currencies is a forward). The counter amount is
 * amount × rate at the quote currency's scale. The pay side is held on the account from
 * booking; both sides are posted on the value date.
 */
export const ZDeliverableFxTrade = z.strictObject({
  ...booking,
  amount: ZAmount,
  /** Staff's typed rate; a booking at a quote leaves it out (or gives the quote's). */
  rate: rate.optional(),
  valueDate: ZDate.optional(),
});
export type TDeliverableFxTrade = z.output<typeof ZDeliverableFxTrade>;

/**
 * The same deliverable trade with the counter amount given instead of the rate: what the
 * client pays or receives in the quote currency is exactly `counterAmount` (at the quote's
 * scale), and the trade's rate is counterAmount ÷ amount (kept to 18 decimals).
 */
export const ZDeliverableFxTrade2 = z.strictObject({
  ...booking,
  amount: ZAmount,
  /** Staff's typed counter amount; a booking at a quote leaves it out (or gives the quote's). */
  counterAmount: ZAmount.optional(),
  valueDate: ZDate.optional(),
});
export type TDeliverableFxTrade2 = z.output<typeof ZDeliverableFxTrade2>;

/**
 * A margin (rolling spot) FX trade on a MarginTrading account: a position, never delivered.
 * It closes out the account's opposite position in the pair first (first in, first out),
 * realising the P&L in the quote currency into the account; the rest stays open, rolled at
 * each end of day at the tom-next points of the entity's roll profile.
 */
export const ZMarginFxTrade = z.strictObject({ ...booking, amount: ZAmount, rate: rate.optional() });
export type TMarginFxTrade = z.output<typeof ZMarginFxTrade>;

/**
 * A CFD trade on a MarginTrading account: `quantity` contracts at `price`. Like a margin FX
 * trade it closes out the opposite position first (realising quantity × contract size ×
 * price difference), the rest stays open and is financed at each end of day.
 */
export const ZCfdTrade = z.strictObject({
  ...booking,
  quantity: positive('Enter a quantity such as 10').refine((v) => !/\.\d{7,}$/.test(v), {
    message: 'at most 6 decimal places',
  }),
  price: positive('Enter a price such as 5123.5').optional(),
});
export type TCfdTrade = z.output<typeof ZCfdTrade>;

/**
 * An FX swap: `side` of `amount` of the base at `rate` for the near value date (spot when
 * left out), and the opposite for the far value date at rate + `swapPoints` pips. Each leg
 * is delivered on its own date; the near leg's pay side is held from booking, the far leg's
 * from the near leg's delivery.
 */
export const ZFxSwap = z.strictObject({
  ...booking,
  amount: ZAmount,
  rate: rate.optional(),
  swapPoints: signedDecimal('Enter swap points such as 12.5 or -3.2').optional(),
  nearValueDate: ZDate.optional(),
  farValueDate: ZDate,
});
export type TFxSwap = z.output<typeof ZFxSwap>;

/**
 * A conversion sweep: every available balance of the account outside its owner's base
 * currency (or those `currencies`) sold for the base currency at the sheet's bid less the
 * owner's conversion profile spread, delivered at once — one trade per currency.
 */
export const ZConversionSweep = z.strictObject({
  entityId,
  accountId: ZId,
  currencies: z.array(currency).min(1).max(50).optional(),
  /** Today's unless given: earlier only for the house's staff, with a `reason`. */
  tradeDate: ZDate.optional(),
  reference: trimmed(100).optional(),
  memo: trimmed(500).optional(),
  reason: booking.reason,
});
export type TConversionSweep = z.output<typeof ZConversionSweep>;

/**
 * A barrier on an FX option: when the pair's rate reaches `level` from below (UP) or above
 * (DOWN), a KNOCK_IN option comes to life and a KNOCK_OUT option ends, paying `rebate` (in
 * `rebateCurrency`, the pair's base or quote) to its holder if one is given.
 */
export const ZBarrier = z.strictObject({
  direction: z.enum(BARRIER_DIRECTIONS, 'Pick Up or Down'),
  kind: z.enum(BARRIER_KINDS, 'Pick Knock-in or Knock-out'),
  level: positive('Enter a barrier level such as 1.1200'),
  rebate: ZAmount.optional(),
  rebateCurrency: currency.optional(),
});
export type TBarrier = z.output<typeof ZBarrier>;

/**
 * A deliverable FX option (European): the right to buy (CALL) or sell (PUT) `notional` of the
 * pair's base at `strike` on `expiryDate` at the `cut`, delivered on `deliveryDate` (spot
 * after the expiry date when left out). `side` BUY is long (the client holds the right and
 * pays the premium), SELL short (the client grants it and receives the premium). The premium
 * (`premium` of `premiumCurrency`, the base or the quote) is posted on `premiumDate` (spot
 * after the trade date when left out). A barrier makes it a knock-in or knock-out option.
 */
export const ZFxOptionTrade = z.strictObject({
  ...booking,
  optionType: z.enum(OPTION_TYPES, 'Pick Call or Put'),
  notional: positive('Enter a notional such as 1000000'),
  strike: rate,
  expiryDate: ZDate,
  cut: z.enum(OPTION_CUTS, 'Pick an expiry cut'),
  deliveryDate: ZDate.optional(),
  /** Staff's typed premium; a booking at a quote leaves it out (or gives the quote's). */
  premium: ZAmount.optional(),
  premiumCurrency: currency,
  premiumDate: ZDate.optional(),
  barrier: ZBarrier.optional(),
});
export type TFxOptionTrade = z.output<typeof ZFxOptionTrade>;

const actionReason = (action: string) =>
  trimmed(500, 'Keep the reason under 500 characters').min(
    3,
    `Say why the option is ${action} (at least 3 characters)`,
  );
/** An option's lifecycle action, with who (the caller), when (now) and why. */
export const ZOptionAction = z.strictObject({ entityId, tradeId: ZId, reason: actionReason('moved') });
export type TOptionAction = z.output<typeof ZOptionAction>;
/**
 * Exercising an option: only at or after its expiry cut, only active and in the money —
 * unless `override` (staff, with the reason) exercises one out of the money.
 */
export const ZExerciseOption = z.strictObject({
  entityId,
  tradeId: ZId,
  reason: actionReason('exercised'),
  override: z.boolean().optional(),
});
export type TExerciseOption = z.output<typeof ZExerciseOption>;

// ---------------------------------------------------------------------------------------------
// Trades as the blotter and the detail show them

/** An FX option's terms and where it stands (the trade's amount is its notional, its rate the strike). */
export const ZOptionTerms = z.object({
  optionType: z.enum(OPTION_TYPES),
  strike: ZFigure,
  notional: ZFigure,
  expiryDate: z.string(),
  cut: z.enum(OPTION_CUTS),
  /** The moment of the expiry cut (ISO). */
  expiresAt: z.string(),
  deliveryDate: z.string(),
  barrier: z
    .object({
      direction: z.enum(BARRIER_DIRECTIONS),
      kind: z.enum(BARRIER_KINDS),
      level: ZFigure,
      rebate: ZFigure.nullable(),
      rebateCurrency: z.string().nullable(),
    })
    .nullable(),
  premium: ZFigure,
  premiumCurrency: z.string(),
  premiumDate: z.string(),
  /** Whether the premium has been posted (on its date). */
  premiumPosted: z.boolean(),
  /** The deliverable trade its exercise booked. */
  underlyingTradeId: z.number().nullable(),
});
export type TOptionTerms = z.infer<typeof ZOptionTerms>;

/**
 * A booked trade. FX: `amount` of `base` at `rate` against `counterAmount` of `quote`. CFD:
 * `amount` contracts at `rate` (the price), `counterAmount` their value (amount × contract
 * size × price) in `quote`, `base` null. A position (margin FX, CFD) keeps `openAmount`,
 * the part of it not yet closed out (signed: negative short); `realisedPnl` is what closing
 * out or delivering it realised, in `quote`.
 */
export const ZTrade = z.object({
  id: z.number(),
  /** The deal's ticket: the reference of every ledger transaction it makes (a sweep's trades share one). */
  ticket: z.string(),
  type: z.enum(TRADE_TYPES),
  status: z.enum(TRADE_STATUSES),
  side: z.enum(TRADE_SIDES),
  entityId: z.number(),
  entityName: z.string(),
  accountId: z.number(),
  accountName: z.string(),
  instrumentId: z.number().nullable(),
  symbol: z.string(),
  base: z.string().nullable(),
  quote: z.string(),
  amount: ZFigure,
  rate: ZFigure,
  counterAmount: ZFigure,
  tradeDate: z.string(),
  valueDate: z.string(),
  /** A deliverable trade's value date at spot, or later (a forward). */
  settlement: z.enum(['SPOT', 'FORWARD']).nullable(),
  openAmount: ZFigure.nullable(),
  realisedPnl: ZFigure.nullable(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  bookedBy: z.string(),
  bookedAt: z.string(),
  /** An FX option's terms (FX_OPTION trades only). */
  option: ZOptionTerms.optional(),
});
export type TTrade = z.infer<typeof ZTrade>;

/** A delivery: what the account pays and receives on `valueDate`, the pay side held until then. */
export const ZTradeLeg = z.object({
  leg: z.enum(['NEAR', 'FAR']),
  side: z.enum(TRADE_SIDES),
  valueDate: z.string(),
  rate: ZFigure,
  payAsset: z.string(),
  payAmount: ZFigure,
  receiveAsset: z.string(),
  receiveAmount: ZFigure,
  status: z.enum(TRADE_LEG_STATUSES),
  /** The hold on the pay side, once placed. */
  holdId: z.number().nullable(),
  /** The ledger transaction that delivered it. */
  transactionId: z.number().nullable(),
  /** The business date whose end of day delivered it. */
  settledOn: z.string().nullable(),
});
export type TTradeLeg = z.infer<typeof ZTradeLeg>;

/** Something that happened to a trade: appended, never changed (who, when, why). */
export const ZTradeEvent = z.object({
  id: z.number(),
  kind: z.enum(TRADE_EVENT_KINDS),
  /** The end of day that did it (settling, rolling, financing), if one did. */
  businessDate: z.string().nullable(),
  at: z.string(),
  by: z.string(),
  reason: z.string().nullable(),
  transactionId: z.number().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TTradeEvent = z.infer<typeof ZTradeEvent>;

/** One posting of a ledger transaction the trade made. */
export const ZTradePosting = z.object({
  id: z.number(),
  transactionId: z.number(),
  kind: z.string(),
  /** The transaction this one reverses, when it is a reversal. */
  reversesId: z.number().nullable(),
  accountId: z.number(),
  accountName: z.string(),
  asset: z.string(),
  amount: ZFigure,
  at: z.string(),
});
export type TTradePosting = z.infer<typeof ZTradePosting>;

export const ZTradeView = z.object({
  trade: ZTrade,
  legs: z.array(ZTradeLeg),
  events: z.array(ZTradeEvent),
  postings: z.array(ZTradePosting),
});
export type TTradeView = z.infer<typeof ZTradeView>;

/** A sweep's trades (one per currency converted) and the postings of the one transaction that delivered them. */
export const ZSweep = z.object({ trades: z.array(ZTrade), postings: z.array(ZTradePosting) });
export type TSweep = z.infer<typeof ZSweep>;

export const ZTradeRef = z.strictObject({ entityId, tradeId: ZId });
export const ZTradeCancel = z.strictObject({
  entityId,
  tradeId: ZId,
  reason: trimmed(500, 'Keep the reason under 500 characters').min(
    3,
    'Say why the trade is cancelled (at least 3 characters)',
  ),
});

export const TRADE_SORTS = ['tradeDate', 'valueDate', 'bookedAt', 'amount', 'symbol'] as const;
/** The trades of the entity and everything below it, filtered, sorted and paged. */
export const ZTradeList = z.strictObject({
  entityId,
  accountId: ZId.optional(),
  instrumentId: ZId.optional(),
  type: z.enum(TRADE_TYPES).optional(),
  side: z.enum(TRADE_SIDES).optional(),
  status: z.enum(TRADE_STATUSES).optional(),
  tradeDateFrom: ZDate.optional(),
  tradeDateTo: ZDate.optional(),
  valueDateFrom: ZDate.optional(),
  valueDateTo: ZDate.optional(),
  sort: z.enum(TRADE_SORTS).default('bookedAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  limit: z.number().int().min(1).max(500).default(10),
  offset: ZOffset,
});
export type TTradeList = z.output<typeof ZTradeList>;
export const ZTradePage = z.object({ items: z.array(ZTrade), total: z.number() });
export type TTradePage = z.infer<typeof ZTradePage>;

/**
 * What an off-market booking answers: not a trade yet but a request under four eyes ('OFF
 * MARKET TRADE'), booked when another staff member approves it in the approvals inbox.
 */
export const ZPendingBooking = z.object({
  pendingRequest: z.object({
    id: z.number(),
    type: z.literal('OFF MARKET TRADE'),
    requiredApprovals: z.number(),
    message: z.string(),
  }),
});
export type TPendingBooking = z.infer<typeof ZPendingBooking>;
/** A booking's answer: the trade booked, or the off-market request it became. */
export const ZBookingAnswer = z.union([ZTradeView, ZPendingBooking]);
export type TBookingAnswer = z.infer<typeof ZBookingAnswer>;
/** Whether a booking's answer is the trade itself (not a pending off-market request). */
export const isBooked = (a: TBookingAnswer): a is TTradeView => 'trade' in a;

/**
 * A barrier touch the rate sheet missed, reported by the house's staff: the rate observed,
 * when (between the option's booking and now) and where. It becomes a 'BARRIER EVENT'
 * request, applied — the option knocked in or out — when another staff member approves it.
 */
export const ZBarrierEvent = z.strictObject({
  entityId,
  tradeId: ZId,
  event: z.enum(BARRIER_KINDS, 'Pick Knock-in or Knock-out'),
  observedRate: positive('Enter the rate observed, such as 1.12015'),
  observedAt: ZInstant,
  source: trimmed(200, 'Keep the source under 200 characters').min(
    2,
    'Name where the rate was observed (at least 2 characters)',
  ),
  reason: actionReason('knocked in or out'),
});
export type TBarrierEvent = z.output<typeof ZBarrierEvent>;
