import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from '../components/page-frame';
import type { PageSizeProps } from '../components/pager';
import { BookTrade } from '../features/trades/components/book-trade';
import { TradeBlotter } from '../features/trades/components/trade-blotter';
import { useSelectedEntity } from '../lib/selected-entity';

/**
 * `/trades`: the blotter of the selected entity and below (filters, sorting, paging, CSV,
 * live), each trade's detail with cancel; booking for staff with manual_trade_booking.
 */
export function TradesPage({ pageSize, onPageSize }: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  return (
    <PageFrame
      title={t('pages.trades')}
      actions={entity?.capabilities.canBookTrades ? <BookTrade entityId={entity.entityId} /> : undefined}
    >
      {entity ? (
        <TradeBlotter
          key={entity.entityId}
          entityId={entity.entityId}
          pageSize={pageSize}
          onPageSize={onPageSize}
        />
      ) : (
        <EmptyState />
      )}
    </PageFrame>
  );
}
