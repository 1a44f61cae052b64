import {
  type TRequestFacts,
  type TRequestView,
  ZMoneyRequestView,
} from '@clearway/contracts/endpoints/requests.schemas';
import type {
  TTransfer,
  TTransferEstimate,
  ZTransferEstimateRequest,
  ZTransferList,
  ZTransferWithdrawalRequest,
} from '@clearway/contracts/endpoints/transfers.schemas';
import type { z } from 'zod';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, nullWhenNotFound } from '../../platform/errors';
import { formatAmount, Money } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import type { EntitiesService } from '../entities/entities.service';
import type { AccountsService } from '../ledger/accounts.service';
import type { BalancesService } from '../ledger/balances.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MoneyRequestsService, TransferFeeBooking } from '../money-requests/money-requests.service';
import type { RequestEngine } from '../requests/request-engine.service';
import type { BankInfoService } from '../wallets/bank-info.service';
import type { WalletsService } from '../wallets/wallets.service';
import type { FeeSchedulesService } from './fee-schedules.service';

type Who = { principal: Principal; entityId: number };
type Priced = Awaited<ReturnType<FeeSchedulesService['quote']>>;
type Movement = { accountId: number; asset: string; amount: string; bankInfoId?: number; walletId?: number };

/** Section 6: the entities whose accounts pay out by transfer. */
export const PAYOUT_ATTRIBUTES = ['Transfer Receiver', 'Referred Client'] as const;

/** The fee is taken from the amount: it must leave something to send. */
export const feeTooLarge = (fee: string, asset: string) =>
  badRequest(`amount: the fee (${fee} ${asset}) is not less than the amount`, {
    amount: `must be more than the fee of ${fee} ${asset}`,
  });

/**
 * Transfers: payouts from a Transfer Receiver's or Referred Client's account to one of its
 * whitelisted, usable destinations, in the allowed transfer currencies only (set by
 * environment), priced by the fee schedule that applies. A transfer runs as a withdrawal
 * request (maker-checker, approval policy, funds held at submission) that carries its fee;
 * on approval the fee is computed again by the same rule and booked as its own leg to the
 * collector's fee revenue account, in the payout's ledger transaction.
 * @throws BadRequest (currency not allowed, fee not less than the amount, destination not
 * usable), NotFound, InsufficientFunds (422, at submission), IdempotencyKeyConflict
 */
