import type { InstrumentKind } from './enums';

// The limits the house trades within, where an instrument sets none of its own.

/**
 * How far a typed price may stand from the market before the booking is off-market (a
 * request under four eyes), in percent: of the sheet's mid for FX and CFDs, of the model's
 * value for an option's premium (models disagree more than screens do).
 */
export const DEFAULT_PRICE_TOLERANCE_PCT: Readonly<Record<InstrumentKind, string>> = {
  FX: '2',
  CFD: '2',
  FX_OPTION: '25',
};

/** The furthest a forward's value date or an option's expiry may lie from the trade date. */
export const DEFAULT_MAX_TENOR_DAYS = 730;

/** How many business days staff may back-date a trade (with a reason), by default. */
export const DEFAULT_BACKDATE_BUSINESS_DAYS = 5;

/** How long a quote lives, by default, in seconds. */
export const DEFAULT_QUOTE_TTL_SECONDS = 10;
