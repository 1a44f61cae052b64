import { Money } from '../../platform/money';

// How a trade fills against a position (pure): it closes out the opposite lots first, oldest
// first (FIFO), realising (price − lot rate) × closed amount × contract size on each, long
// positive; whatever is left opens a lot of its own. Exact decimal arithmetic throughout.

/** An open lot: a trade's signed amount still open (long > 0) at its rate. */
export type Lot = { tradeId: number; open: Money; rate: Money };
export type Closure = { tradeId: number; amount: Money; realised: Money; open: Money };

export function fill(lots: Lot[], signed: Money, price: Money, size: Money) {
  let remaining = signed;
  const closures: Closure[] = [];
  for (const lot of lots) {
    if (remaining.isZero() || lot.open.isZero() || lot.open.isNeg() === remaining.isNeg()) break;
    const amount = Money.min(lot.open.abs(), remaining.abs());
    const sign = lot.open.isNeg() ? -1 : 1;
    closures.push({
      tradeId: lot.tradeId,
      amount,
      realised: amount.times(price.minus(lot.rate)).times(size).times(sign),
      open: lot.open.minus(amount.times(sign)),
    });
    remaining = remaining.plus(amount.times(sign));
  }
  const realised = closures.reduce((sum, c) => sum.plus(c.realised), new Money(0));
  return { closures, remaining, realised };
}
