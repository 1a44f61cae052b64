import Decimal from 'decimal.js';
import { AMOUNT_INTEGER_DIGITS, AMOUNT_SCALE } from './primitives';

/**
 * Decimal arithmetic for money, the same on the server and in the browser: enough
 * significant digits for a balance (NUMERIC(56,18)) and a value at a rate, banker's
 * rounding, rounding only where a caller asks for it (`toFixed`), and never exponent
 * notation in a figure's string.
 */
export const Money = Decimal.clone({
  precision: 80,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -80,
  toExpPos: 80,
});
export type Money = Decimal;

/** An amount's value at a rate, at the target currency's scale (`2.5` BTC × `64250` → `160625.00`). */
export const valueAt = (amount: string, rate: string, scale: number): string =>
  new Money(amount).times(rate).toFixed(scale);

const DECIMAL = new RegExp(`^-?\\d{1,${AMOUNT_INTEGER_DIGITS}}(\\.\\d{1,${AMOUNT_SCALE}})?$`);

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

const SIGNED = /^-?\d+(\.\d+)?$/;

/**
 * Exact comparison of two signed decimal strings (−1, 0 or 1), or null when either is not
 * a decimal number (its own field check says so).
 */
export function compareDecimals(a: string, b: string): number | null {
  if (!SIGNED.test(a) || !SIGNED.test(b)) return null;
  return new Decimal(a).comparedTo(new Decimal(b));
}
