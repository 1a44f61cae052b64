import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import { ZTradeCancel } from '@clearway/contracts/endpoints/trades.schemas';
import { labelOf, TRADE_SIDE_LABELS, TRADE_STATUS_LABELS } from '@clearway/contracts/enums';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useCancelTrade } from '../api/trades.mutations';
import { useTradeFigures } from './trade-figures';

/**
 * Confirms cancelling a trade, saying why (required, checked with the contract's rule, kept
 * in its events and audited): what it was, and what cancelling does — a trade not yet
 * settled is cancelled and its hold released; a settled one is reversed by opposite postings.
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
  const cancel = useCancelTrade(entityId);
  const f = useTradeFigures(entityId);
  const settled = trade.status === 'SETTLED' || trade.realisedPnl !== null;
  const labels = { reason: t('trades.cancelReason') };
  const form = useForm({
    initial: () => ({ reason: '' }),
    labels,
    required: ['reason'],
    check: (v) => checkForm(ZTradeCancel, { entityId, tradeId: trade.id, reason: v.reason }, labels),
  });

  const send = async (body: { tradeId: number; reason: string }) => {
    const view = await cancel.mutateAsync({ tradeId: body.tradeId, reason: body.reason });
    showSuccessToast(
      t('trades.cancelledTitle'),
      t('trades.cancelledMessage', { id: trade.id, status: labelOf(TRADE_STATUS_LABELS, view.trade.status) }),
    );
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t('trades.cancelTrade', { id: trade.id })} centered>
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack>
          <Text size="sm">
            {t('trades.cancelSummary', {
              side: labelOf(TRADE_SIDE_LABELS, trade.side),
              amount: f.money(trade.amount, trade.base),
              symbol: trade.symbol,
              rate: f.rate(trade.rate, trade.instrumentId),
              account: trade.accountName,
            })}
          </Text>
          <Alert color="orange" variant="light">
            {t(settled ? 'trades.cancelReverses' : 'trades.cancelReleases')}
          </Alert>
          <Textarea
            {...form.text('reason')}
            description={t('trades.cancelReasonHint')}
            autosize
            minRows={2}
            data-autofocus
          />
          {form.failure && (
            <Alert color="red" role="alert">
              {form.failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('trades.keep')}
            </Button>
            <Button type="submit" color="red" loading={form.busy}>
              {t('trades.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
