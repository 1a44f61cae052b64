import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { InstrumentsModule } from '../instruments/instruments.module';
import type { Marks } from './marks';
import { positionSnapshots, tradeEvents, tradeLegs, trades } from './trading.tables';

/**
 * The end of day's snapshot of positions: per account and instrument, the open position of
 * margin FX and CFD lots and what is traded but not yet delivered, with its cost at the dealt
 * rates, the mark and the unrealised P&L against it — one statement, whatever the number of
 * positions. Taking it again for a date replaces it (a re-run's snapshot is of what that run
 * left).
 */
export function createSnapshots(deps: { db: Db; instruments: InstrumentsModule }) {
  const { db } = deps;

  /** The instruments positions are held in, with what marks them: an FX pair's rate, a CFD's price × size. */
  async function markedInstruments(marks: Marks) {
    const ids = (
      await db.execute<{ id: number }>(sql`
        select distinct instrument_id as id from ${trades} where open_amount <> 0 and instrument_id is not null
        union
        select distinct t.instrument_id from ${tradeLegs} l join ${trades} t on t.id = l.trade_id
         where l.status = 'PENDING' and t.instrument_id is not null`)
    ).rows.map((r) => Number(r.id));
    const rows: { id: number; mark: string | null; size: string }[] = [];
    for (const id of ids) {
      const i = await deps.instruments.catalog.get(id);
      if (i.kind === 'CFD') rows.push({ id, mark: marks.cfd(id)?.toString() ?? null, size: i.contractSize });
      else if (i.kind === 'FX')
        rows.push({ id, mark: marks.fx(i.base, i.quote)?.toString() ?? null, size: '1' });
    }
    return rows;
  }

  return {
    /** Replaces the snapshot of `businessDate`; answers how many positions it holds. */
    async take(businessDate: string, marks: Marks): Promise<number> {
      const marked = await markedInstruments(marks);
      const col = <T>(f: (r: (typeof marked)[number]) => T) => sql.param(marked.map(f));
      return db.transaction(async (tx) => {
        await tx.execute(sql`delete from ${positionSnapshots} where business_date = ${businessDate}`);
        const res = await tx.execute(sql`
          insert into ${positionSnapshots}
            (business_date, account_id, instrument_id, kind, entity_id, quantity, cost, currency, mark, unrealised)
          select ${businessDate}::date, p.account_id, p.instrument_id, p.kind, p.entity_id, p.quantity, p.cost,
                 p.currency, m.mark, (p.quantity * m.mark - p.cost) * m.size
            from (select t.account_id, t.instrument_id, 'POSITION' as kind, t.entity_id, t.quote_currency as currency,
                         sum(t.open_amount) as quantity, sum(t.open_amount * t.rate) as cost
                    from ${trades} t
                   where t.open_amount <> 0
                   group by t.account_id, t.instrument_id, t.entity_id, t.quote_currency
                  union all
                  select t.account_id, t.instrument_id, 'UNSETTLED', t.entity_id, t.quote_currency,
                         sum(b.amount), sum(b.amount * l.rate)
                    from ${tradeLegs} l
                    join ${trades} t on t.id = l.trade_id
                    cross join lateral (select case when l.side = 'BUY' then l.receive_amount
                                                    else -l.pay_amount end as amount) b
                   where l.status = 'PENDING' and t.instrument_id is not null
                   group by t.account_id, t.instrument_id, t.entity_id, t.quote_currency) p
            left join unnest(${col((r) => r.id)}::int[], ${col((r) => r.mark)}::numeric[], ${col((r) => r.size)}::numeric[])
                 as m(instrument_id, mark, size) on m.instrument_id = p.instrument_id
           where p.quantity <> 0 or p.cost <> 0`);
        return res.rowCount ?? 0;
      });
    },
  };
}
export type Snapshots = ReturnType<typeof createSnapshots>;

/** What the end of day of a date has done, read from what it left: legs settled, lots rolled and financed, positions snapshotted. */
export async function endOfDayCounts(db: Db, businessDate: string) {
  const { rows } = await db.execute<{
    settled: number;
    rolled: number;
    financed: number;
    snapshots: number;
    barriers: number;
    lateSettled: number;
  }>(sql`
    select (select count(*)::int from ${tradeLegs} where settled_on = ${businessDate}) as settled,
           (select count(*)::int from ${tradeLegs} where settled_on = ${businessDate} and value_date < ${businessDate}) as "lateSettled",
           (select count(*)::int from ${tradeEvents} where business_date = ${businessDate} and kind in ('KNOCKED_IN', 'KNOCKED_OUT')) as barriers,
           (select count(*)::int from ${tradeEvents} where business_date = ${businessDate} and kind = 'ROLLED') as rolled,
           (select count(*)::int from ${tradeEvents} where business_date = ${businessDate} and kind = 'FINANCED') as financed,
           (select count(*)::int from ${positionSnapshots} where business_date = ${businessDate}) as snapshots`);
  return rows[0]!;
}
