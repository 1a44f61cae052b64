import { Money } from '../../platform/money';

/** One investor's claim on a block: a positive weight and an optional remainder priority (1 first). */
export type Claim = { weight: Money; priority: number | null };

/** One investor's part of an amount: rounded to the scale, the exact share, and whether it took a remainder unit. */
export type Part = { amount: Money; exact: Money; remainder: boolean };

/**
 * Splits `total` (a multiple of 10^-scale) over `claims` in proportion to their weights by the
 * largest-remainder method: each part is its exact share rounded down to the scale, and the
 * units left over go one each to the parts with a fraction — by priority (lower first, none
 * last), then by the largest fraction, then in the claims' order. So the parts sum exactly to
 * the total, none differs from its exact share by a whole unit, and the same input always
 * gives the same parts. Only parts with a fraction take a unit: there are always enough, as
 * the fractions sum to the units left.
 */
export function splitProRata(total: Money, scale: number, claims: readonly Claim[]): Part[] {
  if (claims.length === 0) return [];
  const unit = new Money(10).pow(-scale);
  const units = total.div(unit);
  if (!units.isInteger()) throw new RangeError(`${total.toString()} is finer than ${scale} decimals`);
  const sum = claims.reduce((s, c) => s.plus(c.weight), new Money(0));
  if (sum.lte(0) || claims.some((c) => c.weight.lte(0))) throw new RangeError('Weights must be positive');
  const shares = claims.map((c) => units.times(c.weight).div(sum));
  const floors = shares.map((s) => s.floor());
  const left = units.minus(floors.reduce((s, f) => s.plus(f), new Money(0))).toNumber();
  const order = claims
    .map((c, i) => ({ i, priority: c.priority, fraction: shares[i]!.minus(floors[i]!) }))
    .filter((x) => x.fraction.gt(0))
    .sort(
      (a, b) =>
        (a.priority ?? Number.POSITIVE_INFINITY) - (b.priority ?? Number.POSITIVE_INFINITY) ||
        b.fraction.comparedTo(a.fraction) ||
        a.i - b.i,
    );
  const takes = new Set(order.slice(0, left).map((x) => x.i));
  return claims.map((_, i) => ({
    amount: floors[i]!.plus(takes.has(i) ? 1 : 0).times(unit),
    exact: shares[i]!.times(unit),
    remainder: takes.has(i),
  }));
}
