import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GkInput, garmanKohlhagen, normalCdf, toAmount, yearsBetween } from './garman-kohlhagen';

// Published reference values. "Haug" is E. G. Haug, The Complete Guide to Option Pricing
// Formulas, 2nd ed. (McGraw-Hill, 2007); "Hull" is J. C. Hull, Options, Futures, and Other
// Derivatives, 8th ed. (Pearson, 2012). A stock index with dividend yield q, or a stock with
// none, is the same formula with r_f = q (or 0) — Haug's generalized Black–Scholes–Merton.
type Reference = { source: string; input: GkInput; price?: number; delta?: number; decimals: number };
const REFERENCES: Reference[] = [
  {
    source: 'Haug 1.1.6, Garman–Kohlhagen currency option (EUR call/USD put)',
    input: {
      kind: 'CALL',
      spot: 1.56,
      strike: 1.6,
      years: 0.5,
      domesticRate: 0.06,
      foreignRate: 0.08,
      volatility: 0.12,
    },
    price: 0.0291,
    decimals: 4,
  },
  {
    source: 'Haug 1.1.1, Black–Scholes call',
    input: {
      kind: 'CALL',
      spot: 60,
      strike: 65,
      years: 0.25,
      domesticRate: 0.08,
      foreignRate: 0,
      volatility: 0.3,
    },
    price: 2.1334,
    decimals: 4,
  },
  {
    source: 'Haug 1.1.6, Merton (1973) index put',
    input: {
      kind: 'PUT',
      spot: 100,
      strike: 95,
      years: 0.5,
      domesticRate: 0.1,
      foreignRate: 0.05,
      volatility: 0.2,
    },
    price: 2.4648,
    decimals: 4,
  },
  {
    source: 'Haug 1.1.6, generalized Black–Scholes–Merton put (b = 0.05)',
    input: {
      kind: 'PUT',
      spot: 75,
      strike: 70,
      years: 0.5,
      domesticRate: 0.1,
      foreignRate: 0.05,
      volatility: 0.35,
    },
    price: 4.087,
    decimals: 4,
  },
  {
    source: 'Hull Example 15.6, European call',
    input: {
      kind: 'CALL',
      spot: 42,
      strike: 40,
      years: 0.5,
      domesticRate: 0.1,
      foreignRate: 0,
      volatility: 0.2,
    },
    price: 4.76,
    decimals: 2,
  },
  {
    source: 'Hull Example 15.6, European put',
    input: {
      kind: 'PUT',
      spot: 42,
      strike: 40,
      years: 0.5,
      domesticRate: 0.1,
      foreignRate: 0,
      volatility: 0.2,
    },
    price: 0.81,
    decimals: 2,
  },
  {
    source: 'Hull Example 17.1, index call (q = 3%)',
    input: {
      kind: 'CALL',
      spot: 930,
      strike: 900,
      years: 2 / 12,
      domesticRate: 0.08,
      foreignRate: 0.03,
      volatility: 0.2,
    },
    price: 51.83,
    decimals: 2,
  },
  {
    source: 'Hull ch. 17, 4-month call on the pound (r = 8%, r_f = 11%, σ = 14.1%): 4.3 cents',
    input: {
      kind: 'CALL',
      spot: 1.6,
      strike: 1.6,
      years: 4 / 12,
      domesticRate: 0.08,
      foreignRate: 0.11,
      volatility: 0.141,
    },
    price: 0.043,
    decimals: 3,
  },
  {
    source: 'Haug 2.1.1, delta of a call (b = 0)',
    input: {
      kind: 'CALL',
      spot: 105,
      strike: 100,
      years: 0.5,
      domesticRate: 0.1,
      foreignRate: 0.1,
      volatility: 0.36,
    },
    delta: 0.5946,
    decimals: 4,
  },
  {
    source: 'Haug 2.1.1, delta of a put (b = 0)',
    input: {
      kind: 'PUT',
      spot: 105,
      strike: 100,
      years: 0.5,
      domesticRate: 0.1,
      foreignRate: 0.1,
      volatility: 0.36,
    },
    delta: -0.3566,
    decimals: 4,
  },
  {
    source: 'Hull Example 19.1, delta of a call',
    input: {
      kind: 'CALL',
      spot: 49,
      strike: 50,
      years: 20 / 52,
      domesticRate: 0.05,
      foreignRate: 0,
      volatility: 0.2,
    },
    delta: 0.522,
    decimals: 3,
  },
];

