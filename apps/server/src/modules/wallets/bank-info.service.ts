import { bicProblem, canonicalIban, ibanProblem } from '@clearway/contracts/bank-codes';
import type {
  TBankInfo,
  ZBankInfoCreate,
  ZBankInfoRequest,
} from '@clearway/contracts/endpoints/bank-info.schemas';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { audited, recordAudit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import { auditApprovedEffect, type RequestEngine } from '../requests/request-engine.service';
import { bankAccounts } from './wallets.tables';

type Who = { principal: Principal; entityId: number };
type Row = typeof bankAccounts.$inferSelect;
type Details = Omit<z.output<typeof ZBankInfoCreate>, 'entityId'>;

export function toBankInfo(r: Row, now = new Date()): TBankInfo {
  return {
    id: r.id,
    entityId: r.entityId,
    beneficiaryName: r.beneficiaryName,
    beneficiaryAddress: r.beneficiaryAddress,
    bankName: r.bankName,
    iban: r.iban,
    accountNumber: r.accountNumber,
    bic: r.bic,
    currency: r.currency,
    status: r.status,
    active: r.active,
    usableFrom: r.usableFrom.toISOString(),
    usable: r.status === 'ACTIVE' && r.active && r.usableFrom <= now,
    createdAt: r.createdAt.toISOString(),
  };
}

/** IBAN (checksum) or account number, a real BIC. Returns the details in canonical form. @throws BadRequest */
export function checkBankDetails(d: Details): Details {
  const errors: Record<string, string> = {};
  const iban = d.iban ? (canonicalIban(d.iban) ?? undefined) : undefined;
  const ibanWrong = d.iban ? ibanProblem(d.iban) : null;
  if (ibanWrong) errors.iban = ibanWrong;
  if (!d.iban && !d.accountNumber) errors.accountNumber = 'enter an IBAN or an account number';
  const bicWrong = bicProblem(d.bic);
  if (bicWrong) errors.bic = bicWrong;
  const first = Object.entries(errors)[0];
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, errors);
  return { ...d, iban: iban ?? undefined, bic: d.bic.toUpperCase() };
}

/**
 * Whitelisted bank accounts: created by an approved BANK ACCOUNT request (or by staff),
 * changed by UPDATE BANK ACCOUNT, removed by REMOVE BANK ACCOUNT. A new or changed account
 * waits out the cool-down before it can receive funds.
 */
