import type { TCashEntry, ZCashReversal } from '@clearway/contracts/endpoints/money.schemas';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { withIdempotency } from '../../platform/idempotency';
import { Money } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import { currencies } from '../reference-data/reference-data.tables';
import { toEntry } from './cash-entries.service';
import type { LedgerService } from './ledger.service';
import { cashEntries } from './ledger.tables';

type Who = { principal: Principal; entityId: number; request?: FastifyRequest };
type EntryType = TCashEntry['type'];

/** Why an entry on the reverser's own entity is refused (as for booking one: maker-checker). */
export const OWN_ENTITY_REVERSAL =
  'Entries on your own entity’s accounts are reversed by staff of a parent entity';

const TYPE_NAMES: Record<EntryType, string> = {
  DEPOSIT: 'deposit',
  WITHDRAWAL: 'withdrawal',
  INTERNAL_TRANSFER: 'internal transfer',
};

/**
 * Locks the entry, so two reversals of it queue, then reads — in a statement of its own, so
 * the second sees what the first committed — whether each of its accounts lies in the
 * acting entity's subtree, whether any belongs to the caller's home entity, and which entry
 * reversed it, if any.
 */
async function lockCandidate(tx: DbOrTx, who: Who, entryId: number) {
  const ce = cashEntries;
  await tx.select({ id: ce.id }).from(ce).where(eq(ce.id, entryId)).for('update');
  const [found] = await tx
    .select({
      entry: ce,
      scale: currencies.scale,
      inScope: sql<boolean>`(select count(*) from accounts a join entities e on e.id = a.entity_id
          where a.id in (${ce.accountId}, ${ce.counterAccountId})
            and e.path like (select top.path from entities top where top.id = ${who.entityId}) || '%')
        = num_nonnulls(${ce.accountId}, ${ce.counterAccountId})`,
      onHomeEntity: sql<boolean>`exists (select 1 from accounts a
          where a.id in (${ce.accountId}, ${ce.counterAccountId}) and a.entity_id = ${who.principal.homeEntityId})`,
      reversedBy: sql<number | null>`(select r.id from cash_entries r where r.reverses_entry_id = ${ce.id})`,
    })
    .from(ce)
    .innerJoin(currencies, eq(currencies.code, ce.asset))
    .where(eq(ce.id, entryId));
  return found ?? null;
}
type Candidate = NonNullable<Awaited<ReturnType<typeof lockCandidate>>>;

/** Refuses what may not be reversed, in the order a caller can act on. */
function checkReversible(found: Candidate | null, type: EntryType): Candidate['entry'] & { scale: number } {
  if (!found?.inScope) throw notFound('Cash entry not found');
  if (found.onHomeEntity) throw forbidden(OWN_ENTITY_REVERSAL);
  const c = found.entry;
  if (c.type !== type) {
    const msg = `Cash entry ${c.id} is a ${TYPE_NAMES[c.type as EntryType]}, not a ${TYPE_NAMES[type]}`;
    throw badRequest(msg, { cashEntryId: msg });
  }
  if (c.reversesEntryId !== null)
    throw conflict('This entry is itself a reversal; book the original entry again instead');
  if (c.requestId !== null)
    throw conflict(
      `This entry completed request #${c.requestId}; correct it with a new booking rather than a reversal`,
    );
  if (found.reversedBy !== null)
    throw new AppError(
      'AlreadyResolved',
      409,
      `This entry was already reversed by entry ${found.reversedBy}`,
    );
  return { ...c, scale: found.scale };
}

/**
 * Reversals of back-office bookings. A mistaken historic entry is never edited: staff who
 * may book its type post the opposite ledger transaction (`ledger.reverse`, which locks
 * the balances like any movement, so a reversal that would overdraw a client account is
 * refused) and record it as a new entry pointing at the first, with the reason, an audit
 * row, once per Idempotency-Key — and each entry is reversed at most once.
 */
export function createCashReversalsService(deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;

  async function reverse(who: Who, key: string, body: z.output<typeof ZCashReversal>, type: EntryType) {
    return withIdempotency(db, who.principal, key, body, async (tx) => {
      const original = checkReversible(await lockCandidate(tx, who, body.cashEntryId), type);
      const transactionId = await ledger.reverse(tx, who, original.transactionId, body.reason);
      const [row] = await tx
        .insert(cashEntries)
        .values({
          type: original.type,
          entityId: original.entityId,
          accountId: original.accountId,
          counterAccountId: original.counterAccountId,
          asset: original.asset,
          amount: new Money(original.amount).negated().toFixed(),
          valueDate: new Date().toISOString().slice(0, 10),
          reference: original.reference,
          memo: body.reason,
          transactionId,
          reversesEntryId: original.id,
          createdBy: who.principal.name,
        })
        .returning();
      await recordAudit(tx, who, {
        action: 'cashentry.reverse',
        outcome: 'success',
        target: String(row!.id),
        details: { reverses: original.id, type, transactionId, reason: body.reason },
      });
      return { ...toEntry(row!, original.scale), reversesEntryId: original.id };
    });
  }

  return {
    reverseDeposit: (who: Who, key: string, b: z.output<typeof ZCashReversal>) =>
      reverse(who, key, b, 'DEPOSIT'),
    reverseWithdrawal: (who: Who, key: string, b: z.output<typeof ZCashReversal>) =>
      reverse(who, key, b, 'WITHDRAWAL'),
    reverseInternalTransfer: (who: Who, key: string, b: z.output<typeof ZCashReversal>) =>
      reverse(who, key, b, 'INTERNAL_TRANSFER'),
  };
}
export type CashReversalsService = ReturnType<typeof createCashReversalsService>;
