import { sql } from 'drizzle-orm';
import { type DbOrTx, queryPrepared } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { frozenMessage, parseFreezeHolder } from '../entities/entity-lookups';
import { frozenHolderOf } from '../entities/entity-sql';
import type { Booking } from './booking';

/**
 * A freeze (beyond the spec) stops new bookings on a frozen entity's subtree — cash entries,
 * trades, request approvals that would move money, reversals — here, on the one path every
 * movement takes, so no kind of booking can forget it. A booking by a principal is refused
 * when any account it touches (its legs, the hold it places, the transaction it reverses)
 * belongs to a frozen entity or one below it; the system's own bookings (jobs settling what
 * was booked before the freeze) are not. One statement for all the bookings.
 */
export async function refuseFrozen(db: DbOrTx, bookings: Booking<unknown>[]): Promise<(Error | null)[]> {
  const idx: number[] = [];
  const accountIds: number[] = [];
  const reversed: { i: number; txn: number }[] = [];
  for (const [i, b] of bookings.entries()) {
    if (!b.who.principal) continue;
    for (const leg of b.legs ?? []) {
      idx.push(i);
      accountIds.push(leg.accountId);
    }
    if (b.hold && 'place' in b.hold) {
      idx.push(i);
      accountIds.push(b.hold.place.accountId);
    }
    if (b.reverses !== undefined) reversed.push({ i, txn: b.reverses });
  }
  const refused: (Error | null)[] = bookings.map(() => null);
  if (idx.length === 0 && reversed.length === 0) return refused;
  const rows = await queryPrepared<{ i: number; holder: string | null }>(
    db,
    'booking_frozen_accounts',
    sql`with touched(i, account_id) as (
          select * from unnest(${sql.param(idx)}::int[], ${sql.param(accountIds)}::int[])
          union all
          select r.i, p.account_id
            from unnest(${sql.param(reversed.map((r) => r.i))}::int[], ${sql.param(reversed.map((r) => r.txn))}::bigint[]) as r(i, txn)
            join postings p on p.transaction_id = r.txn
        )
        select t.i, ${frozenHolderOf(sql`a.entity_id`)} as holder
          from touched t join accounts a on a.id = t.account_id
         where exists (select 1 from entities f where f.frozen_at is not null)`,
  );
  for (const r of rows) {
    const holder = parseFreezeHolder(r.holder);
    if (holder && !refused[r.i]) refused[r.i] = conflict(frozenMessage(holder));
  }
  return refused;
}