export function createTransfersService(deps: {
  db: Db;
  config: Pick<Config, 'TRANSFER_FIAT_CURRENCIES' | 'TRANSFER_CRYPTO_CURRENCIES'>;
  fees: FeeSchedulesService;
  ledger: LedgerService;
  accounts: AccountsService;
  entities: Pick<EntitiesService, 'ancestry'>;
  balances: BalancesService;
  wallets: WalletsService;
  bankInfo: BankInfoService;
  engine: RequestEngine;
  moneyRequests: Pick<MoneyRequestsService, 'withdrawFiat' | 'withdrawCrypto' | 'withFacts'>;
}) {
  const { db, fees, ledger } = deps;

  /** @throws BadRequest when the asset is not among the allowed transfer currencies of its kind */
  function allowedOrRefuse(kind: 'fiat' | 'crypto', asset: string) {
    const allowed =
      kind === 'fiat' ? deps.config.TRANSFER_FIAT_CURRENCIES : deps.config.TRANSFER_CRYPTO_CURRENCIES;
    if (!allowed.includes(asset))
      throw badRequest(
        `asset: ${asset} is not an allowed transfer ${kind} currency (${allowed.join(', ')})`,
        {
          asset: `not an allowed transfer currency; allowed: ${allowed.join(', ')}`,
        },
      );
  }

  /**
   * The account, the destination's kind and network, and the fee at `at`.
   * @throws NotFound (an account or destination of another entity), BadRequest
   */
  async function price(who: Who, i: Movement, at: Date) {
    if ((i.bankInfoId === undefined) === (i.walletId === undefined))
      throw badRequest('bankInfoId: pick one destination, a bank account or a wallet', {
        bankInfoId: 'pick one destination: a bank account or a wallet',
      });
    const account = await deps.accounts.get(who.entityId, i.accountId);
    const owner = (await deps.entities.ancestry(account.entityId)).at(-1);
    if (!owner?.attributes.some((a) => (PAYOUT_ATTRIBUTES as readonly string[]).includes(a)))
      throw badRequest(
        'accountId: transfers are made from a Transfer Receiver’s or Referred Client’s account',
        {
          accountId: 'not an account of a Transfer Receiver or Referred Client',
        },
      );
    const kind = i.walletId !== undefined ? 'crypto' : 'fiat';
    allowedOrRefuse(kind, i.asset);
    await ledger.requireClass(i.asset, kind === 'fiat' ? 'FIAT' : 'CRYPTO');
    const amount = await ledger.amountFor(i.asset, i.amount);
    let network: string | null = null;
    if (kind === 'crypto') {
      const w = await deps.wallets.get(account.entityId, i.walletId!).catch(nullWhenNotFound);
      if (!w)
        throw badRequest('walletId: not a whitelisted wallet of this entity', {
          walletId: 'not whitelisted',
        });
      network = w.network;
    }
    const priced = await fees.quote(db, { entityId: account.entityId, asset: i.asset, network, amount, at });
    if (!new Money(priced.quote.fee).lt(amount)) throw feeTooLarge(priced.quote.fee, i.asset);
    return { account, kind, amount, priced } as const;
  }

  const ruleOf = (priced: Priced) =>
    priced.schedule
      ? `Schedule #${priced.schedule.id} of ${priced.schedule.entityName}: ${priced.schedule.description}`
      : null;

  /** The transfers as the API shows them, amounts at each asset's scale. */
  async function toTransfers(views: (TRequestView & TRequestFacts)[]): Promise<TTransfer[]> {
    const scales = new Map<string, number>();
    for (const v of views)
      if ('asset' in v.payload && !scales.has(v.payload.asset))
        scales.set(v.payload.asset, await ledger.scaleOf(v.payload.asset));
    return views.map((v) => toTransfer(v, scales));
  }

  function toTransfer(v: TRequestView & TRequestFacts, scales: Map<string, number>): TTransfer {
    if (v.type !== 'WITHDRAWAL' || !v.payload.transferFee)
      throw new Error(`Request ${v.id} is not a transfer`);
    const p = v.payload;
    const d = p.destination;
    return {
      id: v.id,
      entityId: v.entityId,
      entityName: v.entityName,
      accountId: p.accountId,
      accountName: v.accountName,
      asset: p.asset,
      amount: formatAmount(p.amount, scales.get(p.asset)!),
      fee: p.transferFee!.fee,
      net: p.transferFee!.net,
      feeScheduleId: p.transferFee!.scheduleId,
      status: v.status,
      kind: p.kind,
      destination:
        'bankInfoId' in d
          ? `${d.bankName} ${d.iban ?? d.accountNumber ?? ''}`.trim()
          : `${d.friendlyName} ${d.address} (${d.network})`,
      reference: p.reference ?? null,
      requesterName: v.requester.name,
      createdAt: v.createdAt,
      postedAt: v.postedAt,
    };
  }

  const feeBooking: TransferFeeBooking = {
    async feeOf(tx: DbOrTx, p) {
      const { scheduleId } = p.transferFee;
      if (scheduleId === null) return null;
      const { quote, collectorEntityId } = await fees.quoteBySchedule(tx, scheduleId, p.asset, p.amount);
      if (new Money(quote.fee).isZero()) return null;
      return {
        fee: quote.fee,
        net: quote.net,
        feeAccountId: await ledger.feeRevenueAccount(tx, collectorEntityId),
      };
    },
  };

  return {
    feeBooking,

    /** What a transfer would cost now and leave behind; nothing is held or booked. */
    async estimate(who: Who, i: z.output<typeof ZTransferEstimateRequest>): Promise<TTransferEstimate> {
      const { account, amount, priced } = await price(who, i, new Date());
      const scale = await ledger.scaleOf(i.asset);
      const balance = (await deps.balances.ofAccount(account.id)).find((b) => b.asset === i.asset);
      const available = new Money(balance?.available ?? '0');
      const after = available.minus(amount);
      return {
        asset: i.asset,
        amount: formatAmount(amount, scale),
        fee: priced.quote.fee,
        net: priced.quote.net,
        rule: priced.schedule
          ? {
              scheduleId: priced.schedule.id,
              entityId: priced.schedule.entityId,
              entityName: priced.schedule.entityName,
              description: priced.schedule.description,
              bound: priced.quote.bound,
            }
          : null,
        available: formatAmount(available, scale),
        availableAfter: formatAmount(after, scale),
        affordable: !after.isNegative(),
      };
    },

    /** Submits the transfer as a withdrawal request with its fee; once per Idempotency-Key. */
    async withdraw(who: Who, key: string, i: z.output<typeof ZTransferWithdrawalRequest>) {
      const { kind, priced } = await price(who, i, new Date());
      const transferFee = {
        fee: priced.quote.fee,
        net: priced.quote.net,
        scheduleId: priced.schedule?.id ?? null,
        collectorEntityId: priced.schedule?.entityId ?? null,
        rule: ruleOf(priced),
      };
      const base = {
        entityId: i.entityId,
        accountId: i.accountId,
        asset: i.asset,
        amount: i.amount,
        reference: i.reference,
        memo: i.memo,
      };
      const view =
        kind === 'fiat'
          ? await deps.moneyRequests.withdrawFiat(
              who,
              key,
              { ...base, bankInfoId: i.bankInfoId! },
              transferFee,
              i,
            )
          : await deps.moneyRequests.withdrawCrypto(
              who,
              key,
              { ...base, walletId: i.walletId! },
              transferFee,
              i,
            );
      const [transfer] = await toTransfers(await deps.moneyRequests.withFacts([view]));
      return transfer!;
    },

    /** Transfers at the entity and below it: filtered, newest first by default, paged. */
    async list(entityId: number, f: z.output<typeof ZTransferList>) {
      const page = await deps.engine.list(
        entityId,
        ['WITHDRAWAL'],
        {
          status: f.status,
          payload: [
            ...(f.asset ? [{ fields: ['asset'], value: f.asset }] : []),
            ...(f.accountId ? [{ fields: ['accountId'], value: String(f.accountId) }] : []),
          ],
          withPayload: ['transferFee'],
          createdFrom: f.from ? new Date(f.from) : undefined,
          createdTo: f.to ? new Date(`${f.to}T23:59:59.999Z`) : undefined,
          direction: f.direction,
          limit: f.limit,
          offset: f.offset,
        },
        ZMoneyRequestView,
      );
      return { items: await toTransfers(await deps.moneyRequests.withFacts(page.items)), total: page.total };
    },
  };
}
export type TransfersService = ReturnType<typeof createTransfersService>;
