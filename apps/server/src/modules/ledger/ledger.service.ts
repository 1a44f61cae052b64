import { and, asc, eq, sql } from 'drizzle-orm';
import { createBatcher, type Outcome } from '../../platform/batcher';
import { type Db, type DbOrTx, isTransaction, pipelinedTransaction, type Tx } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { formatAmount, Money, parseAmount } from '../../platform/money';
import { pgErrorCode, sqlStateError } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import { rootEntityId } from '../entities/entity-lookups';
import { createReferenceDataService, scaleOfAsset } from '../reference-data/reference-data.service';
import { type Booked, type Booking, bareItem, bookAll, isBare, type Leg } from './booking';
import { SpeculationMissed, speculativeCount } from './booking-run';
import { refuseFrozen } from './frozen';
import { accounts, holds, ledgerTransactions, postings } from './ledger.tables';
import { postBatch, reserveTransactionIds } from './ledger-kernel.repo';

/**
 * The platform's own accounts, one per role and asset: custody omnibus, fee income, suspense,
 * trade clearing, and the house's dealing accounts its clients trade FX and CFDs against.
 */
export const PLATFORM_ROLES = [
  'OMNIBUS',
  'FEE_INCOME',
  'SUSPENSE',
  'TRADE_CLEARING',
  'FX',
  'CFD',
  // The options desk: premiums and rebates.
  'OPTIONS',
] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];
export const INSUFFICIENT_FUNDS = 'Insufficient funds';
export const BALANCE_LIMIT = 'would take a balance beyond the largest amount the ledger holds';

/** A movement into or out of a closed account, refused whenever it is tried. */
export const accountClosed = (field?: string) =>
  new AppError(
    'AccountClosed',
    409,
    'This account is closed; it can neither receive nor send funds',
    field ? { [field]: 'this account is closed' } : undefined,
  );

export type Posting = Leg;
export type LedgerActor = { principal: Principal | null; entityId?: number | null };
type Meta = { kind: string; reference?: string | null; memo?: string | null };
type AssetInfo = { scale: number; assetClass: 'FIAT' | 'CRYPTO' };
const SYSTEM: LedgerActor = { principal: null };
/** Ledger transaction ids drawn ahead at a time (see `transactionIds`). */
const ID_BLOCK = 256;

const unbalanced = () => new AppError('Unbalanced', 400, 'The transaction does not balance');

/** The database's ledger errors as domain errors (anything else unchanged). */
function asLedgerError(err: unknown): unknown {
  switch (pgErrorCode(err)) {
    case '23514':
      return new AppError('InsufficientFunds', 422, INSUFFICIENT_FUNDS, {
        amount: 'exceeds the available balance',
      });
    case 'CW001':
      return unbalanced();
    case 'CW002':
      return new AppError('AlreadyResolved', 409, 'This hold has already been posted or voided');
    case 'CW003':
      return new AppError('AlreadyResolved', 409, 'This transaction has already been reversed');
    case 'CW005':
      return accountClosed();
    // A balance past NUMERIC(56,18): only after 10^18 of the largest amounts the contracts accept.
    case '22003':
      return /numeric field overflow/.test(
        `${(err as Error).message} ${(err as { cause?: Error }).cause?.message}`,
      )
        ? new AppError('BadRequest', 422, BALANCE_LIMIT, { amount: BALANCE_LIMIT })
        : err;
    default:
      return err;
  }
}

/** The two legs of moving `amount` of `asset` from one account to another. */
export const transferLegs = (from: number, to: number, asset: string, amount: string): Leg[] => {
  const value = new Money(amount);
  return [
    { accountId: from, asset, amount: value.neg().toString() },
    { accountId: to, asset, amount: value.toString() },
  ];
};

/**
 * The ledger. Money moves only through `book` (in the caller's transaction) and `bookNow`
 * (a transaction of its own, group-committed with the bookings made at the same moment),
 * which share one implementation (`bookAll`, booking.ts): Idempotency-Key, posting through
 * the SQL kernel (sql/ledger/*.sql: balanced legs, balance rows locked in a fixed order,
 * holds, reversals), business record, audit row, stored answer. The other writes here
 * (`transfer`, `placeHold`, `reverse`…) are shorthands for a booking.
 * @throws InsufficientFunds (422), Unbalanced (400), AlreadyResolved (409), AccountClosed (409),
 * IdempotencyKeyConflict (409), and whatever a record kind refuses
 */
