import type {
  TMoneyRequestPayload,
  ZCryptoDepositRequest,
  ZCryptoWithdrawalRequest,
  ZFiatDepositRequest,
  ZFiatWithdrawalRequest,
  ZInternalTransferRequest,
  ZRequestList,
} from '@clearway/contracts/endpoints/money-requests.schemas';
import { MONEY_REQUEST_TYPES } from '@clearway/contracts/endpoints/money-requests.schemas';
import { type NetworkCode, networkCarries } from '@clearway/contracts/networks';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound, nullWhenNotFound } from '../../platform/errors';
import { withIdempotency } from '../../platform/idempotency';
import type { Principal } from '../../platform/principal';
import { storeWith } from '../../platform/storage/storage';
import type { Storage } from '../../platform/storage/stored-object';
import type { EntitiesService } from '../entities/entities.service';
import { entityWithin } from '../entities/entity-sql';
import type { AccountsService } from '../ledger/accounts.service';
import { type CashEntryInput, completedEntryOf } from '../ledger/cash-entries.service';
import { accountClosed, type LedgerService, transferLegs } from '../ledger/ledger.service';
import type { RequestEngine } from '../requests/request-engine.service';
import { requests } from '../requests/requests.tables';
import { bankAccounts, wallets } from '../wallets/wallets.tables';
import { checkProof, ONLY_ONE } from './file-proof';
import { isTransactionHash } from './hash-format';
import { fileProofs, requestTransactionHashes } from './money-requests.tables';

type Who = { principal: Principal; entityId: number };
type Payload = TMoneyRequestPayload;
type Decided = { id: number; payload: unknown };

/** The approved request's movement, as it appears in the history next to back-office bookings. */
const movementOf = (req: Decided, type: 'DEPOSIT' | 'WITHDRAWAL' | 'INTERNAL_TRANSFER'): CashEntryInput => {
  const p = req.payload as Payload;
  return {
    type,
    accountId: p.accountId,
    counterAccountId: p.toAccountId ?? null,
    asset: p.asset,
    amount: p.amount,
    reference: p.reference ?? `Request #${req.id}`,
    memo: p.memo ?? null,
    requestId: req.id,
  };
};

const holdRef = (requestId: number) => `request:${requestId}`;

/**
 * Deposits, withdrawals and internal transfers as requests. A withdrawal or transfer
 * holds its funds at submission (two can never spend the same balance), posts on
 * approval and voids on rejection or cancellation; a deposit credits from the custody
 * omnibus on approval. Each submission happens once per Idempotency-Key.
 */
