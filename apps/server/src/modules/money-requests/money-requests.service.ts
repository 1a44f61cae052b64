import type {
  ZCryptoDepositRequest,
  ZCryptoWithdrawalRequest,
  ZFiatDepositRequest,
  ZFiatWithdrawalRequest,
  ZInternalTransferRequest,
  ZRequestList,
} from '@clearway/contracts/endpoints/money-requests.schemas';
import { MONEY_REQUEST_TYPES } from '@clearway/contracts/endpoints/money-requests.schemas';
import { type TRequestView, ZMoneyRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { networkCarries } from '@clearway/contracts/networks';
import type { EntityPermissions } from '@clearway/contracts/permissions';
import type { ZTransferFee } from '@clearway/contracts/request-types/money-request-types';
import type { PayloadInputOf, PayloadOf } from '@clearway/contracts/request-types/request-types';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound, nullWhenNotFound } from '../../platform/errors';
import { withIdempotency } from '../../platform/idempotency';
import { Money } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import { storeWith } from '../../platform/storage/storage';
import type { Storage } from '../../platform/storage/stored-object';
import type { EntitiesService } from '../entities/entities.service';
import type { AccountsService } from '../ledger/accounts.service';
import { type CashEntryInput, completedEntryOf, payoutWithFeeOf } from '../ledger/cash-entries.service';
import { accountClosed, type LedgerService, transferLegs } from '../ledger/ledger.service';
import type { RequestEngine, RequestHandler, TypedRequest } from '../requests/request-engine.service';
import type { BankInfoService } from '../wallets/bank-info.service';
import type { WalletsService } from '../wallets/wallets.service';
import { checkProof, ONLY_ONE } from './file-proof';
import { isTransactionHash } from './hash-format';
import { fileProofs, requestTransactionHashes } from './money-requests.tables';
import { withFacts } from './request-facts';

type Who = { principal: Principal; entityId: number };
type TransferFee = z.output<typeof ZTransferFee>;

/**
 * How an approved transfer's fee is booked (the transfers module's): the fee computed again
 * by the rule frozen at submission, and the collector's fee revenue account; null: no fee leg.
 */
export type TransferFeeBooking = {
  feeOf(
    tx: DbOrTx,
    p: { asset: string; amount: string; transferFee: TransferFee },
  ): Promise<{ fee: string; net: string; feeAccountId: number } | null>;
};
type MoneyType = (typeof MONEY_REQUEST_TYPES)[number];
type HeldType = 'WITHDRAWAL' | 'INTERNAL TRANSFER';

