import { API } from '@clearway/contracts/endpoint-table';
import { api } from '../../../lib/api';

export type RequestMode = 'deposit' | 'withdrawal' | 'transfer';
export type AssetKind = 'fiat' | 'crypto';

/** What the form holds; only the fields of the chosen mode and kind are sent. */
export type MoneyRequestDraft = {
  kind: AssetKind;
  accountId: string;
  toAccountId: string;
  asset: string;
  amount: string;
  destinationId: string;
  network: string;
  transactionHash: string;
  reference: string;
  memo: string;
};

export const emptyDraft = (): MoneyRequestDraft => ({
  kind: 'fiat',
  accountId: '',
  toAccountId: '',
  asset: '',
  amount: '',
  destinationId: '',
  network: '',
  transactionHash: '',
  reference: '',
  memo: '',
});

const optional = (v: string) => (v.trim() ? v.trim() : undefined);

/** Sends the draft to the call of its mode and kind, once per Idempotency-Key. */
export function submitMoneyRequest(entityId: number, mode: RequestMode, d: MoneyRequestDraft, key: string) {
  const headers = { 'Idempotency-Key': key };
  const common = {
    entityId,
    accountId: Number(d.accountId),
    asset: d.asset,
    amount: d.amount.trim(),
    reference: optional(d.reference),
    memo: optional(d.memo),
  };
  if (mode === 'transfer') {
    const { accountId, reference: _, ...rest } = common;
    return api(API.requests.internalTransfer, {
      payload: { ...rest, fromAccountId: accountId, toAccountId: Number(d.toAccountId) },
      headers,
    });
  }
  if (mode === 'withdrawal') {
    return d.kind === 'fiat'
      ? api(API.requests.withdrawalFiat, {
          payload: { ...common, bankInfoId: Number(d.destinationId) },
          headers,
        })
      : api(API.requests.withdrawalCrypto, {
          payload: { ...common, walletId: Number(d.destinationId) },
          headers,
        });
  }
  return d.kind === 'fiat'
    ? api(API.requests.depositFiat, { payload: common, headers })
    : api(API.requests.depositCrypto, {
        payload: { ...common, network: d.network, transactionHash: d.transactionHash.trim() },
        headers,
      });
}
