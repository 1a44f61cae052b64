import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { useSelectedEntity } from '../../../lib/selected-entity';
import { accountListQuery } from '../../accounts/api/accounts.queries';
import { currenciesQuery } from '../../reference-data/api/reference-data.queries';

const TYPES = ['DEPOSIT', 'WITHDRAWAL', 'INTERNAL_TRANSFER'] as const;
const SORTS = ['createdAt', 'valueDate', 'amount'] as const;

/** What the cash-entry history is narrowed to (the filters) and sorted by (its headers). */
export type CashEntryView = {
  type: (typeof TYPES)[number] | null;
  asset: string | null;
  account: string | null;
  range: { from: string; to: string };
  sort: (typeof SORTS)[number];
  direction: 'asc' | 'desc';
};

export const initialView = (accountId?: number): CashEntryView => ({
  type: null,
  asset: null,
  account: accountId ? String(accountId) : null,
  range: { from: '', to: '' },
  sort: 'createdAt',
  direction: 'desc',
});

type ViewProps = { view: CashEntryView; onChange: (patch: Partial<CashEntryView>) => void };

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
      // Narrowed to an account whose name has not come yet: not "All accounts" meanwhile.
      placeholder={value && !accounts.data ? '…' : t('overview.allAccounts')}
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

/** The filters: type, asset, account (for whoever may list accounts) and value-date range. */
export function CashEntryFilters({ entityId, view, onChange }: { entityId: number } & ViewProps) {
  const { t } = useTranslation();
  const currencies = useQuery(currenciesQuery);
  // Aligned by their tops: a field's message below it moves nothing else.
  return (
    <Group align="flex-start">
      <Select
        label={t('overview.type')}
        placeholder={t('requests.allTypes')}
        clearable
        data={TYPES.map((v) => ({ value: v, label: t(`overview.types.${v}`) }))}
        value={view.type}
        onChange={(v) => onChange({ type: v as CashEntryView['type'] })}
        w={180}
      />
      <Select
        label={t('overview.asset')}
        placeholder={t('overview.allAssets')}
        clearable
        searchable
        data={currencies.data?.map((c) => c.code) ?? []}
        value={view.asset}
        onChange={(v) => onChange({ asset: v })}
        w={140}
      />
      <AccountFilter entityId={entityId} value={view.account} onChange={(v) => onChange({ account: v })} />
      <DateRangeFilter value={view.range} onChange={(range) => onChange({ range })} />
    </Group>
  );
}
