import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from '../components/page-frame';
import type { PageSizeProps } from '../components/pager';
import { CashEntryHistory } from '../features/cash-entries/components/cash-entry-history';
import { useSelectedEntity } from '../lib/selected-entity';

/**
 * `/deposit-and-withdrawals/historic`: completed movements of the selected entity and
 * below — back-office bookings and approved requests — with filters and CSV export; opened
 * from an account, already narrowed to it.
 */
export function HistoricPage({ pageSize, onPageSize }: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  // `?accountId=` (a link from the Accounts page), checked by the route.
  const { accountId } = useSearch({ from: '/app/deposit-and-withdrawals/historic' });
  return (
    <PageFrame title={t('pages.historic')}>
      {entity ? (
        <CashEntryHistory
          key={`${entity.entityId}:${accountId}`}
          entityId={entity.entityId}
          accountId={accountId}
          pageSize={pageSize}
          onPageSize={onPageSize}
        />
      ) : (
        <EmptyState />
      )}
    </PageFrame>
  );
}
