import { z } from 'zod';
import { compareDecimals } from '../amounts';
import { FX_TENORS, INSTRUMENT_KINDS, OPTION_STYLES } from '../enums';
import { decimal, signedDecimal, text, trimmed, ZDate, ZId, ZIdParam, ZOffset } from '../primitives';

/** A decimal figure as the server writes it (exact, possibly negative). */
const ZFigure = z.string();
const entityId = ZId.optional();
const currency = text(10, 'Pick a currency').regex(/^[A-Z0-9]{2,10}$/, 'Pick a currency');
const positive = (shape: string) =>
  decimal(shape).refine((v) => /[1-9]/.test(v), { message: 'must be greater than zero' });
/** Annual financing rates are percentages: −100 % … 100 %. */
const percent = signedDecimal('Enter a rate such as 2.5 or -0.75').refine(
  (v) => (compareDecimals(v, '-100') ?? 0) >= 0 && (compareDecimals(v, '100') ?? 0) <= 0,
  { message: 'must be between -100 and 100 (a percentage per year)' },
);
const wholeBetween = (min: number, max: number, what: string) =>
  z
    .number({ error: `Enter a whole number of ${what}` })
    .int({ error: `Enter a whole number of ${what}` })
    .min(min, { error: `must be between ${min} and ${max}` })
    .max(max, { error: `must be between ${min} and ${max}` });
const pricePrecision = wholeBetween(0, 10, 'decimals');
const spotLag = wholeBetween(0, 3, 'business days');
const settlementLag = wholeBetween(0, 5, 'business days');
const name = trimmed(100).min(1, 'Enter a name');
const styles = z
  .array(z.enum(OPTION_STYLES, 'Pick European or American'))
  .min(1, 'Pick at least one style')
  .max(2)
  .refine((s) => new Set(s).size === s.length, { message: 'Pick each style once' });
const symbol = text(20, 'At most 20 characters').regex(
  /^[A-Z0-9][A-Z0-9._/-]{0,19}$/,
  'Use capital letters, digits and . _ / - (such as US500 or XAUUSD)',
);

// ---------------------------------------------------------------------------------------------
// Instruments

