import type { BarrierDirection } from '@clearway/contracts/enums';
import type { DbOrTx } from '../../../platform/db';
import { conflict } from '../../../platform/errors';
import { Money } from '../../../platform/money';
import {
  type Barrier,
  type Judgement,
  judgeRecorded,
  pricePrecisionOf,
  type RatePoint,
} from '../../instruments/rate-record';
import type { OptionRow, TradeRow } from '../trades.repo';

// Whether the market touched an option's barrier: the pure decision over a path of recorded
// mids, and the query that reads the rate sheet's history for it. A knock-in or knock-out is
// applied only on such evidence — the sheet's own record, or a touch the desk observed and
// another staff member approved ('BARRIER EVENT').

/** One recorded mid of a pair and when it was recorded. */
/** The evidence a knock-in or knock-out rests on: the touching rate, when, and who recorded it. */
export type Touch = { rate: string; at: Date; source: string; requestId?: number; requestedBy?: string };
/** An option's barrier (null for a vanilla). */
export const barrierOf = (o: OptionRow): Barrier | null =>
  o.barrierLevel === null
    ? null
    : { direction: o.barrierDirection as BarrierDirection, level: new Money(o.barrierLevel).toString() };

/** Whether one rate touches the barrier: at or above an UP level, at or below a DOWN one. */
export function touches(b: Barrier, rate: string | Money): boolean {
  const r = new Money(rate);
  return b.direction === 'UP' ? r.gte(b.level) : r.lte(b.level);
}

/**
 * The rates in force during a window (`from`, `to`]: the last one recorded at or before
 * `from` (the market when the window opened) and every one recorded after it up to `to`,
 * in time order. Empty when the window is. With `opening: false` only the rates recorded
 * strictly after `from` — an option's path (its barrier is watched from after its booking:
 * the rate in force when it was booked is the market it was booked in, not an event).
 */
export function pathWithin(
  timeline: RatePoint[],
  from: Date,
  to: Date,
  opts: { opening?: boolean } = {},
): RatePoint[] {
  if (from.getTime() >= to.getTime()) return [];
  const sorted = timeline
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.at.getTime() - b.p.at.getTime() || a.i - b.i)
    .map((x) => x.p);
  const opening = sorted.filter((p) => p.at.getTime() <= from.getTime()).at(-1);
  const inside = sorted.filter((p) => p.at.getTime() > from.getTime() && p.at.getTime() <= to.getTime());
  return opening && opts.opening !== false ? [opening, ...inside] : inside;
}

/** The range of a path (in time order) and the first of its rates that touched the barrier. */
export function judgePath(path: RatePoint[], b: Barrier): Judgement {
  if (!path.length) return { low: null, high: null, touch: null };
  let low = new Money(path[0]!.rate);
  let high = low;
  for (const p of path) {
    low = Money.min(low, p.rate);
    high = Money.max(high, p.rate);
  }
  const touch = path.find((p) => touches(b, p.rate)) ?? null;
  return { low: low.toString(), high: high.toString(), touch };
}

/** Until when a touch of the barrier counts: `until` (now by default), never after the expiry cut. */
export const watchEnd = (expiresAt: Date, until = new Date()) =>
  new Date(Math.min(until.getTime(), expiresAt.getTime()));

/** Why a touch observed off the sheet does not count (the field it concerns), or null when it does. */
export function observedProblem(
  b: Barrier,
  seen: { rate: string; at: Date },
  window: { from: Date; to: Date },
): { field: 'observedRate' | 'observedAt'; message: string } | null {
  if (!touches(b, seen.rate))
    return {
      field: 'observedRate',
      message: `${new Money(seen.rate)} does not touch the ${b.direction} barrier at ${new Money(b.level)}`,
    };
  // Strictly after the booking, as the sheet's record is read (`recordedOf`): a barrier the
  // market had already reached when the option was booked is no event of its life.
  const at = seen.at.getTime();
  if (at <= window.from.getTime() || at > window.to.getTime())
    return {
      field: 'observedAt',
      message: `must be after the option's booking (${window.from.toISOString()}) and at or before ${window.to.toISOString()} (now, or its expiry cut when earlier)`,
    };
  return null;
}

/** A rate at the pair's price decimals, or finer when it was recorded finer (never rounded). */
const shown = (v: string, precision: number) => {
  const m = new Money(v);
  return m.toFixed(Math.max(precision, m.decimalPlaces()));
};

/**
 * Why a knock-in or knock-out without evidence is refused: the range the pair traded in since
 * the option was booked, and the barrier it did not reach.
 */
export function untouchedMessage(symbol: string, j: Judgement, b: Barrier, precision: number): string {
  const barrier = `the ${b.direction} barrier at ${shown(b.level, precision)} has not been touched`;
  if (j.low === null || j.high === null)
    return `${symbol} has no recorded rate since this option was booked: ${barrier}`;
  return `${symbol} has traded between ${shown(j.low, precision)} and ${shown(j.high, precision)} since this option was booked: ${barrier}`;
}

/**
 * The sheet's record of an option's barrier strictly after its booking up to `until` (now by
 * default) or its expiry cut, when earlier: the range the pair traded in and its first touch.
 * The rate in force at the booking instant is not part of it — the market the option was
 * booked in is no event of its life (a barrier breached at booking is refused at booking), and
 * evidence from before the booking is refused (`observedProblem`), so the end of day, staff and
 * an approved barrier event judge one and the same path.
 */
export async function recordedOf(db: DbOrTx, t: TradeRow, o: OptionRow, until?: Date) {
  const barrier = barrierOf(o)!;
  const to = watchEnd(o.expiresAt, until);
  const base = t.baseCurrency!;
  const judged = await judgeRecorded(db, {
    base,
    quote: t.quoteCurrency,
    from: t.bookedAt,
    to,
    barrier,
    opening: false,
  });
  const touch: Touch | null = judged.touch ? { ...judged.touch, source: 'rate sheet' } : null;
  return { barrier, judged, touch };
}

/**
 * The evidence of a knock-in or knock-out: the touch `given` (an approved request's, the end
 * of day's), checked again, or else the sheet's own record.
 * @throws Conflict naming the range the pair traded in, or why the touch given does not count
 */
export async function evidenceFor(
  db: DbOrTx,
  t: TradeRow,
  o: OptionRow,
  given?: Touch,
  until?: Date,
): Promise<Touch> {
  if (given) {
    const problem = observedProblem(barrierOf(o)!, given, {
      from: t.bookedAt,
      to: watchEnd(o.expiresAt, until),
    });
    if (problem) throw conflict(problem.message);
    return given;
  }
  const { barrier, judged, touch } = await recordedOf(db, t, o, until);
  if (touch) return touch;
  throw conflict(untouchedMessage(t.symbol, judged, barrier, await pricePrecisionOf(db, t.instrumentId)));
}

export {
  type Barrier,
  type Judgement,
  judgeRecorded,
  type RatePoint,
  rateAt,
} from '../../instruments/rate-record';
