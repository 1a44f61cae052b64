import { valueAt } from '@clearway/contracts/amounts';
import type { TBalance, TBaseCurrency } from '@clearway/contracts/endpoints/money.schemas';
import { ACCOUNT_TYPE_LABELS, labelOf } from '@clearway/contracts/enums';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { type AssetDisplay, EMPTY_CELL, formatAmount } from '../../../lib/format';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';
import { AccountHistoryLink } from './account-history-link';
import { HeldAmount } from './held-amount';

type Position = { asset: string; posted: string; held: string; available: string };
type AssetOf = (asset: string) => AssetDisplay | undefined;

/**
 * The three figures of a position at the asset's display precision: posted, held and
 * available (bold); `held` replaces the plain held figure (an account's, which can say what
 * holds it). Each sorts as an exact decimal.
 */
export function positionColumns<T extends Position>(
  t: TFunction,
  assetOf: AssetOf,
  held?: (row: T) => ReactNode,
): Column<T>[] {
  const figure = (id: 'posted' | 'held' | 'available', label: string): Column<T> => ({
    id,
    header: label,
    value: (r) => r[id],
    cell: (r) => formatAmount(r[id], assetOf(r.asset)),
    sort: 'decimal',
    align: 'right',
    mono: true,
  });
  return [
    figure('posted', t('overview.posted')),
    { ...figure('held', t('overview.held')), ...(held ? { cell: held } : {}) },
    {
      ...figure('available', t('overview.available')),
      cell: (r) => <Text fw={600}>{formatAmount(r.available, assetOf(r.asset))}</Text>,
    },
  ];
}

/** A column of each row's worth in the base currency at the rate sheet's rate ('—' without a rate). */
export function baseValueColumn<T>(
  t: TFunction,
  base: TBaseCurrency,
  assetOf: AssetOf,
  worth: (row: T) => string | undefined,
): Column<T> {
  return {
    id: 'baseValue',
    header: t('overview.inBase', { currency: base.baseCurrency }),
    value: (r) => worth(r) ?? null,
    cell: (r) => {
      const v = worth(r);
      return v === undefined ? EMPTY_CELL : formatAmount(v, assetOf(base.baseCurrency));
    },
    sort: 'decimal',
    descFirst: true,
    align: 'right',
    mono: true,
  };
}

type Read = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * Balances per account and asset: posted, held (pending outflows, which open the requests
 * holding them) and available, and what the available amount is worth in the base currency
 * at the rate sheet's rate.
 */
export function BalancesTable({
  entityId,
  rows,
  query,
  base,
}: {
  entityId: number;
  rows: TBalance[] | undefined;
  query: Read;
  base?: TBaseCurrency;
}) {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  const scale = assetOf(base?.baseCurrency ?? '')?.scale ?? 2;
  const columns: Column<TBalance>[] = [
    {
      id: 'account',
      header: t('overview.account'),
      value: (r) => r.accountName,
      cell: (r) => (
        <>
          <AccountHistoryLink accountId={r.accountId} name={r.accountName} />
          <Text size="xs" c="dimmed">
            {labelOf(ACCOUNT_TYPE_LABELS, r.accountType)}
          </Text>
        </>
      ),
      sort: 'text',
      fixed: true,
    },
    { id: 'asset', header: t('overview.asset'), value: (r) => r.asset, cell: (r) => r.asset, sort: 'text' },
    ...positionColumns<TBalance>(t, assetOf, (r) => <HeldAmount {...r} entityId={entityId} />),
    ...(base
      ? [
          baseValueColumn<TBalance>(t, base, assetOf, (r) => {
            const rate = base.lines.find((l) => l.asset === r.asset)?.rate;
            return rate === undefined ? undefined : valueAt(r.available, rate, scale);
          }),
        ]
      : []),
  ];
  return (
    <DataTable
      id="balances"
      label={t('overview.balances')}
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.accountId}-${r.asset}`}
      query={query}
      empty={{ title: t('overview.noBalances'), hint: t('overview.noBalancesHint') }}
      search="rows"
      csv={{ fileName: `balances-${entityId}.csv` }}
    />
  );
}
