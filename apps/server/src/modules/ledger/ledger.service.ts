import { and, eq, isNull, sql } from 'drizzle-orm';
import { createBatcher, type Outcome } from '../../platform/batcher';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { Money, parseAmount } from '../../platform/money';
import { pgErrorCode, sqlStateError } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import { entities } from '../entities/entities.tables';
import { currencies } from '../reference-data/reference-data.tables';
import { accounts, holds } from './ledger.tables';

export const PLATFORM_ROLES = ['OMNIBUS', 'FEE_INCOME', 'SUSPENSE', 'TRADE_CLEARING'] as const;
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

export type Posting = { accountId: number; asset: string; amount: string };
export type LedgerActor = { principal: Principal | null; entityId?: number | null };
type Meta = { kind: string; reference?: string | null; memo?: string | null };
type AssetInfo = { scale: number; assetClass: 'FIAT' | 'CRYPTO' };

/** The database's ledger errors as domain errors (anything else unchanged). */
function asLedgerError(err: unknown): unknown {
  switch (pgErrorCode(err)) {
    case '23514':
      return new AppError('InsufficientFunds', 422, INSUFFICIENT_FUNDS, {
        amount: 'exceeds the available balance',
      });
    case 'CW001':
      return new AppError('Unbalanced', 400, 'The transaction does not balance');
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
function ledgerError(err: unknown): never {
  throw asLedgerError(err);
}

const actor = (who: LedgerActor) => ({
  kind: who.principal?.kind ?? 'system',
  id: who.principal?.id ?? null,
  entity: who.entityId ?? who.principal?.homeEntityId ?? null,
});

const intArray = (xs: number[]) => sql`${`{${xs.join(',')}}`}::int[]`;
const textArray = (xs: string[]) =>
  sql`${`{${xs.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
const numericArray = (xs: string[]) => sql`${`{${xs.join(',')}}`}::numeric[]`;

type TransferItem = {
  who: LedgerActor;
  meta: Meta;
  from: number;
  to: number;
  asset: string;
  amount: string;
};

/**
 * The only way money moves. Every write is a single call of a ledger function in the
 * caller's transaction: it locks the touched balances in a fixed order, appends postings
 * that sum to zero per asset and updates the balances with them.
 * @throws InsufficientFunds (422), Unbalanced (400), AlreadyResolved (409)
 */
export function createLedgerService(db: Db) {
  const assets = new Map<string, AssetInfo>();
  const omnibus = new Map<string, number>();
  // A closed account aborts the whole batch (CW005): then each transfer goes alone.
  const transferBatch = createBatcher(runTransferBatch, { name: 'ledger_transfer', aloneOnFailure: true });

  /**
   * One call of the batch function (migration 0017) as a named prepared statement: the
   * hot path skips query building and re-planning.
   */
  async function runTransferBatch(items: TransferItem[]): Promise<Outcome<number>[]> {
    const col = <T>(f: (i: TransferItem) => T) => items.map(f);
    const res = await db.$client.query<{ txn: string | null; failure: string | null }>({
      name: 'ledger_transfer_batch',
      text: 'select txn, failure from ledger_transfer_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) order by idx',
      values: [
        col((i) => i.meta.kind),
        col((i) => i.meta.reference ?? null),
        col((i) => actor(i.who).kind),
        col((i) => actor(i.who).id),
        col((i) => actor(i.who).entity),
        col((i) => i.meta.memo ?? null),
        col((i) => i.from),
        col((i) => i.to),
        col((i) => i.asset),
        col((i) => new Money(i.amount).toString()),
      ],
    });
    return res.rows.map((r) =>
      r.txn !== null
        ? { ok: true, value: Number(r.txn) }
        : { ok: false, error: asLedgerError(sqlStateError(r.failure!, 'ledger')) },
    );
  }

  /** An asset's scale and class (read once, then remembered: neither ever changes). */
  async function assetOf(asset: string, tx: DbOrTx = db): Promise<AssetInfo> {
    const known = assets.get(asset);
    if (known) return known;
    const [row] = await tx
      .select({ scale: currencies.scale, assetClass: currencies.assetClass })
      .from(currencies)
      .where(eq(currencies.code, asset));
    if (!row)
      throw badRequest(`asset: ${asset} is not a known currency or asset`, { asset: 'unknown asset' });
    assets.set(asset, row);
    return row;
  }

  async function scaleOf(asset: string, tx: DbOrTx = db): Promise<number> {
    return (await assetOf(asset, tx)).scale;
  }

  /** @throws BadRequest when the asset is not of the class the movement needs (a fiat deposit of BTC). */
  async function requireClass(asset: string, assetClass: AssetInfo['assetClass']): Promise<void> {
    if ((await assetOf(asset)).assetClass !== assetClass)
      throw badRequest(`asset: ${asset} is not a ${assetClass.toLowerCase()} asset`, {
        asset: `must be a ${assetClass.toLowerCase()} asset`,
      });
  }

  /** A positive amount valid for the asset's scale, as its canonical string. */
  async function amountFor(asset: string, value: string, tx: DbOrTx = db): Promise<string> {
    return parseAmount(value, await scaleOf(asset, tx)).toString();
  }

  async function post(tx: DbOrTx, who: LedgerActor, meta: Meta, postings: Posting[]): Promise<number> {
    const a = actor(who);
    try {
      const res = await tx.execute<{ id: string }>(sql`select ledger_post(
        ${meta.kind}, ${meta.reference ?? null}, ${a.kind}, ${a.id}, ${a.entity}, ${meta.memo ?? null},
        ${intArray(postings.map((p) => p.accountId))}, ${textArray(postings.map((p) => p.asset))},
        ${numericArray(postings.map((p) => new Money(p.amount).toString()))}) as id`);
      return Number(res.rows[0]!.id);
    } catch (err) {
      ledgerError(err);
    }
  }

  const service = {
    scaleOf,
    amountFor,
    requireClass,
    post,

    /**
     * A transfer that is a whole unit of work: committed in its own database transaction,
     * together with the transfers other callers make at the same time (group commit).
     * @throws InsufficientFunds (422)
     */
    transferNow(who: LedgerActor, meta: Meta, from: number, to: number, asset: string, amount: string) {
      return transferBatch({ who, meta, from, to, asset, amount }).catch(ledgerError);
    },

    /** The custody omnibus account of an asset (created on first use, then remembered). */
    async omnibusOf(asset: string): Promise<number> {
      const known = omnibus.get(asset);
      if (known !== undefined) return known;
      const id = await db.transaction((tx) => service.platformAccount(tx, 'OMNIBUS', asset));
      omnibus.set(asset, id);
      return id;
    },

    /** A database error as the ledger's domain error, when it is one. */
    asDomainError: asLedgerError,

    /** Moves `amount` of `asset` from one account to another. */
    transfer(
      tx: DbOrTx,
      who: LedgerActor,
      meta: Meta,
      from: number,
      to: number,
      asset: string,
      amount: string,
    ) {
      const value = new Money(amount);
      return post(tx, who, meta, [
        { accountId: from, asset, amount: value.neg().toString() },
        { accountId: to, asset, amount: value.toString() },
      ]);
    },

    async placeHold(
      tx: DbOrTx,
      accountId: number,
      asset: string,
      amount: string,
      reference: string | null,
    ): Promise<number> {
      try {
        const res = await tx.execute<{ id: string }>(
          sql`select ledger_hold_place(${accountId}, ${asset}, ${amount}::numeric, ${reference}) as id`,
        );
        return Number(res.rows[0]!.id);
      } catch (err) {
        ledgerError(err);
      }
    },

    async postHold(
      tx: DbOrTx,
      who: LedgerActor,
      holdId: number,
      counterAccountId: number,
      meta: Meta,
    ): Promise<number> {
      const a = actor(who);
      try {
        const res = await tx.execute<{ id: string }>(sql`select ledger_hold_post(
          ${holdId}, ${counterAccountId}, ${meta.kind}, ${a.kind}, ${a.id}, ${a.entity}, ${meta.memo ?? null}) as id`);
        return Number(res.rows[0]!.id);
      } catch (err) {
        ledgerError(err);
      }
    },

    /** The hold placed under `reference` and neither posted nor voided yet, if there is one. */
    async placedHold(tx: DbOrTx, reference: string): Promise<{ id: number } | null> {
      const [h] = await tx
        .select({ id: holds.id })
        .from(holds)
        .where(and(eq(holds.reference, reference), eq(holds.status, 'PLACED')));
      return h ?? null;
    },

    async voidHold(tx: DbOrTx, holdId: number): Promise<void> {
      try {
        await tx.execute(sql`select ledger_hold_void(${holdId})`);
      } catch (err) {
        ledgerError(err);
      }
    },

    async reverse(tx: DbOrTx, who: LedgerActor, transactionId: number, memo: string | null): Promise<number> {
      const a = actor(who);
      try {
        const res = await tx.execute<{ id: string }>(
          sql`select ledger_reverse(${transactionId}, ${a.kind}, ${a.id}, ${a.entity}, ${memo}) as id`,
        );
        return Number(res.rows[0]!.id);
      } catch (err) {
        ledgerError(err);
      }
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
      const [root] = await tx
        .select({ id: entities.id })
        .from(entities)
        .where(isNull(entities.parentId))
        .orderBy(entities.id)
        .limit(1);
      if (!root) throw notFound('The platform has no root entity');
      await tx
        .insert(accounts)
        .values({
          entityId: root.id,
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
  };
  return service;
}
export type LedgerService = ReturnType<typeof createLedgerService>;
