import Decimal from 'decimal.js';
import { Money } from './amounts';

/**
 * How a schedule's tiers price an amount (as Stripe's tiers do): `GRADUATED` prices each
 * slice of the amount at the tier the slice falls in and adds the fixed part of every tier
 * reached; `VOLUME` prices the whole amount at the one tier it falls in. `NONE`: no tiers.
 */
export const FEE_TIER_MODES = ['NONE', 'GRADUATED', 'VOLUME'] as const;
export type FeeTierMode = (typeof FEE_TIER_MODES)[number];

/** One tier: amounts up to `upTo` (inclusive; null: and above) pay `fixed` plus `bps` basis points. */
export type FeeTier = { upTo: string | null; fixed: string; bps: string };

/** A schedule's terms, every figure a decimal string in the schedule's asset. */
export type FeeTerms = {
  fixed: string;
  bps: string;
  minimum: string;
  maximum: string | null;
  tierMode: FeeTierMode;
  tiers: readonly FeeTier[];
};

/** What a transfer pays: the fee, what arrives, and whether the minimum or maximum decided it. */
export type FeeQuote = { fee: string; net: string; bound: 'MINIMUM' | 'MAXIMUM' | null };

const BPS = new Money(10_000);
const bpsOf = (amount: Decimal, bps: string) => amount.times(bps).div(BPS);

/** The tiers' part of the fee for `amount` (zero without tiers). */
function tierPart(terms: FeeTerms, amount: Decimal): Decimal {
  const zero = new Money(0);
  switch (terms.tierMode) {
    case 'NONE':
      return zero;
    case 'VOLUME': {
      const tier = terms.tiers.find((t) => t.upTo === null || amount.lte(t.upTo));
      return tier ? new Money(tier.fixed).plus(bpsOf(amount, tier.bps)) : zero;
    }
    case 'GRADUATED': {
      let lower = zero;
      let part = zero;
      for (const t of terms.tiers) {
        const upper = t.upTo === null ? amount : Decimal.min(amount, t.upTo);
        const slice = upper.minus(lower);
        if (slice.lte(0)) break;
        part = part.plus(t.fixed).plus(bpsOf(slice, t.bps));
        if (t.upTo === null) break;
        lower = new Money(t.upTo);
      }
      return part;
    }
  }
}

/**
 * The fee a transfer of `amount` pays under `terms` (none: no schedule applies, no fee), at
 * the asset's `scale`: the fixed part, plus the basis points of the amount, plus the tiers'
 * part, rounded half up to the scale once, then raised to the minimum or cut to the maximum.
 * Exact decimal arithmetic throughout; the estimate and the booking both call this, so what
 * is shown is what is booked. The caller refuses a fee that leaves nothing to send.
 */
export function computeFee(terms: FeeTerms | null, amount: string, scale: number): FeeQuote {
  const value = new Money(amount);
  if (!terms) return { fee: new Money(0).toFixed(scale), net: value.toFixed(scale), bound: null };
  const raw = new Money(terms.fixed).plus(bpsOf(value, terms.bps)).plus(tierPart(terms, value));
  let fee = raw.toDecimalPlaces(scale, Decimal.ROUND_HALF_UP);
  let bound: FeeQuote['bound'] = null;
  if (fee.lt(terms.minimum)) {
    fee = new Money(terms.minimum);
    bound = 'MINIMUM';
  } else if (terms.maximum !== null && fee.gt(terms.maximum)) {
    fee = new Money(terms.maximum);
    bound = 'MAXIMUM';
  }
  return { fee: fee.toFixed(scale), net: value.minus(fee).toFixed(scale), bound };
}

/** The terms in a line a person reads ("1.00 + 25 bps, min 5.00, max 250.00, graduated tiers"). */
export function describeFeeTerms(terms: FeeTerms): string {
  const parts = [`${terms.fixed} + ${new Money(terms.bps).toString()} bps`];
  if (!new Money(terms.minimum).isZero()) parts.push(`min ${terms.minimum}`);
  if (terms.maximum !== null) parts.push(`max ${terms.maximum}`);
  if (terms.tierMode !== 'NONE') parts.push(`${terms.tierMode.toLowerCase()} tiers (${terms.tiers.length})`);
  return parts.join(', ');
}

/**
 * Why a schedule's terms do not hold together, per field, or null: tiers ascending and
 * ending open (no upper bound), a maximum not below the minimum.
 */
export function feeTermsProblems(terms: FeeTerms): Record<string, string> | null {
  const problems: Record<string, string> = {};
  if (terms.maximum !== null && new Money(terms.maximum).lt(terms.minimum))
    problems.maximum = 'must not be below the minimum';
  if (terms.tierMode === 'NONE' && terms.tiers.length > 0) problems.tiers = 'tiers need a tier mode';
  if (terms.tierMode !== 'NONE') {
    if (terms.tiers.length === 0) problems.tiers = 'add at least one tier';
    else if (terms.tiers.at(-1)!.upTo !== null) problems.tiers = 'the last tier must have no upper bound';
    else {
      const bounds = terms.tiers.slice(0, -1).map((t) => t.upTo);
      if (bounds.some((b) => b === null)) problems.tiers = 'only the last tier may have no upper bound';
      else if (bounds.some((b, i) => i > 0 && !new Money(b!).gt(bounds[i - 1]!)))
        problems.tiers = 'tier bounds must rise';
      else if (bounds.some((b) => new Money(b!).lte(0))) problems.tiers = 'tier bounds must be above zero';
    }
  }
  return Object.keys(problems).length ? problems : null;
}

/** A schedule version as the choice of one reads it. */
export type ScheduleCandidate = FeeTerms & {
  id: number;
  entityId: number;
  asset: string;
  network: string | null;
  effectiveFrom: Date;
  effectiveTo: Date | null;
};

/**
 * The schedule that prices a transfer: among the versions in force at `at` (from inclusive,
 * to exclusive) for the asset, those of the transfer's entity or the nearest entity above it
 * that has one (`lineage`: the entity first, then its parent, up to the root) — an entity's
 * own schedule overrides what it inherits; within that entity, one for the destination's
 * network before one for every network. Null: no fee.
 */
export function pickSchedule<S extends ScheduleCandidate>(
  candidates: readonly S[],
  q: { lineage: readonly number[]; asset: string; network: string | null; at: Date },
): S | null {
  const fits = candidates.filter(
    (s) =>
      s.asset === q.asset &&
      (s.network === null || s.network === q.network) &&
      s.effectiveFrom <= q.at &&
      (s.effectiveTo === null || q.at < s.effectiveTo) &&
      q.lineage.includes(s.entityId),
  );
  const rank = (s: S) => q.lineage.indexOf(s.entityId) * 2 + (s.network === null ? 1 : 0);
  return fits.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}