export function createMoneyRequestsService(deps: {
  db: Db;
  engine: RequestEngine;
  ledger: LedgerService;
  accounts: AccountsService;
  entities: EntitiesService;
  storage: Storage;
}) {
  const { db, engine, ledger, accounts, storage } = deps;

  const voidHold = async (tx: DbOrTx, req: { id: number }) => {
    const h = await ledger.openHold(tx, holdRef(req.id));
    if (h) await ledger.voidHold(tx, h.id);
  };

  /**
   * A request whose funds are held from submission (withdrawal, internal transfer): approval
   * posts the hold to its destination, rejection or cancellation voids it.
   */
  const heldMovement = (
    kind: 'WITHDRAWAL' | 'INTERNAL_TRANSFER',
    destination: (tx: DbOrTx, p: Payload) => Promise<number> | number,
  ): Parameters<RequestEngine['register']>[1] => ({
    onApproved: async (tx, req, who) => {
      const h = await ledger.openHold(tx, holdRef(req.id));
      if (!h) throw conflict('The funds of this request are no longer held');
      const to = await destination(tx, req.payload as Payload);
      await ledger.book(tx, {
        who,
        kind,
        memo: `request ${req.id}`,
        hold: { release: h.id },
        legs: transferLegs(h.accountId, to, h.asset, h.amount),
        record: completedEntryOf(movementOf(req, kind)),
      });
    },
    onRejected: voidHold,
    onCancelled: voidHold,
  });
  engine.register(
    'WITHDRAWAL',
    heldMovement('WITHDRAWAL', (tx, p) => ledger.platformAccount(tx, 'OMNIBUS', p.asset)),
  );
  engine.register(
    'INTERNAL TRANSFER',
    heldMovement('INTERNAL_TRANSFER', (_tx, p) => p.toAccountId!),
  );
  engine.register('DEPOSIT', {
    onApproved: async (tx, req, who) => {
      const p = req.payload as Payload;
      const omnibus = await ledger.platformAccount(tx, 'OMNIBUS', p.asset);
      await ledger.book(tx, {
        who,
        kind: 'DEPOSIT',
        reference: holdRef(req.id),
        legs: transferLegs(omnibus, p.accountId, p.asset, p.amount),
        record: completedEntryOf(movementOf(req, 'DEPOSIT')),
      });
    },
  });

  /** Submits inside the idempotent transaction; `hold` reserves the funds in that same transaction. */
  async function submit(
    who: Who,
    key: string,
    body: unknown,
    type: 'WITHDRAWAL' | 'DEPOSIT' | 'INTERNAL TRANSFER',
    payload: Payload & Record<string, unknown>,
    hold: boolean,
  ) {
    return withIdempotency(db, who.principal, key, body, async (tx) => {
      const req = await engine.submit(tx, who, type, payload);
      if (hold) await ledger.placeHold(tx, payload.accountId, payload.asset, payload.amount, holdRef(req.id));
      if (typeof payload.transactionHash === 'string') {
        await tx
          .insert(requestTransactionHashes)
          .values({ requestId: req.id, hash: payload.transactionHash, addedBy: who.principal.name });
      }
      return engine.view(req.id, tx);
    });
  }

  /** @throws BadRequest when the destination is not whitelisted, active, past its cool-down, or of another asset */
  function usableOrRefuse(
    d: { status: string; active: boolean; usableFrom: Date } | undefined,
    what: string,
  ) {
    if (d?.status !== 'ACTIVE' || !d.active)
      throw badRequest(`${what}: not a whitelisted, active destination`, {
        [what]: 'not whitelisted or removed',
      });
    if (d.usableFrom > new Date()) {
      const msg = `usable from ${d.usableFrom.toISOString()} (cool-down after whitelisting)`;
      throw badRequest(`${what}: ${msg}`, { [what]: msg });
    }
  }

  /**
   * A request moves money into or out of an account only while it is open: refused at
   * submission, not accepted and then refused at approval. @throws AccountClosed (409)
   */
  function open<A extends { active: boolean }>(account: A, field: string): A {
    if (!account.active) throw accountClosed(field);
    return account;
  }

  /**
   * What every deposit and withdrawal starts from: the caller's open account (in scope) and
   * the amount at the asset's scale, as the payload approvers will see.
   * @throws NotFound, BadRequest, AccountClosed
   */
  async function moneyOf(
    who: Who,
    kind: 'fiat' | 'crypto',
    i: { accountId: number; asset: string; amount: string; reference?: string; memo?: string },
  ) {
    const account = open(await accounts.get(who.entityId, i.accountId), 'accountId');
    await ledger.requireClass(i.asset, kind === 'fiat' ? 'FIAT' : 'CRYPTO');
    const amount = await ledger.amountFor(i.asset, i.amount);
    return {
      entityId: account.entityId,
      payload: { accountId: account.id, asset: i.asset, amount, reference: i.reference, memo: i.memo },
    };
  }

  return {
    async withdrawFiat(who: Who, key: string, i: z.output<typeof ZFiatWithdrawalRequest>) {
      const base = await moneyOf(who, 'fiat', i);
      const [bank] = await db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.id, i.bankInfoId), eq(bankAccounts.entityId, base.entityId)));
      usableOrRefuse(bank, 'bankInfoId');
      if (bank!.currency !== i.asset)
        throw badRequest(`asset: the bank account takes ${bank!.currency}`, {
          asset: `must be ${bank!.currency}`,
        });
      const destination = {
        bankInfoId: bank!.id,
        bankName: bank!.bankName,
        iban: bank!.iban,
        accountNumber: bank!.accountNumber,
        bic: bank!.bic,
        beneficiaryName: bank!.beneficiaryName,
      };
      return submit(who, key, i, 'WITHDRAWAL', { kind: 'fiat', ...base.payload, destination }, true);
    },

    async withdrawCrypto(who: Who, key: string, i: z.output<typeof ZCryptoWithdrawalRequest>) {
      const base = await moneyOf(who, 'crypto', i);
      const [w] = await db
        .select()
        .from(wallets)
        .where(and(eq(wallets.id, i.walletId), eq(wallets.entityId, base.entityId)));
      usableOrRefuse(w, 'walletId');
      if (!w!.digitalAssets.includes(i.asset))
        throw badRequest(`asset: the wallet takes ${w!.digitalAssets.join(', ')}`, {
          asset: 'not accepted by this wallet',
        });
      const destination = {
        walletId: w!.id,
        network: w!.network,
        address: w!.address,
        tagMemo: w!.tagMemo,
        friendlyName: w!.friendlyName,
      };
      const payload = { kind: 'crypto' as const, network: w!.network, ...base.payload, destination };
      return submit(who, key, i, 'WITHDRAWAL', payload, true);
    },

    async depositFiat(who: Who, key: string, i: z.output<typeof ZFiatDepositRequest>) {
      const base = await moneyOf(who, 'fiat', i);
      return submit(who, key, i, 'DEPOSIT', { kind: 'fiat', ...base.payload }, false);
    },

    async depositCrypto(who: Who, key: string, i: z.output<typeof ZCryptoDepositRequest>) {
      const { memo: _, ...payload } = (await moneyOf(who, 'crypto', i)).payload;
      if (!networkCarries(i.network, i.asset))
        throw badRequest(`asset: ${i.network} does not carry ${i.asset}`, {
          asset: 'not carried by this network',
        });
      if (!isTransactionHash(i.network, i.transactionHash))
        throw badRequest(`transactionHash: not a ${i.network} transaction hash`, {
          transactionHash: 'wrong format for the network',
        });
      return submit(
        who,
        key,
        i,
        'DEPOSIT',
        { kind: 'crypto', network: i.network, ...payload, transactionHash: i.transactionHash },
        false,
      );
    },

    /** Between accounts of the entity, or to an account of an entity related to it. */
    async internalTransfer(who: Who, key: string, i: z.output<typeof ZInternalTransferRequest>) {
      const from = open(await accounts.get(who.entityId, i.fromAccountId), 'fromAccountId');
      if (i.toAccountId === i.fromAccountId)
        throw badRequest('toAccountId: must differ from the source account', {
          toAccountId: 'same as fromAccountId',
        });
      const to = await accounts.get(who.entityId, i.toAccountId).catch(async (err: unknown) => {
        nullWhenNotFound(err);
        // Only when the account is not the caller's own: look among related entities.
        for (const { entityId: e } of await deps.entities.related(who.principal, from.entityId, 'down')) {
          const found = await accounts.get(e, i.toAccountId).catch(nullWhenNotFound);
          if (found) return found;
        }
        throw badRequest('toAccountId: not an account of this entity or a related one', {
          toAccountId: 'not reachable',
        });
      });
      open(to, 'toAccountId');
      const amount = await ledger.amountFor(i.asset, i.amount);
      return submit(
        who,
        key,
        i,
        'INTERNAL TRANSFER',
        {
          accountId: from.id,
          toAccountId: to.id,
          toAccountName: to.name,
          toEntityName: to.entityName,
          asset: i.asset,
          amount,
          memo: i.memo,
        },
        true,
      );
    },

    async list(entityId: number, f: z.output<typeof ZRequestList>) {
      const where = and(
        entityWithin(requests.entityId, entityId),
        inArray(requests.type, f.type ? [f.type] : [...MONEY_REQUEST_TYPES]),
        f.status ? eq(requests.status, f.status) : undefined,
        f.asset ? sql`${requests.payload}->>'asset' = ${f.asset}` : undefined,
        f.accountId
          ? sql`${String(f.accountId)} in (${requests.payload}->>'accountId', ${requests.payload}->>'toAccountId')`
          : undefined,
        f.from ? gte(requests.createdAt, new Date(f.from)) : undefined,
        f.to ? lte(requests.createdAt, new Date(`${f.to}T23:59:59.999Z`)) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(requests)
          .where(where)
          .orderBy(f.direction === 'asc' ? requests.createdAt : desc(requests.createdAt), desc(requests.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(requests).where(where),
      ]);
      return { items: await engine.views(rows), total: count?.n ?? 0 };
    },

    pending(entityId: number, limit: number, offset: number) {
      return this.list(entityId, { status: 'PENDING', direction: 'desc', limit, offset } as z.output<
        typeof ZRequestList
      >);
    },

    /** The hash of an approved crypto withdrawal; the request then becomes COMPLETED. */
    async addTransactionHash(who: Who, requestId: number, hash: string) {
      const view = await engine.view(requestId);
      const p = view.payload as Payload;
      if (view.type !== 'WITHDRAWAL' || p.kind !== 'crypto')
        throw badRequest('requestId: not a crypto withdrawal', { requestId: 'not a crypto withdrawal' });
      if (!isTransactionHash(p.network as NetworkCode, hash))
        throw badRequest(`transactionHash: not a ${p.network} transaction hash`, {
          transactionHash: 'wrong format for the network',
        });
      if (view.status !== 'APPROVED') throw conflict('Only an approved withdrawal takes a transaction hash');
      await db
        .insert(requestTransactionHashes)
        .values({ requestId, hash, addedBy: who.principal.name })
        .onConflictDoNothing();
      return engine.move(who, requestId, 'COMPLETED', `transaction ${hash}`);
    },

    /** @throws 409 "Only one file is allowed" when the request already has one */
    async attachProof(who: Who, requestId: number, data: Buffer) {
      await engine.view(requestId);
      const { ext, mime } = await checkProof(data);
      // The bytes and the row that points at them are kept together or not at all.
      await storeWith(db, storage, data, mime, async (tx, stored) => {
        const [row] = await tx
          .insert(fileProofs)
          .values({
            requestId,
            mime,
            ext,
            size: data.length,
            storageKey: stored.key,
            uploadedBy: who.principal.name,
          })
          .onConflictDoNothing()
          .returning({ storedName: fileProofs.storedName });
        if (!row) throw conflict(ONLY_ONE);
      });
      await recordAudit(db, who, {
        action: 'request.file-proof',
        outcome: 'success',
        target: String(requestId),
        details: { mime, size: data.length },
      });
      return { requestId, mime, ext, size: data.length };
    },

    async proof(_who: Who, requestId: number) {
      const [row] = await db.select().from(fileProofs).where(eq(fileProofs.requestId, requestId));
      if (!row) throw notFound('File proof not found');
      const stored = await storage.get(row.storageKey);
      // A row without its bytes is lost data, not a missing proof: a 500 and an error log.
      if (!stored)
        throw new Error(`File proof of request ${requestId}: stored object ${row.storageKey} is missing`);
      return { ...row, data: stored.data };
    },
  };
}
export type MoneyRequestsService = ReturnType<typeof createMoneyRequestsService>;
