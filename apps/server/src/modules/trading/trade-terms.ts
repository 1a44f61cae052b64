import type { TradeSide } from '@clearway/contracts/enums';
import { AMOUNT_INTEGER_DIGITS } from '@clearway/contracts/primitives';
import { AppError, badRequest } from '../../platform/errors';
import { Money, parseAmount } from '../../platform/money';

// The arithmetic of a trade's terms (pure): amounts at their currencies' scales, the counter
// amount, what each side pays and receives, and the signs positions and P&L use.

/** Digits a rate derived from two amounts keeps (the column's scale). */
export const DERIVED_RATE_DECIMALS = 18;

/** +1 for a buy of the base (or a long CFD), −1 for a sell. */
export const signOf = (side: TradeSide) => (side === 'BUY' ? 1 : -1);
export const opposite = (side: TradeSide): TradeSide => (side === 'BUY' ? 'SELL' : 'BUY');

/** A refusal of the terms on business grounds, naming the field. */
export const refuseTerms = (field: string, message: string) =>
  new AppError('BadRequest', 422, `${field}: ${message}`, { [field]: message });

/**
 * A price as typed for an instrument quoted to `precision` decimals: positive, no finer.
 * @throws BadRequest naming the field
 */
export function parseRate(value: string, precision: number, symbol: string, field = 'rate'): Money {
  const rate = new Money(value);
  if (rate.lte(0))
    throw badRequest(`${field}: must be greater than zero`, { [field]: 'must be greater than zero' });
  if (rate.decimalPlaces() > precision) {
    const message = `at most ${precision} decimal place${precision === 1 ? '' : 's'} for ${symbol}`;
    throw badRequest(`${field}: ${message}`, { [field]: message });
  }
  return rate;
}

/** Amounts the trade tables and the ledger hold: below 10^20 (NUMERIC(38,18)). */
const LARGEST = new Money(10).pow(AMOUNT_INTEGER_DIGITS);

/**
 * amount × rate at the quote currency's scale (half to even).
 * @throws 422 naming `field` when it would be larger than any amount the ledger holds
 */
export function counterOf(
  amount: Money | string,
  rate: Money | string,
  quoteScale: number,
  field = 'amount',
): Money {
  const counter = new Money(new Money(amount).times(rate).toFixed(quoteScale));
  if (counter.abs().gte(LARGEST))
    throw refuseTerms(field, 'makes a counter amount beyond the largest amount the ledger holds');
  return counter;
}

/**
 * The terms of an FX trade from the amount and the rate, or from the amount and the counter
 * amount (the rate then is counter ÷ amount, to 18 decimals): both amounts at their scales.
 * @throws BadRequest for an amount finer than its currency, or a counter amount of nothing
 */
export function fxTerms(
  i: { amount: string; rate?: string; counterAmount?: string },
  c: { baseScale: number; quoteScale: number; precision: number; symbol: string },
): { amount: Money; rate: Money; counter: Money } {
  const amount = parseAmount(i.amount, c.baseScale);
  if (i.counterAmount !== undefined) {
    const counter = parseAmount(i.counterAmount, c.quoteScale, 'counterAmount');
    const rate = new Money(counter.div(amount).toDecimalPlaces(DERIVED_RATE_DECIMALS));
    if (rate.isZero())
      throw refuseTerms('counterAmount', 'is too small for the amount: the rate would be zero');
    return { amount, rate, counter };
  }
  const rate = parseRate(i.rate!, c.precision, c.symbol);
  const counter = counterOf(amount, rate, c.quoteScale);
  if (counter.isZero())
    throw refuseTerms(
      'amount',
      `is too small: the counter amount rounds to zero ${c.symbol.split('/')[1] ?? ''}`.trim(),
    );
  return { amount, rate, counter };
}

export type Delivery = { payAsset: string; payAmount: Money; receiveAsset: string; receiveAmount: Money };

/** What the client pays and receives: a buy of the base pays the counter amount in the quote. */
export function deliveryOf(
  side: TradeSide,
  base: string,
  quote: string,
  amount: Money,
  counter: Money,
): Delivery {
  return side === 'BUY'
    ? { payAsset: quote, payAmount: counter, receiveAsset: base, receiveAmount: amount }
    : { payAsset: base, payAmount: amount, receiveAsset: quote, receiveAmount: counter };
}

/**
 * The legs of delivering: the client's pay side to the house's account in that currency, the
 * house's receive side to the client — balanced per currency.
 */
export function deliveryLegs(
  d: Delivery,
  accountId: number,
  house: { pay: number; receive: number },
): { accountId: number; asset: string; amount: string }[] {
  return [
    { accountId, asset: d.payAsset, amount: d.payAmount.neg().toString() },
    { accountId: house.pay, asset: d.payAsset, amount: d.payAmount.toString() },
    { accountId: house.receive, asset: d.receiveAsset, amount: d.receiveAmount.neg().toString() },
    { accountId, asset: d.receiveAsset, amount: d.receiveAmount.toString() },
  ];
}

/**
 * What a signed amount of the base dealt at `rate` is worth against `mark`, in the quote
 * currency (unrounded): long gains when the mark rises.
 */
export const pnlAgainst = (signedAmount: Money | string, rate: Money | string, mark: Money | string): Money =>
  new Money(signedAmount).times(new Money(mark).minus(rate));
