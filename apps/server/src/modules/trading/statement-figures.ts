import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { positionSnapshots, tradeEvents, trades } from './trading.tables';

// What a statement reads of the trading module: positions as an end of day left them, and
// the P&L realised within a period — per account, from the module's own tables.

export type SnapshotPosition = {
  accountId: number;
  instrumentId: number;
  symbol: string;
  kind: string;
  quantity: string;
  cost: string;
  currency: string;
  mark: string | null;
  unrealised: string | null;
};

/** The positions of the accounts in the snapshot of `businessDate`'s end of day. */
export async function positionsAt(
  db: Db,
  businessDate: string,
  accountIds: number[],
): Promise<SnapshotPosition[]> {
  if (!accountIds.length) return [];
  const { rows } = await db.execute<{
    account_id: number;
    instrument_id: number;
    symbol: string | null;
    kind: string;
    quantity: string;
    cost: string;
    currency: string;
    mark: string | null;
    unrealised: string | null;
  }>(sql`
    select s.account_id, s.instrument_id, i.symbol, s.kind, s.quantity::text, s.cost::text, s.currency,
           s.mark::text, s.unrealised::text
      from ${positionSnapshots} s
      left join instruments i on i.id = s.instrument_id
     where s.business_date = ${businessDate} and s.account_id = any(${sql.param(accountIds)}::int[])
     order by s.account_id, i.symbol, s.kind`);
  return rows.map((r) => ({
    accountId: Number(r.account_id),
    instrumentId: Number(r.instrument_id),
    symbol: r.symbol ?? String(r.instrument_id),
    kind: r.kind,
    quantity: r.quantity,
    cost: r.cost,
    currency: r.currency,
    mark: r.mark,
    unrealised: r.unrealised,
  }));
}

/**
 * P&L realised by the accounts' trades within the period, per account and currency: what
 * closing trades booked in it realised, and the rolls and financing of its business dates.
 */
export async function realisedBetween(
  db: Db,
  q: { accountIds: number[]; after: Date; upTo: Date; fromDate: string; toDate: string },
): Promise<{ accountId: number; currency: string; amount: string }[]> {
  if (!q.accountIds.length) return [];
  const ids = sql.param(q.accountIds);
  const { rows } = await db.execute<{ account_id: number; currency: string; amount: string }>(sql`
    select account_id, currency, sum(amount)::text as amount from (
      select t.account_id, t.quote_currency as currency, t.realised_pnl as amount from ${trades} t
       where t.account_id = any(${ids}::int[]) and t.realised_pnl is not null
         and t.status not in ('CANCELLED', 'REVERSED')
         and t.booked_at > ${q.after.toISOString()}::timestamptz and t.booked_at <= ${q.upTo.toISOString()}::timestamptz
      union all
      select t.account_id, t.quote_currency, (e.details->>'amount')::numeric from ${tradeEvents} e
        join ${trades} t on t.id = e.trade_id
       where t.account_id = any(${ids}::int[]) and e.kind in ('ROLLED', 'FINANCED')
         and e.business_date between ${q.fromDate} and ${q.toDate}) r
     group by account_id, currency order by 1, 2`);
  return rows.map((r) => ({ accountId: Number(r.account_id), currency: r.currency, amount: r.amount }));
}
