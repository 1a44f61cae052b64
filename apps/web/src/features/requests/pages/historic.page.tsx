import { useTranslation } from 'react-i18next';
import { CashEntryHistory } from '../../../components/cash-entry-history';
import { EmptyState, PageFrame } from '../../../components/page-frame';
import type { PageSizeProps } from '../../../components/pager';
import { useSelectedEntity } from '../../../lib/selected-entity';

/**
 * `/deposit-and-withdrawals/historic`: completed movements of the selected entity and
 * below — back-office bookings and approved requests — with filters and CSV export.
 */
export function HistoricPage({ pageSize, onPageSize }: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  return (
    <PageFrame title={t('pages.historic')}>
      {entity ? (
        <CashEntryHistory entityId={entity.entityId} pageSize={pageSize} onPageSize={onPageSize} />
      ) : (
        <EmptyState />
      )}
    </PageFrame>
  );
}
