import { API } from '@clearway/contracts/endpoint-table';
import { ActionIcon, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { formatDecimal } from '../lib/format';
import {
  accountListQuery,
  type CashEntryFilter,
  cashEntriesQuery,
  currenciesQuery,
  useScaleOf,
} from '../lib/money-queries';
import { allPages } from '../lib/paging';
import { useSelectedEntity } from '../lib/selected-entity';
import { DataTable } from './data-table';
import { DateRangeFilter } from './date-range-filter';
import { ExportCsvButton } from './export-csv-button';
import { ListState } from './list-state';
import { PagedFooter, type PageSizeProps, usePaging } from './pager';

const TYPES = ['DEPOSIT', 'WITHDRAWAL', 'INTERNAL_TRANSFER'] as const;
const SORTS = ['createdAt', 'valueDate', 'amount'] as const;
const CSV_HEADER = [
  'id',
  'type',
  'valueDate',
  'entity',
  'account',
  'accountId',
  'counterAccountId',
  'counterAccount',
  'asset',
  'amount',
  'reference',
  'requestId',
  'createdBy',
  'createdAt',
];

/** Flips the sort between descending (the default: newest, latest, largest first) and ascending. */
function SortDirection({
  value,
  onChange,
}: {
  value: 'asc' | 'desc';
  onChange: (v: 'asc' | 'desc') => void;
}) {
  const { t } = useTranslation();
  const label = t(value === 'desc' ? 'overview.descending' : 'overview.ascending');
  return (
    <ActionIcon
      variant="default"
      size="input-sm"
      aria-label={label}
      title={label}
      onClick={() => onChange(value === 'desc' ? 'asc' : 'desc')}
    >
      {value === 'desc' ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
    </ActionIcon>
  );
}

/**
 * Narrows the history to one account of the entity or below it (grouped by entity), for
 * whoever may list those accounts; nothing otherwise.
 */
function AccountFilter({
  entityId,
  value,
  onChange,
}: {
  entityId: number;
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  const { t } = useTranslation();
  const canList = Boolean(useSelectedEntity()?.capabilities.canViewAccounts);
  const accounts = useQuery({
    ...accountListQuery(entityId, { sortMode: 'name', allAccessible: true }),
    enabled: canList,
  });
  if (!canList) return null;
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const a of accounts.data ?? []) {
    const group = groups.get(a.entityName) ?? [];
    group.push({ value: String(a.id), label: a.name });
    groups.set(a.entityName, group);
  }
  return (
    <Select
      label={t('overview.account')}
      placeholder={t('overview.allAccounts')}
      clearable
      searchable
      limit={100}
      data={[...groups].map(([group, items]) => ({ group, items }))}
      value={value}
      onChange={onChange}
      w={220}
    />
  );
}

/**
 * Completed cash movements (back-office bookings and approved requests): filters by type,
 * asset, account and value-date range, sorting, paging (persisted page size) and CSV export.
 */
export function CashEntryHistory({
  entityId,
  accountId,
  pageSize,
  onPageSize,
}: { entityId: number; accountId?: number } & PageSizeProps) {
  const { t } = useTranslation();
  const paging = usePaging({ pageSize, onPageSize });
  const { setPage } = paging;
  const [type, setType] = useState<(typeof TYPES)[number] | null>(null);
  const [asset, setAsset] = useState<string | null>(null);
  const [account, setAccount] = useState<string | null>(accountId ? String(accountId) : null);
  const [sort, setSort] = useState<(typeof SORTS)[number]>('createdAt');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [range, setRange] = useState({ from: '', to: '' });
  const filter: CashEntryFilter = {
    type: type ?? undefined,
    asset: asset ?? undefined,
    accountId: account ? Number(account) : undefined,
    from: range.from || undefined,
    to: range.to || undefined,
    sort,
    direction,
    limit: pageSize,
    offset: paging.offset,
  };
  const entries = useQuery(cashEntriesQuery(entityId, filter));
  const currencies = useQuery(currenciesQuery);
  const scaleOf = useScaleOf();
  const items = entries.data?.items ?? [];

  const exportRows = async () =>
    (
      await allPages((limit, offset) =>
        api(API.cashEntry.list, { payload: { entityId, ...filter, limit, offset } }),
      )
    ).map((e) => [
      e.id,
      e.type,
      e.valueDate,
      e.entityName,
      e.accountName,
      e.accountId,
      e.counterAccountId,
      e.counterAccountName,
      e.asset,
      e.amount,
      e.reference,
      e.requestId,
      e.createdBy,
      e.createdAt,
    ]);

  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label={t('overview.type')}
          placeholder={t('requests.allTypes')}
          clearable
          data={TYPES.map((v) => ({ value: v, label: t(`overview.types.${v}`) }))}
          value={type}
          onChange={(v) => {
            setType(v as typeof type);
            setPage(1);
          }}
          w={180}
        />
        <Select
          label={t('overview.asset')}
          placeholder={t('overview.allAssets')}
          clearable
          searchable
          data={currencies.data?.map((c) => c.code) ?? []}
          value={asset}
          onChange={(v) => {
            setAsset(v);
            setPage(1);
          }}
          w={140}
        />
        <AccountFilter
          entityId={entityId}
          value={account}
          onChange={(v) => {
            setAccount(v);
            setPage(1);
          }}
        />
        <DateRangeFilter
          value={range}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
      </Group>
      <Group justify="space-between" align="flex-end">
        <Group gap="xs" align="flex-end">
          <Select
            label={t('overview.sortBy')}
            data={SORTS.map((v) => ({ value: v, label: t(`overview.sorts.${v}`) }))}
            value={sort}
            onChange={(v) => {
              if (!v) return;
              setSort(v as typeof sort);
              setPage(1);
            }}
            w={160}
            allowDeselect={false}
          />
          <SortDirection
            value={direction}
            onChange={(v) => {
              setDirection(v);
              setPage(1);
            }}
          />
        </Group>
        <ExportCsvButton
          fileName={`cash-entries-${entityId}.csv`}
          header={CSV_HEADER}
          rows={exportRows}
          disabled={items.length === 0}
        />
      </Group>
      <ListState
        query={entries}
        count={items.length}
        label={t('overview.history')}
        empty={{ title: t('overview.noEntries'), hint: t('overview.noEntriesHint') }}
      >
        <DataTable striped withTableBorder aria-label={t('overview.history')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('overview.valueDate')}</Table.Th>
              <Table.Th>{t('overview.account')}</Table.Th>
              <Table.Th>{t('overview.type')}</Table.Th>
              <Table.Th>{t('overview.asset')}</Table.Th>
              <Table.Th ta="right">{t('overview.amount')}</Table.Th>
              <Table.Th>{t('overview.reference')}</Table.Th>
              <Table.Th>{t('overview.request')}</Table.Th>
              <Table.Th>{t('overview.bookedBy')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{e.valueDate}</Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {e.counterAccountName
                      ? t('overview.transferBetween', { from: e.accountName, to: e.counterAccountName })
                      : e.accountName}
                  </Text>
                  {e.entityId !== entityId && (
                    <Text size="xs" c="dimmed">
                      {e.entityName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t(`overview.types.${e.type}`)}</Table.Td>
                <Table.Td>{e.asset}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatDecimal(e.amount, scaleOf(e.asset) ?? 2)}
                </Table.Td>
                <Table.Td>{e.reference ?? '—'}</Table.Td>
                <Table.Td>{e.requestId ? `#${e.requestId}` : '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm">{e.createdBy}</Text>
                  <Text size="xs" c="dimmed">
                    {new Date(e.createdAt).toLocaleString()}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      </ListState>
      <PagedFooter rows={entries.data?.total ?? 0} paging={paging} />
    </Stack>
  );
}
