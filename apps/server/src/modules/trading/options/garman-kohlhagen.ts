import { Money } from '../../../platform/money';

// Garman–Kohlhagen (1983): a European FX option on one unit of the base (foreign) currency,
// priced in the quote (domestic) currency. The arithmetic is IEEE double throughout — every
// input is a plain number and every step a defined operation — and only the service turns a
// result into a decimal string at a currency's scale (`toAmount`).

export type OptionKind = 'CALL' | 'PUT';

export type GkInput = {
  kind: OptionKind;
  /** Quote currency per unit of base. */
  spot: number;
  strike: number;
  /** Time to expiry in years (act/365). */
  years: number;
  /** Continuously compounded rate of the quote (domestic) currency. */
  domesticRate: number;
  /** Continuously compounded rate of the base (foreign) currency. */
  foreignRate: number;
  /** Annualised volatility, e.g. 0.12 for 12%. */
  volatility: number;
};

/** Price per unit of base (in quote) and spot delta (∂price/∂spot, foreign-discounted). */
export type GkResult = { price: number; delta: number };

const SQRT_PI = Math.sqrt(Math.PI);

/**
 * erf(z) for z ≥ 0 by the series of positive terms
 *   erf(z) = 2/√π · e^(−z²) · Σ (2z²)ⁿ · z / (1·3·5···(2n+1)),
 * which has no cancellation, so its absolute error is a few ulps for every z it is used on.
 */
function erfPositive(z: number): number {
  if (z > 6) return 1; // 1 − erf(6) < 2.2e−17: below the double's resolution at 1.
  const twoZ2 = 2 * z * z;
  let term = z;
  let sum = z;
  for (let n = 1; n < 500; n++) {
    term *= twoZ2 / (2 * n + 1);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return Math.min(1, (2 / SQRT_PI) * Math.exp(-z * z) * sum);
}

/** The standard normal distribution function N(x), symmetric by construction: N(x) + N(−x) = 1. */
export function normalCdf(x: number): number {
  const half = 0.5 * erfPositive(Math.abs(x) / Math.SQRT2);
  return x >= 0 ? 0.5 + half : 0.5 - half;
}

/**
 * Price and delta of a European FX option (Garman–Kohlhagen, domestic = quote currency):
 *   call = S·e^(−r_f·T)·N(d1) − K·e^(−r_d·T)·N(d2),  put = K·e^(−r_d·T)·N(−d2) − S·e^(−r_f·T)·N(−d1),
 *   d1 = (ln(S/K) + (r_d − r_f + σ²/2)·T) / (σ√T),  d2 = d1 − σ√T;
 *   delta call = e^(−r_f·T)·N(d1), delta put = −e^(−r_f·T)·N(−d1).
 * At or after expiry (T ≤ 0) or with no volatility, the option is worth its discounted
 * intrinsic value against the forward.
 * @throws RangeError for a spot or strike that is not positive, or a negative volatility
 */
export function garmanKohlhagen(i: GkInput): GkResult {
  if (!(i.spot > 0) || !(i.strike > 0)) throw new RangeError('spot and strike must be positive');
  if (!(i.volatility >= 0)) throw new RangeError('volatility must not be negative');
  const T = Math.max(0, i.years);
  const dfDomestic = Math.exp(-i.domesticRate * T);
  const dfForeign = Math.exp(-i.foreignRate * T);
  const sign = i.kind === 'CALL' ? 1 : -1;
  const sd = i.volatility * Math.sqrt(T);
  if (sd === 0) {
    const forwardValue = i.spot * dfForeign - i.strike * dfDomestic;
    const inTheMoney = sign * forwardValue > 0;
    return { price: inTheMoney ? sign * forwardValue : 0, delta: inTheMoney ? sign * dfForeign : 0 };
  }
  const d1 = (Math.log(i.spot / i.strike) + (i.domesticRate - i.foreignRate + (sd * sd) / (2 * T)) * T) / sd;
  const d2 = d1 - sd;
  const price =
    sign * (i.spot * dfForeign * normalCdf(sign * d1) - i.strike * dfDomestic * normalCdf(sign * d2));
  // Deep out of the money the difference can round a few ulps below zero: an option is never worth less.
  return { price: Math.max(0, price), delta: sign * dfForeign * normalCdf(sign * d1) };
}

/** A double as an exact decimal at `scale` places (half to even), for the wire. */
export const toAmount = (value: number, scale: number): string =>
  new Money(value.toPrecision(17)).toFixed(scale);

/** Years from one ISO date to another (act/365), never negative. */
export function yearsBetween(from: string, to: string): number {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return Math.max(0, days) / 365;
}
