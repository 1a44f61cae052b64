import type { BarrierDirection } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { Money } from '../../platform/money';
import { fxRateHistory, fxRates, instruments } from './instruments.tables';

// The rate sheet's record read for what happened in the market: the range a pair traded in
// over a window and its first touch of a level (an option's barrier), and the rate at an
// instant (an option's expiry cut). The trading module judges options by them.

/** A recorded mid and when the sheet held it. */
export type RatePoint = { rate: string; at: Date };
/** A level and the side it is reached from. */
export type Barrier = { direction: BarrierDirection; level: string };
/** The range a window's record spans, and its first touch of the level (null: none). */
export type Judgement = { low: string | null; high: string | null; touch: RatePoint | null };

/**
 * A pair's window of the sheet's record, and the barrier judged against it; `opening: false`
 * leaves out the rate in force when the window opened (see `pathWithin`).
 */
export type RecordQuery = {
  base: string;
  quote: string;
  from: Date;
  to: Date;
  barrier: Barrier;
  opening?: boolean;
};

/**
 * `judgePath(pathWithin(the pair's recorded mids, from, to, { opening }), barrier)`, computed
 * in the database: the sheet's history (every rate the sheet held, `fx_rate_history`) and its
 * current rate, so a pair's long record is never read row by row.
 */
export async function judgeRecorded(db: DbOrTx, q: RecordQuery): Promise<Judgement> {
  if (q.from.getTime() >= q.to.getTime()) return { low: null, high: null, touch: null };
  const h = fxRateHistory;
  const pair = sql`base = ${q.base} and quote = ${q.quote}`;
  const touching =
    q.barrier.direction === 'UP'
      ? sql`rate >= ${q.barrier.level}::numeric`
      : sql`rate <= ${q.barrier.level}::numeric`;
  // The current sheet row is the history's latest one; it is read too so the sheet's rate in
  // force counts even if its history row were missing. Ties keep the earliest row first.
  // Without the opening rate, only what was recorded after `from` counts (the current row too).
  const from = q.from.toISOString();
  const opening =
    q.opening === false
      ? sql``
      : sql`union all
      (select rate, as_of, id from ${h}
        where ${pair} and as_of <= ${from}::timestamptz
        order by as_of desc, id desc limit 1)`;
  const current =
    q.opening === false
      ? sql`as_of > ${from}::timestamptz and as_of <= ${q.to.toISOString()}::timestamptz`
      : sql`as_of <= ${q.to.toISOString()}::timestamptz`;
  const { rows } = await db.execute<{
    low: string | null;
    high: string | null;
    touch_rate: string | null;
    touch_at: string | Date | null;
  }>(sql`
    with path(rate, as_of, seq) as (
      select rate, as_of, id from ${h}
       where ${pair} and as_of > ${from}::timestamptz and as_of <= ${q.to.toISOString()}::timestamptz
      ${opening}
      union all
      select rate, as_of, 9223372036854775807 from ${fxRates}
       where ${pair} and ${current}
    )
    select min(rate)::text as low, max(rate)::text as high,
           (array_agg(rate::text order by as_of, seq) filter (where ${touching}))[1] as touch_rate,
           (array_agg(as_of order by as_of, seq) filter (where ${touching}))[1] as touch_at
      from path`);
  const r = rows[0];
  if (!r || r.low === null) return { low: null, high: null, touch: null };
  const fig = (v: string) => new Money(v).toString();
  return {
    low: fig(r.low),
    high: fig(r.high!),
    touch: r.touch_rate === null ? null : { rate: fig(r.touch_rate), at: new Date(r.touch_at!) },
  };
}

/** The price decimals of an instrument (4 when it has none recorded). */
export async function pricePrecisionOf(db: DbOrTx, instrumentId: number | null): Promise<number> {
  if (instrumentId === null) return 4;
  const { rows } = await db.execute<{ p: number }>(
    sql`select price_precision as p from ${instruments} where id = ${instrumentId}`,
  );
  return rows[0]?.p ?? 4;
}

/**
 * The sheet's rate of a pair at an instant: the last row of its history recorded at or before
 * it (ties: the last recorded), or null when the sheet had none yet. What an option's expiry is
 * judged against — the market at its cut, never the market when someone asks.
 */
export async function rateAt(
  db: DbOrTx,
  base: string,
  quote: string,
  instant: Date,
): Promise<RatePoint | null> {
  const { rows } = await db.execute<{ rate: string; as_of: string | Date }>(sql`
    select rate::text as rate, as_of from ${fxRateHistory}
     where base = ${base} and quote = ${quote} and as_of <= ${instant.toISOString()}::timestamptz
     order by as_of desc, id desc limit 1`);
  const r = rows[0];
  return r ? { rate: new Money(r.rate).toString(), at: new Date(r.as_of) } : null;
}
