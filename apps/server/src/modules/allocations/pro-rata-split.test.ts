import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../../platform/money';
import { type Claim, splitProRata } from './pro-rata-split';

// Issue 28's acceptance: for random blocks, weights and scales, the children sum exactly to
// the block on every leg, no child differs from its exact share by a unit or more, and the
// result is the same on every run. Seeded, so every run of the suite draws the same cases.

const scaleArb = fc.constantFrom(0, 2, 3, 8, 18);
const claimsArb = fc.array(
  fc.record({
    weight: fc
      .bigInt({ min: 1n, max: 10n ** 12n })
      .chain((n) =>
        fc.integer({ min: 0, max: 6 }).map((d) => new Money(n.toString()).div(new Money(10).pow(d))),
      ),
    priority: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  }),
  { minLength: 1, maxLength: 12 },
);
/** A block leg: a positive amount of up to 20 integer digits at the scale. */
const legArb = (scale: number) =>
  fc.bigInt({ min: 1n, max: 10n ** 20n }).map((u) => new Money(u.toString()).div(new Money(10).pow(scale)));
const blockArb = scaleArb.chain((baseScale) =>
  scaleArb.chain((quoteScale) =>
    fc.record({
      baseScale: fc.constant(baseScale),
      quoteScale: fc.constant(quoteScale),
      amount: legArb(baseScale),
      counter: legArb(quoteScale),
      claims: claimsArb,
    }),
  ),
);

const sum = (xs: Money[]) => xs.reduce((s, x) => s.plus(x), new Money(0));

describe('the pro-rata split of a block over its investors (largest remainder)', () => {
  it('sums exactly to the block on every leg, each child within a unit of its exact share, the same every run', () => {
    fc.assert(
      fc.property(blockArb, (b) => {
        for (const [total, scale] of [
          [b.amount, b.baseScale],
          [b.counter, b.quoteScale],
        ] as const) {
          const parts = splitProRata(total, scale, b.claims);
          const unit = new Money(10).pow(-scale);
          expect(sum(parts.map((p) => p.amount)).eq(total)).toBe(true);
          for (const p of parts) {
            expect(p.amount.minus(p.exact).abs().lt(unit)).toBe(true);
            expect(p.amount.decimalPlaces()).toBeLessThanOrEqual(scale);
            expect(p.amount.gte(0)).toBe(true);
          }
          const again = splitProRata(
            total,
            scale,
            b.claims.map((c) => ({ ...c })),
          );
          expect(again.map((p) => p.amount.toString())).toEqual(parts.map((p) => p.amount.toString()));
        }
      }),
      { seed: 2826, numRuns: 400 },
    );
  });

  it('gives the units left over by priority first, then by the largest fraction', () => {
    const three: Claim[] = [
      { weight: new Money(1), priority: null },
      { weight: new Money(1), priority: null },
      { weight: new Money(1), priority: 1 },
    ];
    // 1.00 over three equal weights: 0.33 each and one cent left, which priority 1 takes.
    expect(splitProRata(new Money('1.00'), 2, three).map((p) => p.amount.toFixed(2))).toEqual([
      '0.33',
      '0.33',
      '0.34',
    ]);
    // Without priorities the largest fraction takes it: 2/3 of 1 JPY… 0.666 → 1, 0.333 → 0.
    const twoToOne: Claim[] = [
      { weight: new Money(2), priority: null },
      { weight: new Money(1), priority: null },
    ];
    expect(splitProRata(new Money('1'), 0, twoToOne).map((p) => [p.amount.toFixed(0), p.remainder])).toEqual([
      ['1', true],
      ['0', false],
    ]);
  });

  it('never gives a unit to a part whose share is already whole, whatever its priority', () => {
    // 0.06 over 2:1:1 — exact 0.03, 0.015, 0.015: the cent left goes to a fraction, not to priority 1.
    const parts = splitProRata(new Money('0.06'), 2, [
      { weight: new Money(2), priority: 1 },
      { weight: new Money(1), priority: null },
      { weight: new Money(1), priority: null },
    ]);
    expect(parts.map((p) => [p.amount.toFixed(2), p.remainder])).toEqual([
      ['0.03', false],
      ['0.02', true],
      ['0.01', false],
    ]);
    // Small whole weights and totals make whole shares common: each part stays within a unit.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.array(
          fc.record({
            weight: fc.integer({ min: 1, max: 4 }).map((w) => new Money(w)),
            priority: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (units, claims) => {
          const total = new Money(units);
          const out = splitProRata(total, 0, claims);
          expect(sum(out.map((p) => p.amount)).eq(total)).toBe(true);
          for (const p of out) expect(p.amount.minus(p.exact).abs().lt(1)).toBe(true);
        },
      ),
      { seed: 28, numRuns: 500 },
    );
  });

  it('refuses an amount finer than its scale and a weight that is not positive', () => {
    expect(() => splitProRata(new Money('1.005'), 2, [{ weight: new Money(1), priority: null }])).toThrow(
      RangeError,
    );
    expect(() => splitProRata(new Money('1.00'), 2, [{ weight: new Money(0), priority: null }])).toThrow(
      RangeError,
    );
  });
});
