import type { TPendingChange } from '@clearway/contracts/endpoints/limits.schemas';
import type {
  TCashEntry,
  ZCashEntryList,
  ZCashMovement,
  ZCashTransfer,
} from '@clearway/contracts/endpoints/money.schemas';
import type { PayloadOf } from '@clearway/contracts/request-types/request-types';
import { and, asc, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Db, type DbOrTx, statement, type Tx } from '../../platform/db';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { withIdempotency } from '../../platform/idempotency';
import { formatAmount } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import { entityAtOrBelow, entityNameOf, entityWithin } from '../entities/entity-sql';
import { scaleOfAsset } from '../reference-data/reference-data.service';
import { type Booked, type RecordItem, type RecordKind, recordOf } from './booking';
import { type LedgerService, transferLegs } from './ledger.service';
import { accounts as accountsTable, cashEntries } from './ledger.tables';

/** Why a historic entry on the booker's own entity is refused (maker-checker: use a request). */
export const OWN_ENTITY_BOOKING =
  'Historic entries are booked by staff of a parent entity; for your own entity’s accounts, submit a request for approval';

type Who = { principal: Principal; entityId: number; request?: FastifyRequest };
type LargeEntry = PayloadOf<'LARGE CASH ENTRY'>;
/**
 * The ceilings a back-office entry is held to (the limits module's, attached once it exists):
 * the ceiling an entry is above at its accounts' owners, and the request such an entry becomes.
 */
export type CashCeilings = {
  /** For each entry, the ceiling it is above at any of its owners, as it reads (null: within). */
  breaches(entries: { entityIds: number[]; asset: string; amount: string }[]): Promise<(string | null)[]>;
  submit(tx: Tx, who: Who, payload: LargeEntry): Promise<{ id: number; requiredApprovals: number }>;
};
const counterAccounts = alias(accountsTable, 'counter_account');
const reversals = alias(cashEntries, 'reversal');
type Row = typeof cashEntries.$inferSelect;
type EntryType = TCashEntry['type'];

export function toEntry(r: Row, scale: number): TCashEntry {
  return {
    id: r.id,
    type: r.type as EntryType,
    entityId: r.entityId,
    accountId: r.accountId,
    counterAccountId: r.counterAccountId,
    asset: r.asset,
    amount: formatAmount(r.amount, scale),
    valueDate: r.valueDate,
    reference: r.reference,
    memo: r.memo,
    transactionId: r.transactionId,
    requestId: r.requestId,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
  };
}

/** What a cash entry records of a movement (the ledger transaction comes from the booking). */
export type CashEntryInput = {
  type: EntryType;
  accountId: number;
  counterAccountId?: number | null;
  asset: string;
  amount: string;
  /** Today when not given. */
  valueDate?: string;
  reference?: string | null;
  memo?: string | null;
  /** The money request this movement completed. */
  requestId?: number | null;
  /** The entry this one reverses. */
  reversesEntryId?: number | null;
};

type EntryRow = {
  id: number;
  type: string;
  entity_id: number;
  account_id: number;
  counter_account_id: number | null;
  asset: string;
  amount: string;
  value_date: string;
  reference: string | null;
  memo: string | null;
  transaction_id: string;
  request_id: string | null;
  reverses_entry_id: number | null;
  created_by: string;
  created_at: Date;
  scale: number;
};

