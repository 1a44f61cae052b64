import Decimal from 'decimal.js';

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