const round = (x: number, decimals: number) => Number(x.toFixed(decimals));

describe('Garman–Kohlhagen (domestic = quote currency)', () => {
  it.each(REFERENCES)('matches the published value: $source', (ref) => {
    const r = garmanKohlhagen(ref.input);
    if (ref.price !== undefined) expect(round(r.price, ref.decimals)).toBe(ref.price);
    if (ref.delta !== undefined) expect(round(r.delta, ref.decimals)).toBe(ref.delta);
  });

  it('takes N(x) from the tables (Abramowitz & Stegun 26.2) to 15 digits', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1)).toBeCloseTo(0.841344746068543, 15);
    expect(normalCdf(1.96)).toBeCloseTo(0.97500210485178, 14);
    expect(normalCdf(-3)).toBeCloseTo(0.00134989803163, 14);
    expect(normalCdf(-5)).toBeCloseTo(2.866515718791939e-7, 15);
  });

  const market = fc.record({
    spot: fc.double({ min: 0.01, max: 200, noNaN: true }),
    moneyness: fc.double({ min: 0.5, max: 2, noNaN: true }),
    years: fc.double({ min: 0.002, max: 5, noNaN: true }),
    domesticRate: fc.double({ min: -0.02, max: 0.2, noNaN: true }),
    foreignRate: fc.double({ min: -0.02, max: 0.2, noNaN: true }),
    volatility: fc.double({ min: 0.01, max: 1.5, noNaN: true }),
  });

  it('holds put–call parity to 1e-10: C − P = S·e^(−r_f·T) − K·e^(−r_d·T), and Δc − Δp = e^(−r_f·T)', () => {
    fc.assert(
      fc.property(market, ({ moneyness, ...m }) => {
        const input = { ...m, strike: m.spot * moneyness };
        const call = garmanKohlhagen({ ...input, kind: 'CALL' });
        const put = garmanKohlhagen({ ...input, kind: 'PUT' });
        const forward =
          m.spot * Math.exp(-m.foreignRate * m.years) - input.strike * Math.exp(-m.domesticRate * m.years);
        expect(Math.abs(call.price - put.price - forward)).toBeLessThanOrEqual(1e-10);
        expect(Math.abs(call.delta - put.delta - Math.exp(-m.foreignRate * m.years))).toBeLessThanOrEqual(
          1e-10,
        );
        expect(call.price).toBeGreaterThanOrEqual(0);
        expect(put.price).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('is worth its discounted intrinsic value at expiry', () => {
    const at = { spot: 1.1, strike: 1.08, years: 0, domesticRate: 0.05, foreignRate: 0.03, volatility: 0.1 };
    expect(garmanKohlhagen({ ...at, kind: 'CALL' })).toEqual({ price: 1.1 - 1.08, delta: 1 });
    expect(garmanKohlhagen({ ...at, kind: 'PUT' })).toEqual({ price: 0, delta: 0 });
  });

  it('refuses a spot or strike that is not positive', () => {
    const bad = {
      kind: 'CALL',
      spot: 0,
      strike: 1,
      years: 1,
      domesticRate: 0,
      foreignRate: 0,
      volatility: 0.1,
    } as const;
    expect(() => garmanKohlhagen(bad)).toThrow(RangeError);
  });

  it('writes a value as a decimal string at the currency scale', () => {
    expect(toAmount(1234.5678, 2)).toBe('1234.57');
    expect(toAmount(0.125, 2)).toBe('0.12');
    expect(toAmount(-0.3566007, 4)).toBe('-0.3566');
    expect(yearsBetween('2026-01-01', '2026-07-02')).toBeCloseTo(182 / 365, 15);
  });
});
