import type { TCashEntry, ZCashReversal } from '@clearway/contracts/endpoints/money.schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { createEvents } from '../../platform/events';
import { Money } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import { type Leg, type RecordKind, recordOf } from './booking';
import { toEntry, writeEntries } from './cash-entries.service';
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

/** The opposite of one entry's own legs: back from where it went to where it came from. */
function entryLegsReversed(e: ReversalCandidate['entry']): Leg[] {
  // Only an account-to-account entry (a transfer's fee) carries both of its legs; one leg alone
  // would not balance, so such an entry is undone with the movement it belongs to.
  if (e.type !== 'INTERNAL_TRANSFER' || e.counterAccountId === null)
    throw conflict('This entry is part of a larger movement: reverse that movement instead');
  const amount = new Money(e.amount);
  return [
    { accountId: e.accountId, asset: e.asset, amount: amount.toFixed() },
    { accountId: e.counterAccountId, asset: e.asset, amount: amount.negated().toFixed() },
  ];
}

/** What a reversal books: the entry to undo, why, and (once locked and checked) the entry itself. */
type ReversalInput = {
  cashEntryId: number;
  type: EntryType;
  reason: string;
  original?: ReversalCandidate['entry'];
};
type ReversalEntry = TCashEntry & { reversesEntryId: number };

/**
 * Reversals of back-office bookings. A mistaken historic entry is never edited: staff who
 * may book its type post the opposite ledger transaction (a booking that `reverses` it,
 * which locks the balances like any movement, so a reversal that would overdraw a client
 * account is refused) and record it as a new entry pointing at the first, with the reason,
 * an audit row, once per Idempotency-Key — and each entry is reversed at most once.
 * @throws NotFound (no such entry in the acting entity's tree), Forbidden (an account of the caller's own entity),
 * BadRequest (an entry of another type), Conflict (a reversal, or an entry that completed a
 * request), AlreadyResolved (already reversed), InsufficientFunds, AccountClosed,
 * IdempotencyKeyConflict
 */
export function createCashReversalsService(deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;
  const events = createEvents<CashReversalEvents>();

  /**
   * The reversal's record: the entry is locked and checked once the key is claimed (a
   * repeat answers the first answer, not "already reversed"), then the opposite entry
   * written and its owner's users told.
   */
  const reversalEntry: RecordKind<ReversalInput, ReversalEntry> = {
    name: 'cash_entry_reversal',
    async prepare(tx, items) {
      const out = [];
      for (const { who, input } of items) {
        try {
          const found = await lockEntryForReversal(tx, input.cashEntryId, {
            actingEntityId: who.entityId!,
            homeEntityId: who.principal!.homeEntityId,
          });
          const original = checkReversible(found, input.type);
          // An entry that shares its ledger transaction (a transfer's fee) is undone alone:
          // the opposite of its own legs, not of the whole transaction.
          out.push(
            found!.sharesTransaction
              ? { legs: entryLegsReversed(original), input: { ...input, original } }
              : { reverses: original.transactionId, input: { ...input, original } },
          );
        } catch (err) {
          out.push(err as Error);
        }
      }
      return out;
    },
    async write(tx, items) {
      const written = await writeEntries(
        tx,
        items.map(({ input, ...rest }) => {
          const o = input.original!;
          return {
            ...rest,
            input: {
              type: o.type as EntryType,
              accountId: o.accountId,
              counterAccountId: o.counterAccountId,
              asset: o.asset,
              amount: new Money(o.amount).negated().toFixed(),
              reference: o.reference,
              memo: input.reason,
              reversesEntryId: o.id,
            },
          };
        }),
      );
      const out: ReversalEntry[] = [];
      for (const [n, { entry: reversal, scale }] of written.entries()) {
        const { input, who } = items[n]!;
        const original = toEntry(input.original!, scale);
        await events.emit(tx, 'reversed', { reversal, original, reason: input.reason, by: who.principal! });
        out.push({ ...reversal, reversesEntryId: original.id });
      }
      return out;
    },
  };

  function reverse(who: Who, key: string, body: z.output<typeof ZCashReversal>, type: EntryType) {
    return ledger.book(db, {
      who,
      kind: 'REVERSAL',
      memo: body.reason,
      idempotency: { key, body },
      record: recordOf(reversalEntry, { cashEntryId: body.cashEntryId, type, reason: body.reason }),
      audit: (entry, booked) => ({
        action: 'cashentry.reverse',
        outcome: 'success',
        target: String(entry.id),
        details: {
          reverses: entry.reversesEntryId,
          type,
          transactionId: booked.transactionId,
          reason: body.reason,
        },
      }),
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
