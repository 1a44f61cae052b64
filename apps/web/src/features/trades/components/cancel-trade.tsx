import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import { ZTradeCancel } from '@clearway/contracts/endpoints/trades.schemas';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useCancelTrade } from '../api/trades.mutations';
import { figure } from './trade-figures';

const REASON = ZTradeCancel.pick({ reason: true });

/**
 * Confirms cancelling a trade, saying why (required, kept in its events and audited): what
 * it was, and what cancelling does — a trade not yet settled is cancelled and its hold
 * released; a settled one is reversed by opposite postings.
 */
export function CancelTrade({
  trade,
  entityId,
  onClose,
}: {
  trade: TTrade;
  entityId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { errors, failure, busy, run } = useFormSubmit(useCancelTrade(entityId));
  const settled = trade.status === 'SETTLED' || trade.realisedPnl !== null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const problems = fieldErrors(REASON, { reason }, { reason: t('trades.cancelReason') });
    await run(problems, { tradeId: trade.id, reason: reason.trim() }, (view) => {
      showSuccessToast(
        t('trades.cancelledTitle'),
        t('trades.cancelledMessage', { id: trade.id, status: t(`trades.statuses.${view.trade.status}`) }),
      );
      onClose();
    });
  }

  return (
    <Modal opened onClose={onClose} title={t('trades.cancelTrade', { id: trade.id })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {t('trades.cancelSummary', {
              side: t(`trades.sides.${trade.side}`),
              amount: figure(trade.amount),
              symbol: trade.symbol,
              rate: trade.rate,
              account: trade.accountName,
            })}
          </Text>
          <Alert color="orange" variant="light">
            {t(settled ? 'trades.cancelReverses' : 'trades.cancelReleases')}
          </Alert>
          <Textarea
            label={t('trades.cancelReason')}
            description={t('trades.cancelReasonHint')}
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
              {t('trades.keep')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('trades.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
