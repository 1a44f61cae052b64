import type { TInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useSetInstrumentStatus } from '../api/instruments.mutations';

/** Disables (after confirming: trading stops) or enables an instrument. */
export function InstrumentStatusButton({
  entityId,
  instrument,
}: {
  entityId: number;
  instrument: TInstrument;
}) {
  const { t } = useTranslation();
  const setStatus = useSetInstrumentStatus(entityId);
  const enabling = !instrument.enabled;
  const run = () =>
    setStatus.mutate(
      { instrumentId: instrument.id, enabled: enabling },
      {
        onSuccess: (saved) =>
          showSuccessToast(t(saved.enabled ? 'instruments.enabled' : 'instruments.disabled'), saved.symbol),
        onError: showErrorToast,
      },
    );
  const confirmDisable = () =>
    modals.openConfirmModal({
      title: t('instruments.disableTitle', { symbol: instrument.symbol }),
      centered: true,
      children: <Text size="sm">{t('instruments.disableText')}</Text>,
      labels: { confirm: t('instruments.disable'), cancel: t('instruments.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: run,
    });
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color={enabling ? 'teal' : 'red'}
      loading={setStatus.isPending}
      aria-label={t(enabling ? 'instruments.enableOf' : 'instruments.disableOf', {
        symbol: instrument.symbol,
      })}
      onClick={enabling ? run : confirmDisable}
    >
      {t(enabling ? 'instruments.enable' : 'instruments.disable')}
    </Button>
  );
}