export function createBankInfoService(deps: { db: Db; config: Config; engine: RequestEngine }) {
  const { db, config, engine } = deps;
  const cooldownEnd = () => new Date(Date.now() + config.WHITELIST_COOLDOWN_HOURS * 3_600_000);

  const columns = (d: Details) => ({
    beneficiaryName: d.beneficiaryName,
    beneficiaryAddress: d.beneficiaryAddress,
    bankName: d.bankName,
    iban: d.iban ?? null,
    accountNumber: d.accountNumber ?? null,
    bic: d.bic,
    currency: d.currency,
  });

  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (pgErrorCode(err) === '23505')
        throw conflict('This bank account is already whitelisted for the entity');
      if (pgErrorCode(err) === '23503')
        throw badRequest('currency: unknown currency', { currency: 'unknown currency' });
      throw err;
    }
  }

  const insert = (tx: DbOrTx, entityId: number, d: Details, requestId: number | null) =>
    write(
      async () =>
        (
          await tx
            .insert(bankAccounts)
            .values({ entityId, ...columns(d), requestId, usableFrom: cooldownEnd() })
            .returning()
        )[0]!,
    );
  const change = (tx: DbOrTx, id: number, d: Details) =>
    write(
      async () =>
        (
          await tx
            .update(bankAccounts)
            .set({ ...columns(d), usableFrom: cooldownEnd() })
            .where(eq(bankAccounts.id, id))
            .returning()
        )[0]!,
    );

  async function get(entityId: number, id: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.entityId, entityId)));
    if (!row) throw notFound('Bank account not found');
    return row;
  }

  engine.register('BANK ACCOUNT', {
    onApproved: async (tx, req, who) => {
      const row = await insert(tx, req.entityId, req.payload, req.id);
      await auditApprovedEffect(tx, req, who, 'bank-info.whitelist', row.id);
    },
  });
  engine.register('UPDATE BANK ACCOUNT', {
    onApproved: async (tx, req, who) => {
      const { bankInfoId, ...d } = req.payload;
      await change(tx, bankInfoId, d);
      await auditApprovedEffect(tx, req, who, 'bank-info.update', bankInfoId);
    },
  });
  engine.register('REMOVE BANK ACCOUNT', {
    onApproved: async (tx, req, who) => {
      const id = req.payload.bankInfoId;
      await tx
        .update(bankAccounts)
        .set({ status: 'REMOVED', active: false })
        .where(and(eq(bankAccounts.id, id), eq(bankAccounts.entityId, req.entityId)));
      await auditApprovedEffect(tx, req, who, 'bank-info.remove', id);
    },
  });

  return {
    /** A bank account of the entity. @throws NotFound */
    get: async (entityId: number, bankInfoId: number) => toBankInfo(await get(entityId, bankInfoId)),

    async list(entityId: number, includeRemoved: boolean) {
      const rows = await db
        .select()
        .from(bankAccounts)
        .where(
          and(
            eq(bankAccounts.entityId, entityId),
            includeRemoved ? undefined : eq(bankAccounts.status, 'ACTIVE'),
          ),
        )
        .orderBy(asc(bankAccounts.bankName), asc(bankAccounts.id));
      return rows.map((r) => toBankInfo(r));
    },

    /** BANK ACCOUNT, or UPDATE BANK ACCOUNT when `bankInfoId` names an existing account. */
    async request(who: Who, input: z.output<typeof ZBankInfoRequest>) {
      const { entityId: _, bankInfoId, ...raw } = input;
      const d = checkBankDetails(raw);
      if (bankInfoId) await get(who.entityId, bankInfoId);
      const req = await db.transaction((tx) =>
        bankInfoId
          ? engine.submit(tx, who, 'UPDATE BANK ACCOUNT', { bankInfoId, ...d })
          : engine.submit(tx, who, 'BANK ACCOUNT', d),
      );
      return engine.view(req.id);
    },

    async createDirect(who: Who, input: z.output<typeof ZBankInfoCreate>) {
      const { entityId: _, ...raw } = input;
      const row = await db.transaction(async (tx) => {
        const r = await insert(tx, who.entityId, checkBankDetails(raw), null);
        await recordAudit(tx, who, {
          action: 'bank-info.create',
          outcome: 'success',
          target: String(r.id),
          details: { input },
        });
        return r;
      });
      return toBankInfo(row);
    },

    async updateDirect(who: Who, bankInfoId: number, raw: Details) {
      const before = await get(who.entityId, bankInfoId);
      const row = await db.transaction(async (tx) => {
        const r = await change(tx, bankInfoId, checkBankDetails(raw));
        await recordAudit(tx, who, {
          action: 'bank-info.update',
          outcome: 'success',
          target: String(bankInfoId),
          details: { before: toBankInfo(before), raw },
        });
        return r;
      });
      return toBankInfo(row);
    },

    async remove(who: Who, bankInfoId: number) {
      const b = await get(who.entityId, bankInfoId);
      if (b.status === 'REMOVED') throw conflict('This bank account is already removed');
      const entry = { action: 'bank-info.remove', outcome: 'success', target: String(b.id) } as const;
      const row = await audited(db, who, entry, async (tx) => {
        // Removed once: a concurrent removal leaves nothing to remove (and no second audit row).
        const [removed] = await tx
          .update(bankAccounts)
          .set({ status: 'REMOVED', active: false })
          .where(and(eq(bankAccounts.id, b.id), ne(bankAccounts.status, 'REMOVED')))
          .returning();
        if (!removed) throw conflict('This bank account is already removed');
        return removed;
      });
      return toBankInfo(row);
    },

    async requestRemoval(who: Who, bankInfoId: number) {
      const b = await get(who.entityId, bankInfoId);
      if (b.status === 'REMOVED') throw conflict('This bank account is already removed');
      const req = await db.transaction((tx) =>
        engine.submit(tx, who, 'REMOVE BANK ACCOUNT', {
          bankInfoId: b.id,
          bankName: b.bankName,
          iban: b.iban,
          accountNumber: b.accountNumber,
          currency: b.currency,
        }),
      );
      return engine.view(req.id);
    },
  };
}
export type BankInfoService = ReturnType<typeof createBankInfoService>;
