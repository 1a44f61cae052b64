import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame, SectionTitle } from '../components/page-frame';
import { feeSchedulesQuery } from '../features/transfers/api/transfers.queries';
import { FeePreview } from '../features/transfers/components/fee-preview';
import { FeeScheduleForm } from '../features/transfers/components/fee-schedule-form';
import { FeeSchedulesTable } from '../features/transfers/components/fee-schedules-table';
import { useSelectedEntity } from '../lib/selected-entity';

/**
 * `/config/transfer-fees`: the fee schedules in force and scheduled (own and inherited), a
 * preview calculator for sample amounts, and the history of changes (every ended version).
 */
export function TransferFeesPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const manage = Boolean(entity?.capabilities.canManageTransferFees);
  const schedules = useQuery({ ...feeSchedulesQuery(id), enabled: id > 0 });
  const all = schedules.data?.items;
  const live = all?.filter((s) => s.state !== 'ENDED');
  const history = all?.filter((s) => s.state === 'ENDED');
  return (
    <PageFrame title={t('pages.transferFees')} actions={manage && <FeeScheduleForm entityId={id} />}>
      <Stack gap="xs">
        <SectionTitle>{t('transferFees.current')}</SectionTitle>
        <FeeSchedulesTable
          id="transfer-fees"
          label={t('transferFees.current')}
          entityId={id}
          items={live}
          manage={manage}
          query={schedules}
        />
      </Stack>
      <Stack gap="xs">
        <SectionTitle>{t('transferFees.preview')}</SectionTitle>
        <FeePreview schedules={live ?? []} />
      </Stack>
      <Stack gap="xs">
        <SectionTitle>{t('transferFees.history')}</SectionTitle>
        <FeeSchedulesTable
          id="transfer-fees-history"
          label={t('transferFees.history')}
          entityId={id}
          items={history}
          manage={false}
          query={schedules}
        />
      </Stack>
    </PageFrame>
  );
}
