import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { entityAtOrBelow } from '../entities/entity-sql';
import { cashEntries } from './ledger.tables';

// A join (rather than a subquery) also makes Drizzle qualify every column of the entry
// with its table, which the correlated subquery below relies on.
const reversal = alias(cashEntries, 'reversal');

/**
 * Locks cash entry `entryId`, so two reversals of it queue, then reads — in a statement of
 * its own, so the second sees what the first committed — the entry; whether all of its
 * accounts lie in the acting entity's tree (the access guard says so to an API call before
 * this runs; a caller inside the server gets the same answer); whether one belongs to the
 * caller's home entity; which entry reversed it, if any; and whether another entry shares its
 * ledger transaction. Null when there is no such entry.
 */
export async function lockEntryForReversal(
  tx: DbOrTx,
  entryId: number,
  caller: { actingEntityId: number; homeEntityId: number },
) {
  const ce = cashEntries;
  await tx.select({ id: ce.id }).from(ce).where(eq(ce.id, entryId)).for('update');
  const [found] = await tx
    .select({
      entry: ce,
      inScope: sql<boolean>`not exists (select 1 from accounts a
          where a.id in (${ce.accountId}, ${ce.counterAccountId})
            and not ${entityAtOrBelow(sql`a.entity_id`, caller.actingEntityId)})`,
      onHomeEntity: sql<boolean>`exists (select 1 from accounts a
          where a.id in (${ce.accountId}, ${ce.counterAccountId}) and a.entity_id = ${caller.homeEntityId})`,
      reversedBy: reversal.id,
      // Another entry in the same ledger transaction (a transfer's fee beside its payout).
      sharesTransaction: sql<boolean>`exists (select 1 from cash_entries o
          where o.transaction_id = ${ce.transactionId} and o.id <> ${ce.id})`,
    })
    .from(ce)
    .leftJoin(reversal, eq(reversal.reversesEntryId, ce.id))
    .where(eq(ce.id, entryId));
  return found ?? null;
}
export type ReversalCandidate = NonNullable<Awaited<ReturnType<typeof lockEntryForReversal>>>;
