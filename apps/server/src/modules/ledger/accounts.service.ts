import { Money } from '@clearway/contracts/amounts';
import { bicProblem, canonicalIban, ibanProblem } from '@clearway/contracts/bank-codes';
import type { TAccount, ZCreateAccount, ZUpdateAccount } from '@clearway/contracts/endpoints/money.schemas';
import { ACCOUNT_TYPES } from '@clearway/contracts/enums';
import { and, asc, desc, eq, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import { type Db, type DbOrTx, inIds, type Tx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import type { EntitiesService } from '../entities/entities.service';
import { entityChildOf, entityNameOf, entityWithin } from '../entities/entity-sql';
import { accounts, balances } from './ledger.tables';

type Who = { principal: Principal; entityId: number };
type AccountRow = typeof accounts.$inferSelect & { entityName: string };

const BROKER_ATTRIBUTES = ['WhiteLabel', 'Executing Broker'];

export function toAccount(r: AccountRow): TAccount {
  return {
    id: r.id,
    type: r.accountType,
    name: r.name,
    parentId: r.parentId,
    bankId: r.bankId,
    entityId: r.entityId,
    entityName: r.entityName,
    accountCode: r.accountCode,
    ibanCode: r.ibanCode,
    swiftCode: r.swiftCode,
    currencyCode: r.currencyCode,
    active: r.active,
  };
}

/** Bank details must be real: IBAN checksum and BIC format (ibantools). @throws BadRequest */
export function validateBankDetails(input: { ibanCode?: string; swiftCode?: string }) {
  const errors: Record<string, string> = {};
  const ibanWrong = input.ibanCode ? ibanProblem(input.ibanCode) : null;
  if (ibanWrong) errors.ibanCode = ibanWrong;
  const bicWrong = input.swiftCode ? bicProblem(input.swiftCode) : null;
  if (bicWrong) errors.swiftCode = bicWrong;
  const first = Object.entries(errors)[0];
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, errors);
}

/** Client accounts of entities; the platform's own accounts never show here. */
export function createAccountsService(db: Db, entitiesService: EntitiesService) {
  const select = () => db.select({ a: accounts, entityName: entityNameOf(accounts.entityId) }).from(accounts);
  const flat = (rows: { a: typeof accounts.$inferSelect; entityName: string }[]) =>
    rows.map((r) => toAccount({ ...r.a, entityName: r.entityName }));

  async function list(
    entityId: number,
    opts: { sortMode: 'name' | 'type' | 'created'; allAccessible: boolean },
  ) {
    const order =
      opts.sortMode === 'type'
        ? [asc(accounts.accountType), asc(accounts.name)]
        : opts.sortMode === 'created'
          ? [desc(accounts.createdAt)]
          : [asc(accounts.name)];
    return flat(
      await select()
        .where(
          and(
            opts.allAccessible ? entityWithin(accounts.entityId, entityId) : eq(accounts.entityId, entityId),
            eq(accounts.kind, 'CLIENT'),
          ),
        )
        .orderBy(...order, asc(accounts.id)),
    );
  }

  /** Client accounts by id, of the entity or below it (one query); ids not found are left out. */
  async function getMany(entityId: number, accountIds: number[]): Promise<TAccount[]> {
    if (accountIds.length === 0) return [];
    return flat(
      await select().where(
        and(
          inIds(accounts.id, accountIds),
          eq(accounts.kind, 'CLIENT'),
          entityWithin(accounts.entityId, entityId),
        ),
      ),
    );
  }

  /** A client account of the entity or of an entity below it (one query). @throws NotFound */
  async function get(entityId: number, accountId: number): Promise<TAccount> {
    const [row] = await select().where(
      and(eq(accounts.id, accountId), eq(accounts.kind, 'CLIENT'), entityWithin(accounts.entityId, entityId)),
    );
    if (!row) throw notFound('Account not found');
    return flat([row])[0]!;
  }

  /**
   * Opens an account in the caller's transaction (a template opens its accounts with the
   * entity); its id. The caller has checked the bank details. @throws BadRequest (unknown currency)
   */
  async function createIn(tx: Tx, who: Who, input: z.output<typeof ZCreateAccount>): Promise<number> {
    const [row] = await tx
      .insert(accounts)
      .values({
        entityId: who.entityId,
        accountType: input.accountType,
        name: input.accountName,
        ibanCode: input.ibanCode ? canonicalIban(input.ibanCode) : null,
        swiftCode: input.swiftCode?.toUpperCase() ?? null,
        accountCode: input.accountCode ?? null,
        currencyCode: input.currencyId ?? null,
        parentId: input.parentId ?? null,
        bankId: input.bankId ?? null,
      })
      .returning({ id: accounts.id })
      .catch((err) => {
        throw (err as { cause?: { code?: string } }).cause?.code === '23503'
          ? badRequest('currencyId: unknown currency or bank', { currencyId: 'unknown' })
          : err;
      });
    await recordAudit(tx, who, {
      action: 'account.create',
      outcome: 'success',
      target: String(row!.id),
      details: { input },
    });
    return row!.id;
  }

  /**
   * What keeps an entity from being deactivated, as the ledger sees it: each of its accounts
   * that still holds or reserves funds, named with what it holds.
   */
  async function fundedAccounts(tx: DbOrTx, entityId: number): Promise<string[]> {
    const rows = await tx
      .select({
        name: accounts.name,
        id: accounts.id,
        asset: balances.asset,
        posted: balances.posted,
        held: balances.held,
      })
      .from(balances)
      .innerJoin(accounts, eq(accounts.id, balances.accountId))
      .where(
        and(
          eq(accounts.entityId, entityId),
          eq(accounts.kind, 'CLIENT'),
          or(ne(balances.posted, '0'), ne(balances.held, '0')),
        ),
      )
      .orderBy(asc(accounts.name), asc(balances.asset));
    return rows.map(
      (r) =>
        `funds in account ${r.name} (${r.id}): ${new Money(r.posted).toString()} ${r.asset}${new Money(r.held).gt(0) ? `, ${new Money(r.held).toString()} held` : ''}`,
    );
  }

  return {
    fundedAccounts,
    types: () => ACCOUNT_TYPES.map((t) => ({ code: t, name: t.replace(/([a-z])([A-Z])/g, '$1 $2') })),
    list,
    get,
    getMany,

    async create(who: Who, input: z.output<typeof ZCreateAccount>): Promise<TAccount> {
      validateBankDetails(input);
      if (input.parentId) await get(who.entityId, input.parentId);
      const id = await db.transaction((tx) => createIn(tx, who, input));
      return get(who.entityId, id);
    },

    createIn,

    /**
     * Renames, recodes, closes or reopens an account, audited with what it was.
     * @throws Conflict when closing an account that still holds or reserves funds
     */
    async update(who: Who, input: z.output<typeof ZUpdateAccount>): Promise<TAccount> {
      const before = await get(who.entityId, input.accountId);
      await db.transaction(async (tx) => {
        // Locks the account row, so no booking slips in between the check and the close.
        await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(accounts.id, input.accountId))
          .for('update');
        if (input.active === false) {
          const [funded] = await tx
            .select({ asset: balances.asset })
            .from(balances)
            .where(
              and(
                eq(balances.accountId, input.accountId),
                or(ne(balances.posted, '0'), ne(balances.held, '0')),
              ),
            )
            .limit(1);
          if (funded)
            throw conflict(`This account still holds ${funded.asset}; move its funds out before closing it`);
        }
        await tx
          .update(accounts)
          .set({
            ...(input.accountName !== undefined ? { name: input.accountName } : {}),
            ...(input.accountCode !== undefined ? { accountCode: input.accountCode } : {}),
            ...(input.active !== undefined ? { active: input.active } : {}),
          })
          .where(eq(accounts.id, input.accountId));
        await recordAudit(tx, who, {
          action: 'account.update',
          outcome: 'success',
          target: String(input.accountId),
          details: { before, input },
        });
      });
      return get(who.entityId, input.accountId);
    },

    /** Accounts of the entity's direct children. */
    async ofChildren(entityId: number) {
      return flat(
        await select()
          .where(and(entityChildOf(accounts.entityId, entityId), eq(accounts.kind, 'CLIENT')))
          .orderBy(asc(accounts.name)),
      );
    },

    /** Accounts of the nearest broker (white label or executing broker) at or above the entity. */
    async ofBroker(entityId: number) {
      const chain = await entitiesService.ancestry(entityId);
      const broker = [...chain]
        .reverse()
        .find((e) => e.attributes.some((a) => BROKER_ATTRIBUTES.includes(a)));
      return broker ? list(broker.id, { sortMode: 'name', allAccessible: false }) : [];
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