const fromRow = (r: EntryRow): Row => ({
  id: r.id,
  type: r.type,
  entityId: r.entity_id,
  accountId: r.account_id,
  counterAccountId: r.counter_account_id,
  asset: r.asset,
  amount: r.amount,
  valueDate: r.value_date,
  reference: r.reference,
  memo: r.memo,
  transactionId: Number(r.transaction_id),
  requestId: r.request_id === null ? null : Number(r.request_id),
  reversesEntryId: r.reverses_entry_id,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

const at = sql.placeholder;
const WRITE_ENTRIES = statement<EntryRow, Record<string, unknown[]>>(
  'cash_entries_write',
  sql`insert into ${cashEntries} (type, entity_id, account_id, counter_account_id, asset, amount, value_date,
                                  reference, memo, transaction_id, request_id, reverses_entry_id, created_by)
      select e.type, a.entity_id, e.account_id, e.counter_account_id, e.asset, e.amount, e.value_date,
             e.reference, e.memo, e.transaction_id, e.request_id, e.reverses_entry_id, e.created_by
        from unnest(${at('types')}::text[], ${at('accounts')}::int[], ${at('counterAccounts')}::int[],
                    ${at('assets')}::text[], ${at('amounts')}::numeric[], ${at('valueDates')}::text[],
                    ${at('references')}::text[], ${at('memos')}::text[], ${at('transactions')}::bigint[],
                    ${at('requests')}::bigint[], ${at('reverses')}::int[], ${at('createdBy')}::text[])
             with ordinality as e(type, account_id, counter_account_id, asset, amount, value_date, reference, memo,
                                  transaction_id, request_id, reverses_entry_id, created_by, o)
        join ${accountsTable} a on a.id = e.account_id
       order by e.o
      returning *, ${scaleOfAsset(sql`asset`)} as scale`,
);

/**
 * Writes the cash entries of booked movements, one statement for all (prepared once per
 * connection), each as the API shows it; an entry belongs to its account's owner.
 */
export async function writeEntries(
  tx: Tx,
  items: (RecordItem<CashEntryInput> & Booked)[],
): Promise<{ entry: TCashEntry; row: Row; scale: number }[]> {
  const today = new Date().toISOString().slice(0, 10);
  const col = <T>(f: (i: RecordItem<CashEntryInput> & Booked) => T) => items.map(f);
  const rows = await WRITE_ENTRIES(tx, {
    types: col((i) => i.input.type),
    accounts: col((i) => i.input.accountId),
    counterAccounts: col((i) => i.input.counterAccountId ?? null),
    assets: col((i) => i.input.asset),
    amounts: col((i) => i.input.amount),
    valueDates: col((i) => i.input.valueDate ?? today),
    references: col((i) => i.input.reference ?? null),
    memos: col((i) => i.input.memo ?? null),
    transactions: col((i) => i.transactionId),
    requests: col((i) => i.input.requestId ?? null),
    reverses: col((i) => i.input.reversesEntryId ?? null),
    createdBy: col((i) => i.who.principal?.name ?? 'system'),
  });
  const byTransaction = new Map(rows.map((r) => [Number(r.transaction_id), r]));
  return items.map((i) => {
    const r = byTransaction.get(i.transactionId!)!;
    const row = fromRow(r);
    return { entry: toEntry(row, r.scale), row, scale: r.scale };
  });
}

/** A booking's answer known to be the entry itself (below its ceiling); for callers that book small amounts. */
export function bookedEntry(answer: TCashEntry | TPendingChange): TCashEntry {
  if ('pendingRequest' in answer) throw new Error(`Not booked: ${answer.pendingRequest.message}`);
  return answer;
}

const answers = async (tx: Tx, items: (RecordItem<CashEntryInput> & Booked)[]) =>
  (await writeEntries(tx, items)).map((w) => w.entry);

/** A movement a request completed, or an opening balance: the entry it leaves in the history. */
export const completedEntry: RecordKind<CashEntryInput, TCashEntry> = { name: 'cash_entry', write: answers };
export const completedEntryOf = (input: CashEntryInput) => recordOf(completedEntry, input);

/**
 * A payout that paid a fee: the withdrawal of what left (the net amount) and, in the same
 * ledger transaction, the fee's own entry from the account to the collector's fee revenue
 * account — so the fee shows in both histories and can be reported, or reversed, alone.
 * Answers the payout's entry.
 */
export const payoutWithFee: RecordKind<{ payout: CashEntryInput; fee: CashEntryInput }, TCashEntry> = {
  name: 'payout_with_fee',
  async write(tx, items) {
    const payouts = await writeEntries(
      tx,
      items.map((i) => ({ ...i, input: i.input.payout })),
    );
    await writeEntries(
      tx,
      items.map((i) => ({ ...i, input: i.input.fee })),
    );
    return payouts.map((p) => p.entry);
  },
};
export const payoutWithFeeOf = (payout: CashEntryInput, fee: CashEntryInput) =>
  recordOf(payoutWithFee, { payout, fee });

const HISTORIC_ACCOUNTS = statement<
  { account: number; acting: number; entity_id: number; within: boolean },
  { accounts: number[]; acting: number[] }
>(
  'historic_entry_accounts',
  sql`select x.account, x.acting, a.entity_id, ${entityAtOrBelow(sql`a.entity_id`, sql`x.acting`)} as within
        from unnest(${at('accounts')}::int[], ${at('acting')}::int[]) as x(account, acting)
        join ${accountsTable} a on a.id = x.account`,
);

/** Refused by its ceiling: the entry becomes a request under four eyes instead (`book`). */
export class AboveCeiling extends Error {
  constructor(readonly ceiling: string) {
    super(`Above the ceiling of ${ceiling}`);
  }
}

/**
 * A back-office booking's entry: refused, before anything moves, when one of its accounts
 * lies outside the acting entity's tree (404, as if it did not exist: the access guard says
 * the same to an API call before this runs) or belongs to the booker's own (home) entity —
 * money moves there only by a request and its approval (maker-checker). One read for a batch.
 * Held to the ceilings when given: an entry above the ceiling at the owner of either of its
 * accounts is refused with `AboveCeiling` in the same batched check (before its key is kept).
 */
function historicEntryHeldTo(ceilings: () => CashCeilings | null): RecordKind<CashEntryInput, TCashEntry> {
  return {
    ...historicEntryChecks,
    async check(db, items) {
      const rows = await accountsOf(db, items);
      const refused = items.map((item) => placementRefusal(item, rows));
      const held = ceilings();
      if (!held) return refused;
      const above = await held.breaches(
        items.map(({ input, who }) => ({
          entityIds: ownersOf(input, who, rows),
          asset: input.asset,
          amount: input.amount,
        })),
      );
      return refused.map((r, i) => r ?? (above[i] ? new AboveCeiling(above[i]) : null));
    },
  };
}

type AccountRow = { account: number; acting: number; entity_id: number; within: boolean };
const actingOf = (who: RecordItem<CashEntryInput>['who']) => who.entityId ?? who.principal?.homeEntityId ?? 0;

async function accountsOf(db: DbOrTx, items: RecordItem<CashEntryInput>[]) {
  const named = items.flatMap(({ who, input }) =>
    [input.accountId, input.counterAccountId ?? input.accountId].map((account) => ({
      account,
      acting: actingOf(who),
    })),
  );
  const rows = await HISTORIC_ACCOUNTS(db, {
    accounts: named.map((n) => n.account),
    acting: named.map((n) => n.acting),
  });
  return new Map(rows.map((r) => [`${r.acting}:${r.account}`, r]));
}

const accountRowsOf = (
  { who, input }: RecordItem<CashEntryInput>,
  found: Map<string, AccountRow>,
): (AccountRow | undefined)[] =>
  [input.accountId, input.counterAccountId].flatMap((a) =>
    a == null ? [] : [found.get(`${actingOf(who)}:${a}`)],
  );

const ownersOf = (
  input: CashEntryInput,
  who: RecordItem<CashEntryInput>['who'],
  found: Map<string, AccountRow>,
) => accountRowsOf({ who, input }, found).flatMap((a) => (a ? [a.entity_id] : []));

function placementRefusal(item: RecordItem<CashEntryInput>, found: Map<string, AccountRow>): Error | null {
  const accounts = accountRowsOf(item, found);
  if (accounts.some((a) => !a?.within)) return notFound('Account not found');
  if (accounts.some((a) => a!.entity_id === item.who.principal?.homeEntityId))
    return forbidden(OWN_ENTITY_BOOKING);
  return null;
}

/** What every back-office entry writes (its checks: `historicEntryHeldTo`). */
const historicEntryChecks = { name: 'historic_cash_entry', write: answers };

/** A back-office entry, refused as above (no ceiling: one approved under four eyes is booked as asked). */
const historicEntry = historicEntryHeldTo(() => null);

/**
 * Back-office bookings without a request: each is one ledger transaction (against the
 * custody omnibus for deposits and withdrawals), one cash entry and one audit row, in one
 * database transaction, once per Idempotency-Key — group-committed with the bookings made
 * at the same moment. Which accounts the caller may reach is the access guard's to check
 * (the contract row declares the account ids).
 * @throws Forbidden (an account of the booker's own entity), InsufficientFunds,
 * AccountClosed, IdempotencyKeyConflict, BadRequest (asset, scale, same account twice)
 */
export function createCashEntriesService(deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;
  let ceilings: CashCeilings | null = null;
  // Back-office entries held to the ceilings (once attached), checked with their batch.
  const heldEntry = historicEntryHeldTo(() => ceilings);

  /**
   * An entry above its ceiling becomes a 'LARGE CASH ENTRY' request under four eyes, once per
   * Idempotency-Key (its check refused it before anything else: accounts in reach, not the
   * booker's own). Nothing moves until another person approves it.
   */
  async function submitLarge(who: Who, key: string, body: unknown, e: CashEntryInput, ceiling: string) {
    return withIdempotency(db, who.principal, key, body, async (tx): Promise<TPendingChange> => {
      const request = await ceilings!.submit(tx as Tx, who, {
        type: e.type,
        accountId: e.accountId,
        counterAccountId: e.counterAccountId ?? null,
        asset: e.asset,
        amount: e.amount,
        valueDate: e.valueDate!,
        reference: e.reference ?? null,
        memo: e.memo ?? null,
        ceiling,
      });
      return {
        pendingRequest: {
          id: request.id,
          type: 'LARGE CASH ENTRY',
          requiredApprovals: Math.max(1, request.requiredApprovals),
          message: `Above the ceiling of ${ceiling}: sent for approval as request #${request.id}, booked once another person approves it`,
        },
      };
    });
  }

  /** The legs of an entry: deposits and withdrawals against the custody omnibus of the asset. */
  async function legsOf(tx: Tx, e: LargeEntry) {
    const omnibus = e.type === 'INTERNAL_TRANSFER' ? 0 : await ledger.platformAccount(tx, 'OMNIBUS', e.asset);
    const [from, to] =
      e.type === 'DEPOSIT'
        ? [omnibus, e.accountId]
        : e.type === 'WITHDRAWAL'
          ? [e.accountId, omnibus]
          : [e.accountId, e.counterAccountId!];
    return transferLegs(from, to, e.asset, e.amount);
  }

  async function book(
    who: Who,
    key: string,
    body: unknown,
    type: EntryType,
    input: {
      accountId: number;
      counterAccountId?: number;
      asset: string;
      amount: string;
      valueDate: string;
      reference?: string;
      memo?: string;
    },
  ): Promise<TCashEntry | TPendingChange> {
    if (input.counterAccountId === input.accountId)
      throw badRequest('toAccountId: must differ from the source account', {
        toAccountId: 'must differ from fromAccountId',
      });
    const amount = await ledger.amountFor(input.asset, input.amount);
    const entry: CashEntryInput = {
      type,
      accountId: input.accountId,
      counterAccountId: input.counterAccountId ?? null,
      asset: input.asset,
      amount,
      valueDate: input.valueDate,
      reference: input.reference ?? null,
      memo: input.memo ?? null,
    };
    const omnibus = type === 'INTERNAL_TRANSFER' ? null : await ledger.omnibusOf(input.asset);
    const [from, to] =
      type === 'DEPOSIT'
        ? [omnibus!, input.accountId]
        : type === 'WITHDRAWAL'
          ? [input.accountId, omnibus!]
          : [input.accountId, input.counterAccountId!];
    const booking = ledger.bookNow({
      who,
      kind: type,
      reference: input.reference ?? null,
      memo: input.memo ?? null,
      legs: transferLegs(from, to, input.asset, amount),
      idempotency: { key, body },
      record: recordOf(heldEntry, entry),
      audit: (entry, booked) => ({
        action: `cashentry.${type.toLowerCase()}`,
        outcome: 'success',
        target: String(entry.id),
        details: { transactionId: booked.transactionId, input },
      }),
    });
    return booking.catch((err: unknown) => {
      if (err instanceof AboveCeiling) return submitLarge(who, key, body, entry, err.ceiling);
      throw err;
    });
  }

  return {
    /** Wires the limits module's ceilings (made after the ledger). */
    attachCeilings(c: CashCeilings) {
      ceilings = c;
    },

    /**
     * Refuses a decider of a large entry who could not book it: an account outside the tree
     * of the request's entity, or of the decider's own entity (its users never decide their
     * own money). @throws NotFound, Forbidden
     */
    async assertMayBook(db_: DbOrTx, who: Who, e: LargeEntry) {
      const [refusal] = await historicEntry.check!(db_, [{ who, input: e }]);
      if (refusal) throw refusal;
    },

    /** Books an approved large entry as it was asked, as the approver, in the approval's transaction. */
    async bookApproved(tx: Tx, who: Who, requestId: number, e: LargeEntry): Promise<TCashEntry> {
      return ledger.book(tx, {
        who,
        kind: e.type,
        reference: e.reference,
        memo: e.memo,
        legs: await legsOf(tx, e),
        record: recordOf(historicEntry, { ...e }),
        audit: (entry, booked) => ({
          action: `cashentry.${e.type.toLowerCase()}`,
          outcome: 'success',
          target: String(entry.id),
          details: { transactionId: booked.transactionId, requestId, input: e },
        }),
      });
    },

    deposit: (who: Who, key: string, i: z.output<typeof ZCashMovement>) => book(who, key, i, 'DEPOSIT', i),
    withdrawal: (who: Who, key: string, i: z.output<typeof ZCashMovement>) =>
      book(who, key, i, 'WITHDRAWAL', i),
    internalTransfer: (who: Who, key: string, i: z.output<typeof ZCashTransfer>) =>
      book(who, key, i, 'INTERNAL_TRANSFER', {
        ...i,
        accountId: i.fromAccountId,
        counterAccountId: i.toAccountId,
      }),

    /** Entries of the entity and everything below it, filtered, sorted and paged. */
    async list(entityId: number, f: z.output<typeof ZCashEntryList>) {
      const conds: SQL[] = [entityWithin(cashEntries.entityId, entityId)];
      if (f.type) conds.push(eq(cashEntries.type, f.type));
      if (f.asset) conds.push(eq(cashEntries.asset, f.asset));
      if (f.accountId)
        conds.push(
          or(eq(cashEntries.accountId, f.accountId), eq(cashEntries.counterAccountId, f.accountId))!,
        );
      if (f.from) conds.push(gte(cashEntries.valueDate, f.from));
      if (f.to) conds.push(lte(cashEntries.valueDate, f.to));
      const where = and(...conds);
      // The amount as the history shows it (the web's entry-direction.ts): money out of the
      // account negative — a withdrawal, and a transfer out of the account narrowed to.
      const outOfAccount = f.accountId
        ? sql` or (${cashEntries.type} = 'INTERNAL_TRANSFER' and ${cashEntries.accountId} = ${f.accountId})`
        : sql``;
      const signedAmount = sql`case when ${cashEntries.type} = 'WITHDRAWAL'${outOfAccount} then -${cashEntries.amount} else ${cashEntries.amount} end`;
      const column = {
        createdAt: cashEntries.createdAt,
        amount: signedAmount,
        valueDate: cashEntries.valueDate,
      }[f.sort];
      const order = f.direction === 'asc' ? asc(column) : desc(column);
      const [rows, [count]] = await Promise.all([
        db
          .select({
            e: cashEntries,
            scale: scaleOfAsset(cashEntries.asset),
            accountName: accountsTable.name,
            entityName: entityNameOf(cashEntries.entityId),
            counterAccountName: counterAccounts.name,
            reversedByEntryId: reversals.id,
          })
          .from(cashEntries)
          .innerJoin(accountsTable, eq(accountsTable.id, cashEntries.accountId))
          .leftJoin(counterAccounts, eq(counterAccounts.id, cashEntries.counterAccountId))
          .leftJoin(reversals, eq(reversals.reversesEntryId, cashEntries.id))
          .where(where)
          .orderBy(order, desc(cashEntries.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(cashEntries).where(where),
      ]);
      const items = rows.map((r) => ({
        ...toEntry(r.e, r.scale),
        accountName: r.accountName,
        entityName: r.entityName,
        counterAccountName: r.counterAccountName,
        reversesEntryId: r.e.reversesEntryId,
        reversedByEntryId: r.reversedByEntryId,
      }));
      return { items, total: count?.n ?? 0 };
    },
  };
}
export type CashEntriesService = ReturnType<typeof createCashEntriesService>;