/** The approved request's movement, as it appears in the history next to back-office bookings. */
const movementOf = (
  req: TypedRequest<MoneyType>,
  type: 'DEPOSIT' | 'WITHDRAWAL' | 'INTERNAL_TRANSFER',
): CashEntryInput => {
  const p = req.payload;
  return {
    type,
    accountId: p.accountId,
    counterAccountId: 'toAccountId' in p ? p.toAccountId : null,
    asset: p.asset,
    amount: p.amount,
    reference: ('reference' in p ? p.reference : undefined) ?? `Request #${req.id}`,
    memo: ('memo' in p ? p.memo : undefined) ?? null,
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
  wallets: WalletsService;
  bankInfo: BankInfoService;
  storage: Storage;
  /** Books the fee of a withdrawal made as a transfer (absent: such withdrawals cannot be approved). */
  transferFees?: TransferFeeBooking;
  /** The limits module's ceiling of one money request at the account owner (absent: none). */
  ceilings?: { assertRequestWithin(entityId: number, asset: string, amount: string): Promise<void> };
}) {
  const { db, engine, ledger, accounts, storage } = deps;

  const holdOf = (tx: DbOrTx, requestId: number) => ledger.openHold(tx, holdRef(requestId));
  const voidHold = async (tx: DbOrTx, req: { id: number }) => {
    const h = await holdOf(tx, req.id);
    if (h) await ledger.voidHold(tx, h.id);
  };

  /**
   * A request whose funds are held from submission (withdrawal, internal transfer): approval
   * posts the hold to its destination, rejection or cancellation voids it.
   */
  const heldMovement = <T extends HeldType>(
    kind: 'WITHDRAWAL' | 'INTERNAL_TRANSFER',
    destination: (tx: DbOrTx, p: PayloadOf<T>) => Promise<number> | number,
  ): RequestHandler<T> => ({
    onApproved: async (tx, req, who) => {
      const h = await holdOf(tx, req.id);
      if (!h) throw conflict('The funds of this request are no longer held');
      const to = await destination(tx, req.payload);
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
  // A fiat withdrawal and a transfer are done once posted; a crypto withdrawal still goes
  // on chain, and is complete when its transaction hash is added.
  const postingCompletes = () => true;
  const plainWithdrawal = heldMovement<'WITHDRAWAL'>('WITHDRAWAL', (tx, p) =>
    ledger.platformAccount(tx, 'OMNIBUS', p.asset),
  );
  engine.register('WITHDRAWAL', {
    ...plainWithdrawal,
    // A transfer's fee is its own leg of the same ledger transaction, to the collector's fee
    // revenue account, with an entry of its own (so it can be reported and reversed alone).
    onApproved: async (tx, req, who) => {
      const p = req.payload;
      if (!p.transferFee) return plainWithdrawal.onApproved!(tx, req, who);
      if (!deps.transferFees) throw conflict('Transfers are not booked by this server');
      const priced = await deps.transferFees.feeOf(tx, {
        asset: p.asset,
        amount: p.amount,
        transferFee: p.transferFee,
      });
      if (!priced) return plainWithdrawal.onApproved!(tx, req, who);
      const h = await holdOf(tx, req.id);
      if (!h) throw conflict('The funds of this request are no longer held');
      const omnibus = await ledger.platformAccount(tx, 'OMNIBUS', p.asset);
      const payout = movementOf(req, 'WITHDRAWAL');
      await ledger.book(tx, {
        who,
        kind: 'WITHDRAWAL',
        memo: `request ${req.id}`,
        hold: { release: h.id },
        legs: [
          { accountId: h.accountId, asset: h.asset, amount: new Money(h.amount).neg().toString() },
          { accountId: omnibus, asset: p.asset, amount: priced.net },
          { accountId: priced.feeAccountId, asset: p.asset, amount: priced.fee },
        ],
        record: payoutWithFeeOf(
          { ...payout, amount: priced.net },
          {
            type: 'INTERNAL_TRANSFER',
            accountId: p.accountId,
            counterAccountId: priced.feeAccountId,
            asset: p.asset,
            amount: priced.fee,
            reference: `Transfer fee, request #${req.id}`,
            memo: p.transferFee.rule,
          },
        ),
      });
    },
    completesOnApproval: (req) => req.payload.kind === 'fiat',
  });
  engine.register('INTERNAL TRANSFER', {
    ...heldMovement<'INTERNAL TRANSFER'>('INTERNAL_TRANSFER', (_tx, p) => p.toAccountId),
    completesOnApproval: postingCompletes,
  });
  engine.register('DEPOSIT', {
    completesOnApproval: postingCompletes,
    onApproved: async (tx, req, who) => {
      const p = req.payload;
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

  /** The request, if the caller's acting entity is it or above it. @throws NotFound */
  async function visibleView(who: Who, requestId: number) {
    const view = await engine.view(requestId).catch(nullWhenNotFound);
    if (!view || !(await deps.entities.contains(who.entityId, view.entityId)))
      throw notFound('Request not found');
    return view;
  }

  /** Submits inside the idempotent transaction; `hold` reserves the funds in that same transaction. */
  async function submit<T extends MoneyType>(
    who: Who,
    key: string,
    body: unknown,
    type: T,
    payload: PayloadInputOf<T> & { accountId: number; asset: string; amount: string },
    hold: boolean,
  ) {
    // Every money request passes here: above the ceiling of its account's owner it is refused (422).
    const owner = await accounts.get(who.entityId, payload.accountId);
    await deps.ceilings?.assertRequestWithin(owner.entityId, payload.asset, payload.amount);
    return withIdempotency(db, who.principal, key, body, async (tx) => {
      const req = await engine.submit(tx, who, type, payload);
      if (hold) await ledger.placeHold(tx, payload.accountId, payload.asset, payload.amount, holdRef(req.id));
      if ('transactionHash' in payload && typeof payload.transactionHash === 'string') {
        await tx
          .insert(requestTransactionHashes)
          .values({ requestId: req.id, hash: payload.transactionHash, addedBy: who.principal.name });
      }
      return engine.view(req.id, tx);
    });
  }

  /** @throws BadRequest when the destination is not whitelisted, active, past its cool-down, or of another asset */
  function usableOrRefuse<D extends { status: string; active: boolean; usableFrom: string }>(
    d: D | null,
    what: string,
  ): D {
    if (d?.status !== 'ACTIVE' || !d.active)
      throw badRequest(`${what}: not a whitelisted, active destination`, {
        [what]: 'not whitelisted or removed',
      });
    if (new Date(d.usableFrom) > new Date()) {
      const msg = `usable from ${d.usableFrom} (cool-down after whitelisting)`;
      throw badRequest(`${what}: ${msg}`, { [what]: msg });
    }
    return d;
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

  /** Money requests at the entity and below it, with their facts: filtered, sorted by creation, paged. */
  async function list(
    entityId: number,
    f: Partial<z.output<typeof ZRequestList>> &
      Pick<z.output<typeof ZRequestList>, 'direction' | 'limit' | 'offset'>,
  ) {
    const payload = [
      ...(f.asset ? [{ fields: ['asset'], value: f.asset }] : []),
      ...(f.accountId ? [{ fields: ['accountId', 'toAccountId'], value: String(f.accountId) }] : []),
    ];
    const page = await engine.list(
      entityId,
      f.type ? [f.type] : MONEY_REQUEST_TYPES,
      {
        status: f.status,
        payload,
        createdFrom: f.from ? new Date(f.from) : undefined,
        createdTo: f.to ? new Date(`${f.to}T23:59:59.999Z`) : undefined,
        direction: f.direction,
        limit: f.limit,
        offset: f.offset,
      },
      ZMoneyRequestView,
    );
    return { items: await withFacts(db, page.items), total: page.total };
  }

  return {
    /** `transferFee`: made as a transfer (`transfer/withdrawal`), with the fee it pays. */
    async withdrawFiat(
      who: Who,
      key: string,
      i: z.output<typeof ZFiatWithdrawalRequest>,
      transferFee?: TransferFee,
      body: unknown = i,
    ) {
      const base = await moneyOf(who, 'fiat', i);
      const bank = usableOrRefuse(
        await deps.bankInfo.get(base.entityId, i.bankInfoId).catch(nullWhenNotFound),
        'bankInfoId',
      );
      if (bank.currency !== i.asset)
        throw badRequest(`asset: the bank account takes ${bank.currency}`, {
          asset: `must be ${bank.currency}`,
        });
      const destination = {
        bankInfoId: bank.id,
        bankName: bank.bankName,
        iban: bank.iban,
        accountNumber: bank.accountNumber,
        bic: bank.bic,
        beneficiaryName: bank.beneficiaryName,
      };
      return submit(
        who,
        key,
        body,
        'WITHDRAWAL',
        { kind: 'fiat', ...base.payload, destination, transferFee },
        true,
      );
    },

    async withdrawCrypto(
      who: Who,
      key: string,
      i: z.output<typeof ZCryptoWithdrawalRequest>,
      transferFee?: TransferFee,
      body: unknown = i,
    ) {
      const base = await moneyOf(who, 'crypto', i);
      const w = usableOrRefuse(
        await deps.wallets.get(base.entityId, i.walletId).catch(nullWhenNotFound),
        'walletId',
      );
      if (!w.digitalAssets.includes(i.asset))
        throw badRequest(`asset: the wallet takes ${w.digitalAssets.join(', ')}`, {
          asset: 'not accepted by this wallet',
        });
      const destination = {
        walletId: w.id,
        network: w.network,
        address: w.address,
        tagMemo: w.tagMemo,
        friendlyName: w.friendlyName,
      };
      const payload = {
        kind: 'crypto' as const,
        network: w.network,
        ...base.payload,
        destination,
        transferFee,
      };
      return submit(who, key, body, 'WITHDRAWAL', payload, true);
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

    list,

    /**
     * The money requests waiting for the caller's decision (the approvals inbox's rule,
     * `awaiting-decision.ts`), newest first. `held`: the caller's permissions on the entity.
     */
    async pending(who: Who, held: EntityPermissions, limit: number, offset: number) {
      const page = await engine.awaiting(
        who,
        held,
        { types: MONEY_REQUEST_TYPES, direction: 'desc', limit, offset },
        ZMoneyRequestView,
      );
      return { items: await withFacts(db, page.items), total: page.total };
    },

    /** Requests of any type with their facts (the entity's and account's names, proof, hash, posting). */
    withFacts: <V extends TRequestView>(views: readonly V[]) => withFacts(db, views),

    /** The hash of an approved crypto withdrawal; the request then becomes COMPLETED. */
    async addTransactionHash(who: Who, requestId: number, hash: string) {
      const view = await visibleView(who, requestId);
      if (view.type !== 'WITHDRAWAL' || view.payload.kind !== 'crypto')
        throw badRequest('requestId: not a crypto withdrawal', { requestId: 'not a crypto withdrawal' });
      const p = view.payload;
      if (!isTransactionHash(p.network, hash))
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
      await visibleView(who, requestId);
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
        // In the proof's transaction: no proof without its audit row (issue 38 item 8).
        await recordAudit(tx, who, {
          action: 'request.file-proof',
          outcome: 'success',
          target: String(requestId),
          details: { mime, size: data.length },
        });
      });
      return { requestId, mime, ext, size: data.length };
    },

    async proof(who: Who, requestId: number) {
      await visibleView(who, requestId);
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
