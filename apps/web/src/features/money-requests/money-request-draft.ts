import type { NetworkCode } from '@clearway/contracts/networks';

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
  network: NetworkCode | '';
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
