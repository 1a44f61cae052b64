import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from '../components/page-frame';
import type { PageSizeProps } from '../components/pager';
import { BookOption } from '../features/trades/components/booking/book-option';
import { BookTrade } from '../features/trades/components/booking/book-trade';
import { TradeBlotter } from '../features/trades/components/trade-blotter';
import { useSelectedEntity } from '../lib/selected-entity';

/**
 * `/trades`: the blotter of the selected entity and below (filters, sorting, paging, CSV,
 * live), each trade's detail with cancel and an option's lifecycle moves; booking of trades
 * and options for staff with manual_trade_booking.
 */
export function TradesPage({ pageSize, onPageSize }: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  return (
    <PageFrame
      title={t('pages.trades')}
      actions={
        entity && (entity.capabilities.canBookTrades || entity.capabilities.canBookOptions) ? (
          <Group>
            {entity.capabilities.canBookOptions && <BookOption entityId={entity.entityId} />}
            {entity.capabilities.canBookTrades && <BookTrade entityId={entity.entityId} />}
          </Group>
        ) : undefined
      }
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