const common = {
  id: z.number(),
  symbol: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** The currency prices are quoted in (an FX pair's quote currency, a CFD's quote currency). */
  quote: z.string(),
  pricePrecision: z.number(),
  /**
   * How far (percent) a typed price may stand from the market before the booking is
   * off-market: of the sheet's mid (FX, CFD), of the model's premium (an option).
   */
  priceTolerancePct: z.string(),
  /** The furthest a forward's value date or an option's expiry may lie from the trade date. */
  maxTenorDays: z.number(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
};
/**
 * An FX pair: 1 `base` = price `quote`. `pipSize` is the price step swap points are quoted
 * in (0.0001; 0.01 against JPY); `spotLag` the business days to spot (2, or 1 for USD/CAD,
 * USD/TRY, USD/RUB and USD/PHP).
 */
export const ZFxPair = z.object({
  ...common,
  kind: z.literal('FX'),
  base: z.string(),
  pipSize: ZFigure,
  spotLag: z.number(),
});
/**
 * A contract for difference on `underlying`: `contractSize` units per contract, priced in
 * `quote`; financing per year in percent of the position's value, long and short (a negative
 * rate is paid to the holder); cash-settled `settlementLag` business days after the trade
 * (0: on the trade date) on the quote currency's calendar.
 */
export const ZCfd = z.object({
  ...common,
  kind: z.literal('CFD'),
  underlying: z.string(),
  contractSize: ZFigure,
  financingRateLong: ZFigure,
  financingRateShort: ZFigure,
  settlementLag: z.number(),
});
/** An FX option on an FX pair (`pairId`), in the styles it may be written in. */
export const ZFxOption = z.object({
  ...common,
  kind: z.literal('FX_OPTION'),
  base: z.string(),
  pairId: z.number(),
  styles: z.array(z.enum(OPTION_STYLES)),
});
export const ZInstrument = z.discriminatedUnion('kind', [ZFxPair, ZCfd, ZFxOption]);
export type TInstrument = z.infer<typeof ZInstrument>;
export type TFxPair = z.infer<typeof ZFxPair>;
export type TCfd = z.infer<typeof ZCfd>;

export const ZInstrumentList = z.strictObject({
  entityId,
  kind: z.enum(INSTRUMENT_KINDS).optional(),
  /** Instruments with this currency on either side. */
  currency: currency.optional(),
  enabled: z.boolean().optional(),
  /** Part of the symbol, the name or the underlying. */
  search: trimmed(50).optional(),
  sort: z.enum(['symbol', 'kind', 'name', 'updatedAt']).default('symbol'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  limit: z.number().int().min(1).max(500).default(10),
  offset: ZOffset,
});
export const ZInstrumentPage = z.object({ items: z.array(ZInstrument), total: z.number() });

/**
 * A new instrument. An FX pair's symbol is `BASE/QUOTE` and an option's `BASE/QUOTE OPT`;
 * left out, the pip size is 0.01 against JPY and 0.0001 otherwise, the price precision one
 * decimal finer than the pip and the spot lag the market's (1 for USD/CAD, USD/TRY, USD/RUB,
 * USD/PHP, else 2).
 */
export const ZCreateInstrument = z.discriminatedUnion('kind', [
  z.strictObject({
    entityId,
    kind: z.literal('FX'),
    base: currency,
    quote: currency,
    name: name.optional(),
    pipSize: positive('Enter a pip size such as 0.0001').optional(),
    pricePrecision: pricePrecision.optional(),
    spotLag: spotLag.optional(),
  }),
  z.strictObject({
    entityId,
    kind: z.literal('CFD'),
    symbol,
    name,
    underlying: trimmed(100).min(1, 'Enter the underlying'),
    quote: currency,
    contractSize: positive('Enter a contract size such as 1 or 100'),
    pricePrecision,
    financingRateLong: percent,
    financingRateShort: percent,
    settlementLag: settlementLag.default(0),
  }),
  z.strictObject({
    entityId,
    kind: z.literal('FX_OPTION'),
    pairId: ZId,
    styles,
    name: name.optional(),
  }),
]);
export type TCreateInstrument = z.output<typeof ZCreateInstrument>;

/** What may change once an instrument exists (its kind, currencies and symbol never do). */
export const ZUpdateInstrument = z.strictObject({
  entityId,
  instrumentId: ZId,
  name: name.optional(),
  pricePrecision: pricePrecision.optional(),
  pipSize: positive('Enter a pip size such as 0.0001').optional(),
  spotLag: spotLag.optional(),
  underlying: trimmed(100).min(1, 'Enter the underlying').optional(),
  contractSize: positive('Enter a contract size such as 1 or 100').optional(),
  financingRateLong: percent.optional(),
  financingRateShort: percent.optional(),
  settlementLag: settlementLag.optional(),
  styles: styles.optional(),
  priceTolerancePct: decimal('Enter a percentage such as 2 or 0.5')
    .refine((v) => /[1-9]/.test(v) && (compareDecimals(v, '100') ?? 1) <= 0, {
      message: 'must be more than 0 and at most 100 (percent)',
    })
    .optional(),
  maxTenorDays: wholeBetween(1, 36_500, 'days').optional(),
});
export type TUpdateInstrument = z.output<typeof ZUpdateInstrument>;

export const ZSetInstrumentStatus = z.strictObject({ entityId, instrumentId: ZId, enabled: z.boolean() });

/** A currency instruments trade in, with the settlement calendar its value dates follow. */
export const ZInstrumentCurrency = z.object({
  code: z.string(),
  name: z.string(),
  scale: z.number(),
  assetClass: z.string(),
  /** The holiday calendar of the currency, or null (no FX pair can settle in it). */
  calendar: z.string().nullable(),
  /** Instruments (enabled or not) quoted in or based on it. */
  instruments: z.number(),
});
export const ZInstrumentCurrencies = z.array(ZInstrumentCurrency);
/** A GET's acting entity, as its query string carries it. */
export const ZEntityScopeQuery = z.strictObject({ entityId: ZIdParam.optional() });

/**
 * What an entity may trade: every enabled instrument when the entity has `tradingEnabled`,
 * narrowed by its own allow-list and by the allow-list of every entity above it (a broker
 * restricted to majors restricts its clients too); nothing when trading is not enabled.
 */
export const ZEntityInstruments = z.object({
  entityId: z.number(),
  tradingEnabled: z.boolean(),
  /** Whether an allow-list (the entity's own or one above it) narrows the instruments. */
  restricted: z.boolean(),
  /** The entity's own allow-list (instrument ids), or null when it has none. */
  allowList: z.array(z.number()).nullable(),
  items: z.array(ZInstrument),
});
export const ZEntityInstrumentsRequest = z.strictObject({ entityId });
/**
 * Sets the allow-list of `clientId`, an entity below the acting entity (`entityId`): a list
 * is always set from above, so an entity cannot lift the list it was given.
 */
export const ZSetEntityInstruments = z.strictObject({
  entityId,
  clientId: ZId,
  /** The instruments the entity may trade (among the enabled ones), or null: no list of its own. */
  instrumentIds: z.array(ZId).max(1000).nullable(),
});

// ---------------------------------------------------------------------------------------------
// Value dates

/** A holiday passed over on the way to a value date (weekends are not listed). */
export const ZSkippedDay = z.object({ date: z.string(), calendar: z.string(), name: z.string() });

export const ZSpotValueDateRequest = z
  .strictObject({
    entityId,
    base: currency,
    quote: currency,
    /** Left out: today's FX trade date (the day rolls at 17:00 New York; weekends roll to Monday). */
    tradeDate: ZDate.optional(),
  })
  .refine((r) => r.base !== r.quote, { path: ['quote'], message: 'must differ from the base' });
/**
 * Spot: `spotLag` business days after the trade date, counted on the calendars of the
 * pair's non-USD currencies (a USD holiday in between does not count against it), then
 * moved forward to the first day that is a business day of both currencies and of USD.
 */
export const ZSpotValueDate = z.object({
  base: z.string(),
  quote: z.string(),
  tradeDate: z.string(),
  spotLag: z.number(),
  valueDate: z.string(),
  calendars: z.array(z.string()),
  skipped: z.array(ZSkippedDay),
});

export const ZCfdValueDateRequest = z.strictObject({
  entityId,
  instrumentId: ZId,
  tradeDate: ZDate.optional(),
});
/** A CFD settles in cash `settlementLag` business days after the trade on its quote currency's calendar. */
export const ZCfdValueDate = z.object({
  instrumentId: z.number(),
  symbol: z.string(),
  tradeDate: z.string(),
  settlementLag: z.number(),
  valueDate: z.string(),
  calendars: z.array(z.string()),
  skipped: z.array(ZSkippedDay),
});

// ---------------------------------------------------------------------------------------------
// Holiday calendars

export const ZCalendar = z.object({
  /** The currency whose settlement days it holds. */
  code: z.string(),
  name: z.string(),
  /** Where its holidays were seeded from. */
  source: z.string(),
});
export const ZCalendars = z.array(ZCalendar);
export const ZHolidaysRequest = z.strictObject({
  entityId,
  calendar: currency,
  year: wholeBetween(1970, 2100, 'years'),
});
export const ZHoliday = z.object({
  calendar: z.string(),
  date: z.string(),
  name: z.string(),
  /** SEEDED from the calendar's source, or ADDED by staff. */
  source: z.enum(['SEEDED', 'ADDED']),
  /** False once staff removed it: the day is a business day again. */
  active: z.boolean(),
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
});
export type THoliday = z.infer<typeof ZHoliday>;
export const ZHolidays = z.array(ZHoliday);
export const ZAddHoliday = z.strictObject({
  entityId,
  calendar: currency,
  date: ZDate,
  name: trimmed(100).min(1, 'Enter the holiday’s name'),
});
export const ZRemoveHoliday = z.strictObject({ entityId, calendar: currency, date: ZDate });

// ---------------------------------------------------------------------------------------------
// The rate sheet

/** The sheet values crypto assets too, not only currencies. */
const asset = text(10, 'Pick an asset').regex(/^[A-Z0-9]{2,10}$/, 'Pick an asset');

const positiveRate = (shape: string) =>
  decimal(shape).refine((v) => /[1-9]/.test(v), { message: 'must be greater than zero' });

/** A rate of the sheet: 1 `base` = `rate` `quote` (the mid), with the bid and ask around it. */
export const ZRate = z.object({
  base: z.string(),
  quote: z.string(),
  rate: ZFigure,
  bid: ZFigure,
  ask: ZFigure,
  asOf: z.string(),
  /** The pair's price decimals when it is an FX pair of the instrument catalogue; null otherwise. */
  pricePrecision: z.number().nullable(),
});
export type TRate = z.infer<typeof ZRate>;
/**
 * Sets a pair's rate: the mid (`rate`), with its bid and ask, or the mid alone — the pair
 * then keeps its spread around the new mid (a new pair starts with none).
 */
export const ZRateSet = z
  .strictObject({
    entityId,
    base: asset,
    quote: asset,
    rate: decimal('Enter a rate such as 1.0845'),
    bid: positiveRate('Enter a rate such as 1.0844').optional(),
    ask: positiveRate('Enter a rate such as 1.0846').optional(),
  })
  .refine((r) => r.base !== r.quote, { path: ['quote'], message: 'must differ from the base' })
  .refine((r) => /[1-9]/.test(r.rate), { path: ['rate'], message: 'must be greater than zero' })
  .refine((r) => (r.bid === undefined) === (r.ask === undefined), {
    path: ['ask'],
    message: 'Give the bid and the ask together, or neither',
  })
  .refine((r) => r.bid === undefined || (compareDecimals(r.bid, r.rate) ?? 0) <= 0, {
    path: ['bid'],
    message: 'must not be above the mid rate',
  })
  .refine((r) => r.ask === undefined || (compareDecimals(r.ask, r.rate) ?? 0) >= 0, {
    path: ['ask'],
    message: 'must not be below the mid rate',
  });
export const ZRateHistoryRequest = z.strictObject({ entityId, base: asset, quote: asset });
/** One change of a pair's mid, newest first (the bid and ask of each stay in the stored history). */
export const ZRateChange = z.object({
  rate: ZFigure,
  /** The mid it replaced; null when the pair was new. */
  previous: ZFigure.nullable(),
  by: z.string(),
  at: z.string(),
});
export type TRateChange = z.infer<typeof ZRateChange>;

// ---------------------------------------------------------------------------------------------
// FX swap points and forwards

export const ZQuote = z.object({ bid: ZFigure, ask: ZFigure, mid: ZFigure });
export type TQuote = z.infer<typeof ZQuote>;

/**
 * One tenor of a pair's swap-points curve. Points are in pips (× `pipSize` in the price):
 * the outright for the tenor's value date is the spot mid plus the mid points. ON runs
 * from the trade date to the next business day, TN from there to spot, SN from spot to the
 * next business day; weeks and months run from spot (modified following, month-end to
 * month-end).
 */
export const ZSwapPoint = z.object({
  tenor: z.enum(FX_TENORS),
  startDate: z.string(),
  valueDate: z.string(),
  /** Calendar days from spot to the value date (negative before spot). */
  daysFromSpot: z.number(),
  bid: ZFigure,
  ask: ZFigure,
  mid: ZFigure,
  /** The outright mid for the value date, when the sheet has a rate for the pair. */
  outright: ZFigure.nullable(),
});
export const ZSwapCurve = z.object({
  instrumentId: z.number(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  pipSize: ZFigure,
  /** The pair's price decimals (the instrument catalogue's): spot and outrights read at it. */
  pricePrecision: z.number(),
  tradeDate: z.string(),
  spotDate: z.string(),
  spot: ZQuote.extend({ asOf: z.string() }).nullable(),
  /** When the points were last set. */
  asOf: z.string().nullable(),
  points: z.array(ZSwapPoint),
});
export type TSwapCurve = z.infer<typeof ZSwapCurve>;
export const ZSwapRatesRequest = z.strictObject({
  entityId,
  base: currency.optional(),
  quote: currency.optional(),
  tradeDate: ZDate.optional(),
});
export const ZSwapCurves = z.array(ZSwapCurve);
export const ZSetSwapPoints = z
  .strictObject({
    entityId,
    base: currency,
    quote: currency,
    points: z
      .array(
        z
          .strictObject({
            tenor: z.enum(FX_TENORS, 'Pick a tenor'),
            bid: signedDecimal('Enter points such as 12.5 or -3.2'),
            ask: signedDecimal('Enter points such as 12.9 or -2.8'),
          })
          .refine((p) => (compareDecimals(p.bid, p.ask) ?? 0) <= 0, {
            path: ['ask'],
            message: 'must not be below the bid',
          }),
      )
      .min(1, 'Give at least one tenor')
      .max(FX_TENORS.length),
  })
  .refine((r) => new Set(r.points.map((p) => p.tenor)).size === r.points.length, {
    path: ['points'],
    message: 'Give each tenor once',
  });

export const ZForwardRateRequest = z.strictObject({
  entityId,
  base: currency,
  quote: currency,
  valueDate: ZDate,
  tradeDate: ZDate.optional(),
});
/**
 * The forward for any value date: swap points interpolated linearly in calendar days between
 * the two tenors around it (before spot: minus TN, and minus ON+TN on the trade date, bid and
 * ask crossed), rounded to 4 decimals of a pip; outright = spot + points × pip size, side by side.
 */
export const ZForwardRate = z.object({
  base: z.string(),
  quote: z.string(),
  tradeDate: z.string(),
  spotDate: z.string(),
  valueDate: z.string(),
  daysFromSpot: z.number(),
  pipSize: ZFigure,
  spot: ZQuote.extend({ asOf: z.string() }),
  points: ZQuote,
  pointsAsOf: z.string(),
  outright: ZQuote,
});
export type TForwardRate = z.infer<typeof ZForwardRate>;

// ---------------------------------------------------------------------------------------------
// CFD prices (what CFD positions are marked and financed at)

/** A CFD's price: bid, mid and ask in its quote currency, with its time. */
export const ZCfdPrice = z.object({
  instrumentId: z.number(),
  symbol: z.string(),
  quote: z.string(),
  bid: ZFigure,
  mid: ZFigure,
  ask: ZFigure,
  asOf: z.string(),
  setBy: z.string(),
});
export type TCfdPrice = z.infer<typeof ZCfdPrice>;
/** Staff set a CFD's price: the mid, and bid and ask around it (both or neither; none: all three the mid). */
export const ZCfdPriceSet = z
  .strictObject({
    entityId,
    instrumentId: ZId,
    price: positive('Enter a price such as 5123.5'),
    bid: positive('Enter a price such as 5123.0').optional(),
    ask: positive('Enter a price such as 5124.0').optional(),
  })
  .refine((r) => (r.bid === undefined) === (r.ask === undefined), {
    path: ['ask'],
    message: 'Give both bid and ask, or neither',
  })
  .refine(
    (r) =>
      r.bid === undefined ||
      ((compareDecimals(r.bid, r.price) ?? 1) <= 0 && (compareDecimals(r.price, r.ask!) ?? 1) <= 0),
    {
      path: ['bid'],
      message: 'must be at most the price, and the ask at least it',
    },
  );
