import { z } from 'zod';
import { NETWORK_CODES, NETWORK_NAMES } from '../networks';
import { decimal, text, trimmed, ZAmount, ZId } from '../primitives';
import { defineRequestType } from './request-type';

/** An asset's code (USD, BTC, USDT …). */
export const ZAssetCode = text(10, 'Pick an asset').regex(/^[A-Z0-9]{2,10}$/, 'Pick an asset');

/** Where a fiat withdrawal goes, frozen into its payload when it is requested. */
export const ZBankDestination = z.strictObject({
  bankInfoId: ZId,
  bankName: text(140),
  iban: text(42).nullable(),
  accountNumber: text(34).nullable(),
  bic: text(11),
  beneficiaryName: text(140),
});
/** Where a crypto withdrawal goes, frozen into its payload when it is requested. */
export const ZWalletDestination = z.strictObject({
  walletId: ZId,
  network: z.enum(NETWORK_CODES),
  address: text(128),
  tagMemo: text(64).nullable(),
  friendlyName: text(80),
});

/** The account money moves from, in what, how much (at the asset's scale), and the requester's words. */
const movement = {
  accountId: ZId,
  asset: ZAssetCode,
  amount: ZAmount,
  reference: trimmed(100).optional(),
};
const memo = trimmed(500).optional();
const network = z.enum(NETWORK_CODES);
/**
 * A withdrawal made as a transfer (`transfer/withdrawal`) carries its fee as estimated at
 * submission: what the schedule charges, what arrives, and who collects it. On approval
 * the fee is computed again by the same rule and booked as its own leg.
 */
export const ZTransferFee = z.strictObject({
  fee: decimal('Enter an amount such as 5.00'),
  net: ZAmount,
  scheduleId: ZId.nullable(),
  collectorEntityId: ZId.nullable(),
  rule: text(300).nullable(),
});
const transferFee = ZTransferFee.optional();

const KIND = { label: 'Kind', values: { fiat: 'Fiat', crypto: 'Crypto' } } as const;
const NETWORK = { label: 'Network', values: NETWORK_NAMES } as const;
const labels = {
  accountId: { label: 'Account', id: true },
  asset: { label: 'Asset' },
  amount: { label: 'Amount', amountOf: 'asset' },
  reference: { label: 'Reference' },
  memo: { label: 'Memo' },
  transactionHash: { label: 'Transaction hash' },
} as const;

/** Funds a client sent (fiat, or crypto with its transaction hash); credited from custody on approval. */
export const depositRequest = defineRequestType({
  type: 'DEPOSIT',
  label: 'Deposit',
  approveKey: 'approve_deposit',
  payload: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('fiat'), ...movement, memo }),
    z.strictObject({
      kind: z.literal('crypto'),
      network,
      ...movement,
      transactionHash: trimmed(128).min(10),
    }),
  ]),
  fields: {
    kind: KIND,
    accountId: labels.accountId,
    asset: labels.asset,
    amount: labels.amount,
    network: NETWORK,
    transactionHash: labels.transactionHash,
    reference: labels.reference,
    memo: labels.memo,
  },
});

/**
 * Funds leaving to a whitelisted, usable bank account (fiat) or wallet (crypto), frozen as
 * the requester saw it. Held at submission; posted on approval, released otherwise.
 */
export const withdrawalRequest = defineRequestType({
  type: 'WITHDRAWAL',
  label: 'Withdrawal',
  approveKey: 'approve_withdrawal',
  payload: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('fiat'),
      ...movement,
      memo,
      destination: ZBankDestination,
      transferFee,
    }),
    z.strictObject({
      kind: z.literal('crypto'),
      network,
      ...movement,
      memo,
      destination: ZWalletDestination,
      transferFee,
    }),
  ]),
  fields: {
    kind: KIND,
    accountId: labels.accountId,
    asset: labels.asset,
    amount: labels.amount,
    network: NETWORK,
    destination: {
      label: 'Destination',
      fields: {
        bankInfoId: { label: 'Bank account', id: true },
        bankName: { label: 'Bank' },
        beneficiaryName: { label: 'Beneficiary' },
        iban: { label: 'IBAN' },
        accountNumber: { label: 'Account number' },
        bic: { label: 'BIC / SWIFT' },
        walletId: { label: 'Wallet', id: true },
        friendlyName: { label: 'Friendly name' },
        network: NETWORK,
        address: { label: 'Address' },
        tagMemo: { label: 'Destination tag' },
      },
    },
    transferFee: {
      label: 'Transfer fee',
      fields: {
        fee: { label: 'Fee' },
        net: { label: 'Net amount' },
        scheduleId: { label: 'Fee schedule', id: true },
        collectorEntityId: { label: 'Collected by', id: true },
        rule: { label: 'Fee rule' },
      },
    },
    reference: labels.reference,
    memo: labels.memo,
  },
});

/**
 * Between accounts of the entity, or to an account of a related entity (named as the
 * requester saw it; requests older than those names carry only the id). Held at submission.
 */
export const internalTransferRequest = defineRequestType({
  type: 'INTERNAL TRANSFER',
  label: 'Internal Transfer',
  approveKey: 'approve_withdrawal',
  payload: z.strictObject({
    accountId: ZId,
    toAccountId: ZId,
    toAccountName: text(100).optional(),
    toEntityName: text(200).optional(),
    asset: ZAssetCode,
    amount: ZAmount,
    memo,
  }),
  fields: {
    accountId: { label: 'From account', id: true },
    toAccountId: { label: 'To account', id: true },
    toAccountName: { label: 'To account name' },
    toEntityName: { label: 'To entity' },
    asset: labels.asset,
    amount: labels.amount,
    memo: labels.memo,
  },
});

/** The frozen payload of any money request (DEPOSIT, WITHDRAWAL, INTERNAL TRANSFER). */
export const ZMoneyRequestPayload = z.union([
  depositRequest.payload,
  withdrawalRequest.payload,
  internalTransferRequest.payload,
]);
export type TMoneyRequestPayload = z.infer<typeof ZMoneyRequestPayload>;
