import type { TBaseCurrency } from '@clearway/contracts/endpoints/money.schemas';

/** A base-currency total whose oldest mid rate is older than this is flagged as stale. */
export const STALE_RATE_HOURS = 24;

/**
 * What a reader of a base-currency total must know to trust it: when its oldest rate was
 * set (null when no rate was needed), whether that is too old to value positions by, and
 * the assets it could not convert at all.
 */
export function valuationOf(
  b: TBaseCurrency,
  now: Date,
): { asOf: Date | null; stale: boolean; missing: string[] } {
  const asOf = b.asOf === null ? null : new Date(b.asOf);
  const stale = asOf !== null && now.getTime() - asOf.getTime() > STALE_RATE_HOURS * 3_600_000;
  return { asOf, stale, missing: b.missingRates };
}
