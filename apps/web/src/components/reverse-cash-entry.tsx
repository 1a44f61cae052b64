import { type TCashEntryRow, ZCashReversal } from '@clearway/contracts/endpoints/money.schemas';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../lib/format';
import { reverseCashEntry, useScaleOf } from '../lib/money-queries';
import { showSuccessToast } from '../lib/toasts';
import { useFormSubmit } from '../lib/use-form-submit';

/** The reason's problem as the server words it, before asking the server. */
function reasonProblem(reason: string): Record<string, string> {
  const parsed = ZCashReversal.shape.reason.safeParse(reason);
  return parsed.success ? {} : { reason: parsed.error.issues[0]!.message };
}

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
  const queryClient = useQueryClient();
  const scale = useScaleOf()(entry.asset) ?? 2;
  const [key] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const { errors, failure, busy, run } = useFormSubmit();
  const account = entry.counterAccountName
    ? t('overview.transferBetween', { from: entry.accountName, to: entry.counterAccountName })
    : entry.accountName;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    await run(reasonProblem(reason), async () => {
      const reversal = await reverseCashEntry(entityId, key, entry.type, {
        cashEntryId: entry.id,
        reason: reason.trim(),
      });
      await queryClient.invalidateQueries({ queryKey: ['balances'] });
      await queryClient.invalidateQueries({ queryKey: ['cash-entries'] });
      showSuccessToast(
        t('overview.reversedTitle'),
        t('overview.reversedMessage', { id: entry.id, by: reversal.id }),
      );
      onClose();
    });
  }

  return (
    <Modal opened onClose={onClose} title={t('overview.reverseEntry', { id: entry.id })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {t('overview.reverseSummary', {
              type: t(`overview.types.${entry.type}`),
              amount: formatDecimal(entry.amount, scale),
              asset: entry.asset,
              account,
              valueDate: entry.valueDate,
            })}
          </Text>
          <Alert color="orange" variant="light">
            {t('overview.reverseEffect', {
              amount: formatDecimal(`-${entry.amount}`, scale),
              asset: entry.asset,
            })}
          </Alert>
          <Textarea
            label={t('overview.reverseReason')}
            description={t('overview.reverseReasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason ?? (failure && !Object.keys(errors).length ? failure : undefined)}
            required
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('overview.cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('overview.reverseConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
