import { amountProblem } from '@clearway/contracts/amounts';
import type { BodyOf } from '@clearway/contracts/endpoint';
import type { API } from '@clearway/contracts/endpoint-table';
import { ZTransferWithdrawalRequest } from '@clearway/contracts/endpoints/transfers.schemas';
import i18n from 'i18next';
import { checkForm, type FieldLabels } from '../../lib/form-errors';
import type { Checked } from '../../lib/use-form';

/** What the new-transfer form holds. */
export type TransferDraft = {
  accountId: string;
  asset: string;
  destinationId: string;
  amount: string;
  reference: string;
  memo: string;
};
export type TransferBody = BodyOf<typeof API.transfer.withdrawal>;

export const emptyTransfer = (): TransferDraft => ({
  accountId: '',
  asset: '',
  destinationId: '',
  amount: '',
  reference: '',
  memo: '',
});

/** Body keys the form shows under another name. */
export const TRANSFER_FIELD_OF = { bankInfoId: 'destinationId', walletId: 'destinationId' } as const;

/** Fiat goes to a whitelisted bank account, crypto to a wallet: by the allowed currency lists. */
export const kindOf = (asset: string, fiat: readonly string[]): 'fiat' | 'crypto' =>
  fiat.includes(asset) ? 'fiat' : 'crypto';

const optional = (v: string) => (v.trim() ? v.trim() : undefined);

/**
 * The draft checked with the contract's schema, then with what it cannot know: the asset's
 * decimal places. The server is still the judge (the fee, the balance, the destination).
 */
export function checkTransfer(
  d: TransferDraft,
  entityId: number,
  c: { fiat: readonly string[]; scale?: number; labels: FieldLabels },
): Checked<TransferBody> {
  const destination = d.destinationId ? Number(d.destinationId) : undefined;
  const input = {
    entityId,
    accountId: d.accountId ? Number(d.accountId) : undefined,
    asset: d.asset || undefined,
    amount: d.amount.trim(),
    ...(d.asset && kindOf(d.asset, c.fiat) === 'crypto'
      ? { walletId: destination }
      : { bankInfoId: destination }),
    reference: optional(d.reference),
    memo: optional(d.memo),
  };
  const labels = { ...c.labels, bankInfoId: c.labels.destinationId!, walletId: c.labels.destinationId! };
  const { errors, body } = checkForm(ZTransferWithdrawalRequest, input, labels);
  const byField: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors))
    byField[TRANSFER_FIELD_OF[key as keyof typeof TRANSFER_FIELD_OF] ?? key] ??= message;
  // Exactly one destination: the schema leaves both optional (the server checks the pair).
  if (!d.destinationId) byField.destinationId ??= i18n.t('forms.required', { label: c.labels.destinationId });
  if (!byField.amount && c.scale !== undefined && d.amount.trim()) {
    const problem = amountProblem(d.amount.trim(), c.scale);
    if (problem) byField.amount = problem;
  }
  return Object.keys(byField).length ? { errors: byField } : { errors: {}, body };
}
