import Decimal from 'decimal.js';
import { badRequest } from './errors';

// Enough significant digits for NUMERIC(38,18); rounding is never implicit.
export const Money = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Money = Decimal;

const DECIMAL = /^-?\d{1,20}(\.\d{1,18})?$/;

/**
 * Reads an amount as the wire carries it (a decimal string) for an asset with `scale`
 * decimals: positive, no more decimals than the asset has.
 * @throws BadRequest naming the field
 */
export function parseAmount(value: string, scale: number, field = 'amount'): Money {
  if (!DECIMAL.test(value))
    throw badRequest(`${field}: must be a decimal number such as 125.50`, {
      [field]: 'must be a decimal number',
    });
  const amount = new Money(value);
  if (amount.lte(0))
    throw badRequest(`${field}: must be greater than zero`, { [field]: 'must be greater than zero' });
  if (amount.decimalPlaces() > scale) {
    const msg = `at most ${scale} decimal place${scale === 1 ? '' : 's'} for this asset`;
    throw badRequest(`${field}: ${msg}`, { [field]: msg });
  }
  return amount;
}

/** The canonical string of an amount at an asset's scale (`1.5` USD → `1.50`). */
export function formatAmount(value: Money | string, scale: number): string {
  return new Money(value).toFixed(scale);
}
