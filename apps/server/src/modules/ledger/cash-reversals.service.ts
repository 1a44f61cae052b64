import type { TCashEntry, ZCashReversal } from '@clearway/contracts/endpoints/money.schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { createEvents } from '../../platform/events';
import { withIdempotency } from '../../platform/idempotency';
import { Money } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import { recordCashEntry, toEntry } from './cash-entries.service';
import { lockEntryForReversal, type ReversalCandidate } from './cash-reversals.repo';
import type { LedgerService } from './ledger.service';

type Who = { principal: Principal; entityId: number; request?: FastifyRequest };
type EntryType = TCashEntry['type'];

/** A committed-with-it reversal, for whoever must hear of it (the account owner's users). */
export type Reversal = {
  reversal: TCashEntry;
  original: TCashEntry;
  reason: string;
  by: Principal;
};

/** What reversals announce, inside the reversal's transaction (subscribe with `events.on`). */
export type CashReversalEvents = { reversed: Reversal };

/** Why an entry on the reverser's own entity is refused (as for booking one: maker-checker). */
export const OWN_ENTITY_REVERSAL =
  'Entries on your own entity’s accounts are reversed by staff of a parent entity';

/** An entry type as a sentence names it. */
export const ENTRY_TYPE_NAMES: Record<EntryType, string> = {
  DEPOSIT: 'deposit',
  WITHDRAWAL: 'withdrawal',
  INTERNAL_TRANSFER: 'internal transfer',
};

/** Refuses what may not be reversed, in the order a caller can act on. */
function checkReversible(found: ReversalCandidate | null, type: EntryType): ReversalCandidate['entry'] {
  if (!found?.inScope) throw notFound('Cash entry not found');
  if (found.onHomeEntity) throw forbidden(OWN_ENTITY_REVERSAL);
  const c = found.entry;
  if (c.type !== type) {
    const msg = `Cash entry ${c.id} is a ${ENTRY_TYPE_NAMES[c.type as EntryType]}, not a ${ENTRY_TYPE_NAMES[type]}`;
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
  return c;
}

/**
 * Reversals of back-office bookings. A mistaken historic entry is never edited: staff who
 * may book its type post the opposite ledger transaction (`ledger.reverse`, which locks
 * the balances like any movement, so a reversal that would overdraw a client account is
 * refused) and record it as a new entry pointing at the first, with the reason, an audit
 * row, once per Idempotency-Key — and each entry is reversed at most once.
 * @throws NotFound (no such entry in the acting entity's tree), Forbidden (an account of the
 * caller's own entity), BadRequest (an entry of another type), Conflict (a reversal, or an
 * entry that completed a request), AlreadyResolved (already reversed), InsufficientFunds,
 * AccountClosed, IdempotencyKeyConflict
 */
export function createCashReversalsService(deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;
  const events = createEvents<CashReversalEvents>();

  async function reverse(who: Who, key: string, body: z.output<typeof ZCashReversal>, type: EntryType) {
    return withIdempotency(db, who.principal, key, body, async (tx) => {
      const caller = { actingEntityId: who.entityId, homeEntityId: who.principal.homeEntityId };
      const original = checkReversible(await lockEntryForReversal(tx, body.cashEntryId, caller), type);
      const transactionId = await ledger.reverse(tx, who, original.transactionId, body.reason);
      const row = await recordCashEntry(tx, who, {
        type: original.type,
        accountId: original.accountId,
        counterAccountId: original.counterAccountId,
        asset: original.asset,
        amount: new Money(original.amount).negated().toFixed(),
        reference: original.reference,
        memo: body.reason,
        transactionId,
        reversesEntryId: original.id,
      });
      await recordAudit(tx, who, {
        action: 'cashentry.reverse',
        outcome: 'success',
        target: String(row.id),
        details: { reverses: original.id, type, transactionId, reason: body.reason },
      });
      const scale = await ledger.scaleOf(original.asset, tx);
      const reversal = toEntry(row, scale);
      await events.emit(tx, 'reversed', {
        reversal,
        original: toEntry(original, scale),
        reason: body.reason,
        by: who.principal,
      });
      return { ...reversal, reversesEntryId: original.id };
    });
  }

  return {
    /** Subscribe to reversals (`reversed`, see CashReversalEvents). */
    events: { on: events.on },
    reverseDeposit: (who: Who, key: string, b: z.output<typeof ZCashReversal>) =>
      reverse(who, key, b, 'DEPOSIT'),
    reverseWithdrawal: (who: Who, key: string, b: z.output<typeof ZCashReversal>) =>
      reverse(who, key, b, 'WITHDRAWAL'),
    reverseInternalTransfer: (who: Who, key: string, b: z.output<typeof ZCashReversal>) =>
      reverse(who, key, b, 'INTERNAL_TRANSFER'),
  };
}
export type CashReversalsService = ReturnType<typeof createCashReversalsService>;
