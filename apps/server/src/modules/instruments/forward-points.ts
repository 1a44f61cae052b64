import { Money } from '../../platform/money';
import { daysBetween, type IsoDate } from './iso-dates';
import type { TenorDates } from './value-dates';

/**
 * Forward points for any value date from a pair's swap-points curve (pure).
 *
 * Convention: points are in pips, bid and ask. After spot, a tenor's points apply at its
 * value date and spot itself carries none; before spot, a value date earlier by TN carries
 * minus the TN points and one earlier by ON+TN minus both (a date before spot sells the
 * swap back: bid and ask cross). Between two such anchors the points are linear in calendar
 * days; past the last tenor there is no forward (no extrapolation). Interpolated points are
 * rounded to 4 decimals of a pip (half even).
 */

export type Points = { bid: Money; ask: Money };
type Anchor = { date: IsoDate; points: Points };
export type CurvePoint = TenorDates & { bid: string; ask: string };

const POINTS_DECIMALS = 4;
const ZERO: Points = { bid: new Money(0), ask: new Money(0) };

/** Why a forward cannot be priced, as the caller's refusal should say it. */
export class NoForward extends Error {}

/** The anchors of the curve, by date: before spot (cumulative, crossed), spot, after spot. */
function anchorsOf(curve: CurvePoint[], spot: IsoDate): Anchor[] {
  const anchors: Anchor[] = [{ date: spot, points: ZERO }];
  // Walk back from spot through the tenors that end where the last one started (TN, then ON).
  let cursor = spot;
  let sum = ZERO;
  for (;;) {
    const seg = curve.find(
      (c) => (c.tenor === 'ON' || c.tenor === 'TN') && c.valueDate === cursor && c.startDate < cursor,
    );
    if (!seg) break;
    sum = { bid: sum.bid.minus(seg.ask), ask: sum.ask.minus(seg.bid) };
    cursor = seg.startDate;
    anchors.unshift({ date: cursor, points: sum });
  }
  const after = curve
    .filter((c) => c.startDate >= spot && c.valueDate > spot && !(c.tenor === 'TN' || c.tenor === 'ON'))
    .sort((a, b) => a.valueDate.localeCompare(b.valueDate));
  for (const c of after) {
    const last = anchors.at(-1)!;
    const points = { bid: new Money(c.bid), ask: new Money(c.ask) };
    // Two tenors on one date (a short month): the longer tenor's points win.
    if (last.date === c.valueDate) last.points = points;
    else anchors.push({ date: c.valueDate, points });
  }
  return anchors;
}

/**
 * The points for `valueDate`.
 * @throws NoForward before the curve's first date or past its last tenor
 */
export function forwardPoints(curve: CurvePoint[], spot: IsoDate, valueDate: IsoDate): Points {
  const anchors = anchorsOf(curve, spot);
  const first = anchors[0]!;
  const last = anchors.at(-1)!;
  if (valueDate < first.date)
    throw new NoForward(
      first.date === spot
        ? `No ON/TN points to price a value date before spot (${spot})`
        : `A value date before ${first.date} cannot be priced`,
    );
  if (valueDate > last.date) {
    const longest = curve.find((c) => c.valueDate === last.date);
    throw new NoForward(
      `${valueDate} is past the longest tenor of the curve (${longest?.tenor ?? 'spot'}, ${last.date})`,
    );
  }
  const i = anchors.findIndex((a) => a.date >= valueDate);
  const hi = anchors[i]!;
  if (hi.date === valueDate) return hi.points;
  const lo = anchors[i - 1]!;
  const share = new Money(daysBetween(lo.date, valueDate)).div(daysBetween(lo.date, hi.date));
  const along = (a: Money, b: Money) =>
    a.plus(b.minus(a).times(share)).toDecimalPlaces(POINTS_DECIMALS, Money.ROUND_HALF_EVEN);
  return { bid: along(lo.points.bid, hi.points.bid), ask: along(lo.points.ask, hi.points.ask) };
}

/** Spot plus points × pip size, side by side; the mid from the mid of each. */
export function outright(
  spot: { bid: string; ask: string; mid: string },
  points: Points,
  pipSize: string,
): { bid: string; ask: string; mid: string } {
  const pip = new Money(pipSize);
  const mid = points.bid.plus(points.ask).div(2);
  return {
    bid: new Money(spot.bid).plus(points.bid.times(pip)).toString(),
    ask: new Money(spot.ask).plus(points.ask.times(pip)).toString(),
    mid: new Money(spot.mid).plus(mid.times(pip)).toString(),
  };
}

export const midOf = (p: Points): string => p.bid.plus(p.ask).div(2).toString();
