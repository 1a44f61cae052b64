import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '../components/data-table';
import { PageFrame } from '../components/page-frame';
import { type PageSizeProps, usePaging } from '../components/pager';
import type { InstrumentFilter } from '../features/instruments/api/instrument-keys';
import {
  instrumentCurrenciesQuery,
  instrumentListQuery,
} from '../features/instruments/api/instruments.queries';
import { HolidayCalendars } from '../features/instruments/components/holiday-calendars';
import { InstrumentFilters } from '../features/instruments/components/instrument-filters';
import { InstrumentForm } from '../features/instruments/components/instrument-form';
import { InstrumentStatusButton } from '../features/instruments/components/instrument-status';
import { InstrumentsTable } from '../features/instruments/components/instruments-table';
import { useSelectedEntity } from '../lib/selected-entity';

type Sort = NonNullable<InstrumentFilter['sort']>;

/** `/instruments`: the catalogue (filters, sorting, paging; managed by instrument_management) and the holiday calendars. */
export function InstrumentsPage(pageSize: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const entityId = entity?.entityId ?? 0;
  const canManage = Boolean(entity?.capabilities.canManageInstruments);
  const paging = usePaging(pageSize);
  const [filter, setFilter] = useState<InstrumentFilter>({});
  const [order, setOrder] = useState<SortOrder>({ by: 'symbol', direction: 'asc' });
  const list = useQuery({
    ...instrumentListQuery(entityId, {
      ...filter,
      sort: order.by as Sort,
      direction: order.direction,
      limit: paging.pageSize,
      offset: paging.offset,
    }),
    enabled: entityId > 0,
  });
  const currencies = useQuery({ ...instrumentCurrenciesQuery(entityId), enabled: entityId > 0 });
  const change = (patch: Partial<InstrumentFilter>) => {
    setFilter({ ...filter, ...patch });
    paging.setPage(1);
  };

  return (
    <PageFrame
      title={t('pages.instruments')}
      actions={canManage ? <InstrumentForm entityId={entityId} /> : undefined}
    >
      <Stack>
        <InstrumentsTable
          items={list.data?.items}
          query={list}
          paging={{ total: list.data?.total ?? 0, paging }}
          order={order}
          onSort={(next) => {
            setOrder(next);
            paging.setPage(1);
          }}
          toolbar={
            <InstrumentFilters
              filter={filter}
              currencies={(currencies.data ?? []).map((c) => c.code)}
              onChange={change}
            />
          }
          actions={
            canManage
              ? (i) => (
                  <>
                    <InstrumentForm entityId={entityId} instrument={i} />
                    <InstrumentStatusButton entityId={entityId} instrument={i} />
                  </>
                )
              : undefined
          }
        />
        <HolidayCalendars entityId={entityId} canManage={Boolean(entity?.capabilities.canManageHolidays)} />
      </Stack>
    </PageFrame>
  );
}