export function createLedgerService(db: Db) {
  const referenceData = createReferenceDataService(db);
  const assets = new Map<string, AssetInfo>();
  const omnibus = new Map<string, number>();

  /**
   * Ledger transaction ids drawn ahead in blocks (`reserveTransactionIds`): a speculative
   * booking names its transactions before posting them, so its records travel with the
   * posting. The next block is drawn while half of this one is left, so a booking seldom
   * waits for it. Ids of bookings rolled back or refused are gaps, as ever.
   */
  const reserved: number[] = [];
  let refilling: Promise<void> | null = null;
  const refill = (count: number) =>
    (refilling ??= reserveTransactionIds(db, Math.max(count, ID_BLOCK))
      .then((ids) => {
        reserved.push(...ids);
      })
      .finally(() => {
        refilling = null;
      }));
  async function transactionIds(count: number): Promise<number[]> {
    while (reserved.length < count) await refill(count);
    const taken = reserved.splice(0, count);
    // Drawn in the background; a failure shows when a booking has to wait for a block.
    if (reserved.length < ID_BLOCK / 2) refill(ID_BLOCK).catch(() => undefined);
    return taken;
  }

  /**
   * Books in a transaction of their own, in as few round trips as the booking path allows
   * (`pipelinedTransaction`): BEGIN goes with the checks, the keys' claims and — speculating
   * that all of them pass and every posting is booked — the posting and the records; COMMIT
   * with the audit rows and the answers. When the speculation misses (a refusal, a key seen
   * before), the transaction is rolled back and the bookings booked again, step by step.
   */
  async function bookOwn(items: Booking<unknown>[]): Promise<Outcome<unknown>[]> {
    const ids = await transactionIds(speculativeCount(items));
    try {
      return await pipelinedTransaction(db, (tx, commitWith) =>
        bookAll(tx, items, asLedgerError, { speculate: true, transactionIds: ids, commitWith }),
      );
    } catch (err) {
      if (!(err instanceof SpeculationMissed)) throw err;
      return pipelinedTransaction(db, (tx, commitWith) =>
        bookAll(tx, items, asLedgerError, { checked: err.checked, commitWith }),
      );
    }
  }

  /**
   * One group commit: bare transfers (no key, record or audit row) as one statement of
   * their own; anything else in one database transaction (`bookOwn`). Two batches may be in
   * flight at once (each locks balances in the kernel's fixed order, so they never deadlock):
   * one waits on its round trips while the other works. A batch that fails as a whole (a
   * closed account among its postings) is booked again booking by booking, so each gets its
   * own answer.
   */
  async function bookBatch(items: Booking<unknown>[]): Promise<Outcome<unknown>[]> {
    // Bare transfers skip the transaction, not the freeze: with one refused, the batch takes
    // the general path, which refuses that booking alone.
    if (items.every(isBare) && (await refuseFrozen(db, items)).every((f) => f === null)) {
      const results = await postBatch(db, items.map(bareItem)).catch((err: unknown) => {
        throw asLedgerError(err);
      });
      return results.map((r) =>
        r.failure === null
          ? { ok: true, value: { transactionId: r.txn, holdId: null } satisfies Booked }
          : { ok: false, error: asLedgerError(sqlStateError(r.failure, 'ledger')) },
      );
    }
    return bookOwn(items);
  }
  const together = createBatcher(bookBatch, {
    name: 'ledger_booking',
    aloneOnFailure: true,
    maxInFlight: 2,
  });

  /**
   * Books one movement in the caller's transaction `tx` (given the database, in a
   * transaction of its own): see `Booking`. Answers the record's answer (the stored one
   * for a repeated Idempotency-Key), or what the ledger booked when there is no record.
   */
  async function book<Out = Booked>(tx: DbOrTx, booking: Booking<Out>): Promise<Out> {
    const one = [booking as Booking<unknown>];
    const [outcome] = isTransaction(tx) ? await bookAll(tx, one, asLedgerError) : await bookOwn(one);
    if (!outcome?.ok) throw outcome?.error;
    return outcome.value as Out;
  }

  /**
   * Books many movements in the caller's transaction, set-wise (the end of day's batches): one
   * outcome per booking, in order — a refusal (insufficient funds) refuses that booking alone.
   */
  async function bookMany(tx: Tx, bookings: Booking<unknown>[]): Promise<Outcome<unknown>[]> {
    return bookAll(tx, bookings, asLedgerError);
  }

  /** Books one movement as a unit of work of its own, group-committed (see `bookBatch`). */
  function bookNow<Out = Booked>(booking: Booking<Out>): Promise<Out> {
    return together(booking as Booking<unknown>) as Promise<Out>;
  }

  /** An asset's scale and class (read once, then remembered: neither ever changes). */
  async function assetOf(asset: string): Promise<AssetInfo> {
    const known = assets.get(asset);
    if (known) return known;
    const row = await referenceData.asset(asset);
    if (!row)
      throw badRequest(`asset: ${asset} is not a known currency or asset`, { asset: 'unknown asset' });
    assets.set(asset, row);
    return row;
  }

  async function scaleOf(asset: string, _tx?: DbOrTx): Promise<number> {
    return (await assetOf(asset)).scale;
  }

  const service = {
    book,
    bookNow,
    bookMany,
    scaleOf,

    /** A positive amount valid for the asset's scale, as its canonical string. */
    async amountFor(asset: string, value: string, _tx?: DbOrTx): Promise<string> {
      return parseAmount(value, await scaleOf(asset)).toString();
    },

    /** @throws BadRequest when the asset is not of the class the movement needs (a fiat deposit of BTC). */
    async requireClass(asset: string, assetClass: AssetInfo['assetClass']): Promise<void> {
      if ((await assetOf(asset)).assetClass !== assetClass)
        throw badRequest(`asset: ${asset} is not a ${assetClass.toLowerCase()} asset`, {
          asset: `must be a ${assetClass.toLowerCase()} asset`,
        });
    },

    /** A database error as the ledger's domain error, when it is one. */
    asDomainError: asLedgerError,

    /** Posts balanced legs as one ledger transaction; its id. */
    async post(tx: DbOrTx, who: LedgerActor, meta: Meta, legs: Leg[]): Promise<number> {
      return (await book(tx, { who, ...meta, legs })).transactionId!;
    },

    /** Moves `amount` of `asset` from one account to another; the transaction's id. */
    transfer(
      tx: DbOrTx,
      who: LedgerActor,
      meta: Meta,
      from: number,
      to: number,
      asset: string,
      amount: string,
    ) {
      return service.post(tx, who, meta, transferLegs(from, to, asset, amount));
    },

    /**
     * A transfer that is a whole unit of work, group-committed; the transaction's id.
     * @throws Unbalanced (400) for a transfer to the same account or of nothing
     */
    async transferNow(who: LedgerActor, meta: Meta, from: number, to: number, asset: string, amount: string) {
      if (from === to || !new Money(amount).gt(0)) throw unbalanced();
      return (await bookNow({ who, ...meta, legs: transferLegs(from, to, asset, amount) })).transactionId!;
    },

    /** Reserves `amount` on an account; the hold's id. */
    async placeHold(tx: DbOrTx, accountId: number, asset: string, amount: string, reference: string | null) {
      return (
        await book(tx, {
          who: SYSTEM,
          kind: 'HOLD',
          reference,
          hold: { place: { accountId, asset, amount } },
        })
      ).holdId!;
    },

    /** The open hold with this reference, if any (its account, asset and amount). */
    async openHold(tx: DbOrTx, reference: string) {
      const [h] = await tx
        .select()
        .from(holds)
        .where(and(eq(holds.reference, reference), eq(holds.status, 'PLACED')));
      return h ?? null;
    },

    /** Posts a hold's whole amount to a counter account; the transaction's id. */
    async postHold(tx: DbOrTx, who: LedgerActor, holdId: number, counterAccountId: number, meta: Meta) {
      const [h] = await tx.select().from(holds).where(eq(holds.id, holdId));
      if (!h) throw asLedgerError(sqlStateError('CW002', 'hold'));
      const legs = transferLegs(h.accountId, counterAccountId, h.asset, h.amount);
      return (await book(tx, { who, ...meta, hold: { release: holdId }, legs })).transactionId!;
    },

    /** Releases a hold without moving anything. */
    async voidHold(tx: DbOrTx, holdId: number): Promise<void> {
      await book(tx, { who: SYSTEM, kind: 'HOLD', hold: { release: holdId } });
    },

    /** Posts the opposite of a transaction; the reversal's id. */
    async reverse(tx: DbOrTx, who: LedgerActor, transactionId: number, memo: string | null): Promise<number> {
      return (await book(tx, { who, kind: 'REVERSAL', reverses: transactionId, memo })).transactionId!;
    },

    /** The custody omnibus account of an asset (created on first use, then remembered). */
    async omnibusOf(asset: string): Promise<number> {
      const known = omnibus.get(asset);
      if (known !== undefined) return known;
      const id = await db.transaction((tx) => service.platformAccount(tx, 'OMNIBUS', asset));
      omnibus.set(asset, id);
      return id;
    },

    /** The platform's own account for a role and asset, created on first use. */
    async platformAccount(tx: DbOrTx, role: PlatformRole, asset: string): Promise<number> {
      const find = () =>
        tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(
            and(
              eq(accounts.kind, 'PLATFORM'),
              eq(accounts.platformRole, role),
              eq(accounts.currencyCode, asset),
            ),
          );
      const [found] = await find();
      if (found) return found.id;
      const root = await rootEntityId(tx);
      if (root === null) throw notFound('The platform has no root entity');
      await tx
        .insert(accounts)
        .values({
          entityId: root,
          kind: 'PLATFORM',
          platformRole: role,
          accountType: 'Platform',
          name: `${role} ${asset}`,
          currencyCode: asset,
        })
        .onConflictDoNothing();
      const [made] = await find();
      return made!.id;
    },

    /**
     * An entity's own fee revenue account (the fees it collects, e.g. on transfers), created
     * on first use: a client account of the entity, so its users see its balances and history,
     * marked with the FEE_INCOME role the platform's own fee account has.
     */
    async feeRevenueAccount(tx: DbOrTx, entityId: number): Promise<number> {
      const find = () =>
        tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(
            and(
              eq(accounts.kind, 'CLIENT'),
              eq(accounts.platformRole, 'FEE_INCOME' satisfies PlatformRole),
              eq(accounts.entityId, entityId),
            ),
          );
      const [found] = await find();
      if (found) return found.id;
      await tx
        .insert(accounts)
        .values({
          entityId,
          kind: 'CLIENT',
          platformRole: 'FEE_INCOME',
          accountType: 'Settlement',
          name: 'Fee revenue',
        })
        .onConflictDoNothing();
      const [made] = await find();
      return made!.id;
    },

    /**
     * The postings of the ledger transactions carrying these references (a trade's ticket),
     * reversals included, in the order they were made, with each account's name.
     */
    async postingsByReference(tx: DbOrTx, references: string[]) {
      if (references.length === 0) return [];
      const rows = await tx
        .select({
          id: postings.id,
          transactionId: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          reference: ledgerTransactions.reference,
          reversesId: ledgerTransactions.reversesId,
          at: ledgerTransactions.createdAt,
          accountId: postings.accountId,
          accountName: accounts.name,
          asset: postings.asset,
          amount: postings.amount,
          scale: scaleOfAsset(postings.asset),
        })
        .from(ledgerTransactions)
        .innerJoin(postings, eq(postings.transactionId, ledgerTransactions.id))
        .innerJoin(accounts, eq(accounts.id, postings.accountId))
        .where(sql`${ledgerTransactions.reference} = any(${sql.param(references)}::text[])`)
        .orderBy(asc(ledgerTransactions.id), asc(postings.id));
      return rows.map((r) => ({
        ...r,
        reference: r.reference!,
        amount: formatAmount(r.amount, r.scale),
        at: r.at.toISOString(),
      }));
    },

    /** The owning entity of each account (a platform account's: the root). */
    async ownersOf(tx: DbOrTx, accountIds: number[]): Promise<Map<number, number>> {
      if (accountIds.length === 0) return new Map();
      const rows = await tx
        .select({ id: accounts.id, entityId: accounts.entityId })
        .from(accounts)
        .where(sql`${accounts.id} = any(${sql.param([...new Set(accountIds)])}::int[])`);
      return new Map(rows.map((r) => [r.id, r.entityId]));
    },
  };
  return service;
}
export type LedgerService = ReturnType<typeof createLedgerService>;
