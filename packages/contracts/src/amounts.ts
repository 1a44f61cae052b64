import Decimal from 'decimal.js';

/**
 * Decimal arithmetic for money, the same on the server and in the browser: enough
 * significant digits for NUMERIC(38,18), banker's rounding, and rounding only where a
 * caller asks for it (`toFixed`).
 */
export const Money = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Money = Decimal;

/** An amount's value at a rate, at the target currency's scale (`2.5` BTC × `64250` → `160625.00`). */
export const valueAt = (amount: string, rate: string, scale: number): string =>
  new Money(amount).times(rate).toFixed(scale);

const DECIMAL = /^-?\d{1,20}(\.\d{1,18})?$/;

/**
 * Why an amount typed for an asset with `scale` decimals is unusable, or null when it is
 * fine: one rule for the server's check and the browser's, so both say the same thing.
 */
export function amountProblem(value: string, scale: number): string | null {
  if (!DECIMAL.test(value)) return 'must be a decimal number';
  const amount = new Decimal(value);
  if (amount.lte(0)) return 'must be greater than zero';
  if (amount.decimalPlaces() > scale)
    return `at most ${scale} decimal place${scale === 1 ? '' : 's'} for this asset`;
  return null;
}

/** Exact comparison of two decimal strings (never through floating point). */
export const exceeds = (amount: string, limit: string) => new Decimal(amount).gt(new Decimal(limit));
