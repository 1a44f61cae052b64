import type {
  TCashEntry,
  ZCashEntryList,
  ZCashMovement,
  ZCashTransfer,
} from '@clearway/contracts/endpoints/money.schemas';
import { and, asc, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { createBatcher, type Outcome } from '../../platform/batcher';
import { type Db, type DbOrTx, inIds } from '../../platform/db';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { idempotencyConflict, requestHash } from '../../platform/idempotency';
import { formatAmount } from '../../platform/money';
import { pgErrorCode, sqlStateError } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import type { EntitiesService } from '../entities/entities.service';
import { entities as entitiesTable } from '../entities/entities.tables';
import { currencies } from '../reference-data/reference-data.tables';
import type { LedgerService } from './ledger.service';
import { accounts as accountsTable, cashEntries } from './ledger.tables';

/** Why a historic entry on the booker's own entity is refused (maker-checker: use a request). */
export const OWN_ENTITY_BOOKING =
  'Historic entries are booked by staff of a parent entity; for your own entity’s accounts, submit a request for approval';

type Who = { principal: Principal; entityId: number; request?: FastifyRequest };
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

/**
 * Records a completed movement in the history, inside the caller's transaction: a money
 * request whose funds moved on approval, or an opening balance of the demo data.
 */
export async function recordCashEntry(
  tx: DbOrTx,
  who: { principal: Principal | null },
  e: Omit<typeof cashEntries.$inferInsert, 'entityId' | 'createdBy' | 'valueDate'> & { valueDate?: string },
): Promise<Row> {
  const [row] = await tx
    .insert(cashEntries)
    .values({
      ...e,
      // The entry belongs to the account's owner, read in the same statement.
      entityId: sql`(select ${accountsTable.entityId} from ${accountsTable} where ${accountsTable.id} = ${e.accountId})`,
      valueDate: e.valueDate ?? new Date().toISOString().slice(0, 10),
      createdBy: who.principal?.name ?? 'system',
    })
    .returning();
  return row!;
}

/** One booking as migration 0022's `cash_booking` type reads it. */
type CashBooking = {
  principal_kind: string;
  principal_id: string;
  principal_name: string;
  home_entity: number;
  key: string;
  request_hash: string;
  type: EntryType;
  acting_entity: number;
  from_account: number;
  to_account: number;
  account: number;
  counter: number | null;
  asset: string;
  amount: string;
  scale: number;
  value_date: string;
  reference: string | null;
  memo: string | null;
  ip: string | null;
  user_agent: string | null;
  input: unknown;
};

/**
 * Back-office bookings without a request: each is one ledger transaction (against the
 * custody omnibus for deposits and withdrawals), one cash entry and one audit row, in one
 * database transaction, once per Idempotency-Key.
 */
export function createCashEntriesService(deps: { db: Db; ledger: LedgerService; entities: EntitiesService }) {
  const { db, ledger, entities } = deps;

  /** A refused booking as the caller's error (the batch answers SQLSTATEs). */
  const refusal = (err: unknown): unknown => {
    const code = pgErrorCode(err);
    if (code === 'CW409') return idempotencyConflict();
    if (code === 'CW404') return notFound('Account not found');
    if (code === 'CW403') return forbidden(OWN_ENTITY_BOOKING);
    return ledger.asDomainError(err);
  };

  /**
   * Group commit: the bookings of the same moment share one call of `cash_entry_book_batch`
   * (migration 0022) and one commit, each answered in order. When one of them aborts the
   * whole batch (a closed account), each is booked alone for its own answer.
   */
  const bookTogether = createBatcher(
    async (items: CashBooking[]): Promise<Outcome<TCashEntry>[]> => {
      const res = await db.$client.query<{ entry: TCashEntry | null; failure: string | null }>({
        name: 'cash_entry_book_batch',
        text: 'select entry, failure from cash_entry_book_batch($1) order by idx',
        values: [JSON.stringify(items)],
      });
      return res.rows.map((r) =>
        r.failure === null
          ? { ok: true, value: r.entry! }
          : { ok: false, error: sqlStateError(r.failure, 'booking') },
      );
    },
    { name: 'cash_entry_booking', aloneOnFailure: true },
  );

  /**
   * Checks the booking, then books it: account scope check, the own-entity refusal,
   * Idempotency-Key claim, ledger posting, cash entry, audit row and stored response, all
   * or nothing.
   */
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
  ): Promise<TCashEntry> {
    if (input.counterAccountId === input.accountId)
      throw badRequest('toAccountId: must differ from the source account', {
        toAccountId: 'must differ from fromAccountId',
      });
    const amount = await ledger.amountFor(input.asset, input.amount);
    const scale = await ledger.scaleOf(input.asset);
    const omnibus = type === 'INTERNAL_TRANSFER' ? null : await ledger.omnibusOf(input.asset);
    const [from, to] =
      type === 'DEPOSIT'
        ? [omnibus!, input.accountId]
        : type === 'WITHDRAWAL'
          ? [input.accountId, omnibus!]
          : [input.accountId, input.counterAccountId!];
    const p = who.principal;
    return bookTogether({
      principal_kind: p.kind,
      principal_id: p.id,
      principal_name: p.name,
      home_entity: p.homeEntityId,
      key,
      request_hash: requestHash(body),
      type,
      acting_entity: who.entityId,
      from_account: from,
      to_account: to,
      account: input.accountId,
      counter: input.counterAccountId ?? null,
      asset: input.asset,
      amount,
      scale,
      value_date: input.valueDate,
      reference: input.reference ?? null,
      memo: input.memo ?? null,
      ip: who.request?.ip ?? null,
      user_agent: who.request?.headers['user-agent'] ?? null,
      input,
    }).catch((err: unknown) => {
      throw refusal(err);
    });
  }

  return {
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
      const ids = (await entities.subtree(entityId)).map((e) => e.id);
      const conds: SQL[] = [inIds(cashEntries.entityId, ids)];
      if (f.type) conds.push(eq(cashEntries.type, f.type));
      if (f.asset) conds.push(eq(cashEntries.asset, f.asset));
      if (f.accountId)
        conds.push(
          or(eq(cashEntries.accountId, f.accountId), eq(cashEntries.counterAccountId, f.accountId))!,
        );
      if (f.from) conds.push(gte(cashEntries.valueDate, f.from));
      if (f.to) conds.push(lte(cashEntries.valueDate, f.to));
      const where = and(...conds);
      const column = {
        createdAt: cashEntries.createdAt,
        amount: cashEntries.amount,
        valueDate: cashEntries.valueDate,
      }[f.sort];
      const order = f.direction === 'asc' ? asc(column) : desc(column);
      const [rows, [count]] = await Promise.all([
        db
          .select({
            e: cashEntries,
            scale: currencies.scale,
            accountName: accountsTable.name,
            entityName: entitiesTable.name,
            counterAccountName: counterAccounts.name,
            reversedByEntryId: reversals.id,
          })
          .from(cashEntries)
          .innerJoin(currencies, eq(currencies.code, cashEntries.asset))
          .innerJoin(accountsTable, eq(accountsTable.id, cashEntries.accountId))
          .leftJoin(counterAccounts, eq(counterAccounts.id, cashEntries.counterAccountId))
          .leftJoin(reversals, eq(reversals.reversesEntryId, cashEntries.id))
          .innerJoin(entitiesTable, eq(entitiesTable.id, cashEntries.entityId))
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
