import type { TEntityListItem } from '@clearway/contracts/endpoints/entity.schemas';
import { Anchor, Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import type { Paging } from '../../../components/pager';
import { EMPTY_CELL } from '../../../lib/format';
import { entityListQuery } from '../api/entities.queries';
import { type EntityFilterValue, filterBody } from './entity-filters';

/** The entities below the selected one as a flat list: every section 3 filter, paged by the server. */
export function EntityListTable({
  entityId,
  filters,
  search,
  paging,
  onOpen,
}: {
  entityId: number;
  filters: EntityFilterValue;
  search: string;
  paging: Paging;
  onOpen: (entityId: number) => void;
}) {
  const { t } = useTranslation();
  const list = useQuery({
    ...entityListQuery(entityId, {
      ...filterBody(filters, search),
      limit: paging.pageSize,
      offset: paging.offset,
    }),
    enabled: entityId > 0,
  });
  const text = (
    id: string,
    header: string,
    of: (e: TEntityListItem) => string | null,
  ): Column<TEntityListItem> => ({
    id,
    header,
    value: of,
    cell: (e) => of(e) || EMPTY_CELL,
  });
  const columns: Column<TEntityListItem>[] = [
    {
      id: 'name',
      header: t('entitiesPage.name'),
      value: (e) => e.entityName,
      cell: (e) => (
        <Anchor component="button" type="button" size="sm" onClick={() => onOpen(e.entityId)}>
          {e.entityName}
        </Anchor>
      ),
      fixed: true,
    },
    { id: 'id', header: t('entitiesPage.id'), value: (e) => e.entityId, cell: (e) => e.entityId, mono: true },
    text('parent', t('entitiesPage.parent'), (e) => e.parentName),
    text('type', t('entitiesPage.type'), (e) => e.attributes.join(', ')),
    text('currency', t('entitiesPage.currency'), (e) => e.currencyCode),
    text('trading', t('entitiesPage.trading'), (e) =>
      e.tradingEnabled ? t('entitiesPage.enabled') : t('entitiesPage.disabled'),
    ),
    {
      id: 'status',
      header: t('entitiesPage.status'),
      value: (e) => (e.active ? t('entitiesPage.active') : t('entitiesPage.inactive')),
      cell: (e) => (
        <Badge size="sm" color={e.active ? 'teal' : 'gray'}>
          {e.active ? t('entitiesPage.active') : t('entitiesPage.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <DataTable
      id="entities"
      label={t('pages.entities')}
      columns={columns}
      rows={list.data?.items}
      rowKey={(e) => e.entityId}
      query={list}
      empty={{ title: t('entitiesPage.none'), hint: t('entitiesPage.noneHint') }}
      paging={{ total: list.data?.total ?? 0, paging }}
      onRowOpen={(e) => onOpen(e.entityId)}
    />
  );
}
