import { type TCashEntryRow, ZCashReversal } from '@clearway/contracts/endpoints/money.schemas';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { formatAmount, negated } from '../../../lib/format';
import { formatDate } from '../../../lib/format/dates';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';
import { useReverseCashEntry } from '../api/cash-entries.mutations';
import { signedAmount } from '../entry-direction';

const REASON = ZCashReversal.pick({ reason: true });

/**
 * Confirms the reversal of one historic entry: what it was, what the reversal books, and
 * why (required, kept with the entry and audited). One Idempotency-Key per opening, so a
 * double submit reverses once; the balances and the history refresh after.
 */
export function ReverseCashEntry({
  entry,
  entityId,
  onClose,
}: {
  entry: TCashEntryRow;
  entityId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const asset = useAssetOf()(entry.asset);
  const [key] = useState(() => crypto.randomUUID());
  const reverse = useReverseCashEntry(entityId);
  const labels = { reason: t('overview.reverseReason') };
  const form = useForm({
    initial: () => ({ reason: '' }),
    labels,
    required: ['reason'],
    // The reason's problem as the server words it, before asking the server.
    check: (v) => checkForm(REASON, v, labels),
  });
  const account = entry.counterAccountName
    ? t('overview.transferBetween', { from: entry.accountName, to: entry.counterAccountName })
    : entry.accountName;

  const send = async ({ reason }: { reason: string }) => {
    const reversal = await reverse.mutateAsync({
      idempotencyKey: key,
      type: entry.type,
      cashEntryId: entry.id,
      reason,
    });
    showSuccessToast(
      t('overview.reversedTitle'),
      t('overview.reversedMessage', { id: entry.id, by: reversal.id }),
    );
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t('overview.reverseEntry', { id: entry.id })} centered>
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack>
          <Text size="sm">
            {t('overview.reverseSummary', {
              type: t(`overview.types.${entry.type}`),
              amount: formatAmount(entry.amount, asset),
              asset: entry.asset,
              account,
              valueDate: formatDate(entry.valueDate),
            })}
          </Text>
          <Alert color="orange" variant="light">
            {t('overview.reverseEffect', {
              // What the reversal's row will read in the history: the entry's direction undone.
              amount: formatAmount(negated(signedAmount(entry)), asset),
              asset: entry.asset,
            })}
          </Alert>
          <Textarea
            {...form.text('reason')}
            description={t('overview.reverseReasonHint')}
            error={form.error('reason') ?? form.failure ?? undefined}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('overview.cancel')}
            </Button>
            <Button type="submit" color="red" loading={form.busy}>
              {t('overview.reverseConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
