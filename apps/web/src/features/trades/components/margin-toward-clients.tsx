import type { TMarginRequirement } from '@clearway/contracts/endpoints/options.schemas';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { EMPTY_CELL, formatMoney } from '../../../lib/format';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';
import { marginQuery } from '../api/trades.queries';

/** A broker's clients by margin level, those nearest a call first (entity/margin-requirements toward clients). */
export function MarginTowardClients({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  const margin = useQuery(marginQuery(entityId, true));
  const money = (v: string, c: string) => formatMoney(v, c, assetOf(c));
  const columns: Column<TMarginRequirement>[] = [
    {
      id: 'entity',
      header: t('margin.client'),
      value: (r) => r.entityName,
      cell: (r) => r.entityName,
      sort: 'text',
    },
    {
      id: 'equity',
      header: t('margin.equity'),
      value: (r) => r.equity,
      cell: (r) => money(r.equity, r.baseCurrency),
      sort: 'decimal',
      align: 'right',
      mono: true,
    },
    {
      id: 'used',
      header: t('margin.used'),
      value: (r) => r.initialMargin,
      cell: (r) => money(r.initialMargin, r.baseCurrency),
      sort: 'decimal',
      align: 'right',
      mono: true,
    },
    {
      id: 'free',
      header: t('margin.free'),
      value: (r) => r.freeMargin,
      cell: (r) => money(r.freeMargin, r.baseCurrency),
      sort: 'decimal',
      align: 'right',
      mono: true,
    },
    {
      id: 'level',
      header: t('margin.level'),
      // No requirement sorts after every level.
      value: (r) => r.marginLevelPct ?? '999999999',
      cell: (r) => (r.marginLevelPct === null ? EMPTY_CELL : `${r.marginLevelPct} %`),
      sort: 'decimal',
      align: 'right',
      mono: true,
    },
    {
      id: 'call',
      header: t('margin.call'),
      value: (r) => (r.marginCall ? 'yes' : ''),
      cell: (r) => (r.marginCall ? <Badge color="red">{t('margin.call')}</Badge> : EMPTY_CELL),
    },
  ];
  return (
    <DataTable
      id="margin-toward-clients"
      label={t('margin.towardClients')}
      columns={columns}
      rows={margin.data?.requirements}
      rowKey={(r) => r.entityId}
      query={margin}
      defaultSort={{ by: 'level', direction: 'asc' }}
      empty={{ title: t('margin.noClients'), hint: t('margin.noClientsHint') }}
    />
  );
}
