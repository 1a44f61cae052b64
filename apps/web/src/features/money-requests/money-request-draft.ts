import { amountProblem, exceeds } from '@clearway/contracts/amounts';
import type { BodyOf } from '@clearway/contracts/endpoint';
import type { API } from '@clearway/contracts/endpoint-table';
import {
  ZCryptoDepositRequest,
  ZCryptoWithdrawalRequest,
  ZFiatDepositRequest,
  ZFiatWithdrawalRequest,
  ZInternalTransferRequest,
} from '@clearway/contracts/endpoints/money-requests.schemas';
import type { NetworkCode } from '@clearway/contracts/networks';
import type { z } from 'zod';
import { checkForm, type FieldLabels } from '../../lib/form-errors';
import type { Checked } from '../../lib/use-form';

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

/** A request as the contract row of its mode and kind takes it. */
export type MoneyRequestCall =
  | { call: 'depositFiat'; body: BodyOf<typeof API.requests.depositFiat> }
  | { call: 'depositCrypto'; body: BodyOf<typeof API.requests.depositCrypto> }
  | { call: 'withdrawalFiat'; body: BodyOf<typeof API.requests.withdrawalFiat> }
  | { call: 'withdrawalCrypto'; body: BodyOf<typeof API.requests.withdrawalCrypto> }
  | { call: 'internalTransfer'; body: BodyOf<typeof API.requests.internalTransfer> };

/** Body keys the form shows under another name. */
export const DRAFT_FIELD_OF = {
  fromAccountId: 'accountId',
  bankInfoId: 'destinationId',
  walletId: 'destinationId',
} as const;

/** What the form knows besides the draft: the asset's scale, the account's available balance. */
export type DraftContext = {
  scale?: number;
  available?: string;
  /** The form's labels, by draft field. */
  labels: FieldLabels;
  /** "exceeds the available balance of …" for the amount. */
  exceedsMessage: (available: string) => string;
};

const id = (v: string) => (v ? Number(v) : undefined);
const optional = (v: string) => (v.trim() ? v : undefined);

/** The checked body of `call`, its field messages by draft field. */
function checked<C extends MoneyRequestCall['call']>(
  call: C,
  schema: z.ZodType,
  input: Record<string, unknown>,
  labels: FieldLabels,
): Checked<MoneyRequestCall> {
  const schemaLabels: Record<string, string> = { ...labels };
  for (const [key, field] of Object.entries(DRAFT_FIELD_OF))
    if (labels[field]) schemaLabels[key] = labels[field];
  const { errors, body } = checkForm(schema, input, schemaLabels);
  const byField: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors))
    byField[DRAFT_FIELD_OF[key as keyof typeof DRAFT_FIELD_OF] ?? key] ??= message;
  return { errors: byField, body: body === undefined ? undefined : ({ call, body } as MoneyRequestCall) };
}

/**
 * A draft checked with the contract schema of its mode and kind, then with what the schema
 * cannot know: the asset's decimal places and, for money going out, the available balance.
 */
export function checkDraft(
  mode: RequestMode,
  d: MoneyRequestDraft,
  entityId: number,
  c: DraftContext,
): Checked<MoneyRequestCall> {
  const common = {
    entityId,
    accountId: id(d.accountId),
    asset: d.asset || undefined,
    amount: d.amount.trim(),
    reference: optional(d.reference),
    memo: optional(d.memo),
  };
  let result: Checked<MoneyRequestCall>;
  if (mode === 'transfer') {
    const { accountId, reference: _, ...rest } = common;
    result = checked(
      'internalTransfer',
      ZInternalTransferRequest,
      { ...rest, fromAccountId: accountId, toAccountId: id(d.toAccountId) },
      c.labels,
    );
  } else if (mode === 'withdrawal') {
    result =
      d.kind === 'fiat'
        ? checked(
            'withdrawalFiat',
            ZFiatWithdrawalRequest,
            { ...common, bankInfoId: id(d.destinationId) },
            c.labels,
          )
        : checked(
            'withdrawalCrypto',
            ZCryptoWithdrawalRequest,
            { ...common, walletId: id(d.destinationId) },
            c.labels,
          );
  } else {
    result =
      d.kind === 'fiat'
        ? checked('depositFiat', ZFiatDepositRequest, common, c.labels)
        : checked(
            'depositCrypto',
            ZCryptoDepositRequest,
            {
              ...common,
              network: d.network || undefined,
              transactionHash: d.transactionHash.trim() || undefined,
            },
            c.labels,
          );
  }
  const errors = { ...result.errors };
  if (!errors.amount && c.scale !== undefined) {
    const problem = amountProblem(common.amount, c.scale);
    if (problem) errors.amount = problem;
    else if (mode !== 'deposit' && c.available !== undefined && exceeds(common.amount, c.available))
      errors.amount = c.exceedsMessage(c.available);
  }
  return Object.keys(errors).length ? { errors } : result;
}
