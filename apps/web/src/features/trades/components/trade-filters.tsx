import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import {
  labelOf,
  TRADE_SIDE_LABELS,
  TRADE_SIDES,
  TRADE_STATUS_LABELS,
  TRADE_STATUSES,
  TRADE_TYPE_LABELS,
  TRADE_TYPES,
} from '@clearway/contracts/enums';
import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeFilter } from '../../../components/date-range-filter';
import { useSelectedEntity } from '../../../lib/selected-entity';
import type { TradeFilter } from '../api/trades.keys';
import { bookingAccountsQuery } from '../api/trades.queries';

/** What the blotter is narrowed to (the filters) and sorted by (its headers). */
export type TradeView = {
  type: TTrade['type'] | null;
  status: TTrade['status'] | null;
  side: TTrade['side'] | null;
  account: string | null;
  tradeDates: DateRange;
  sort: NonNullable<TradeFilter['sort']>;
  direction: 'asc' | 'desc';
};

export const INITIAL_VIEW: TradeView = {
  type: null,
  status: null,
  side: null,
  account: null,
  tradeDates: { from: '', to: '' },
  sort: 'bookedAt',
  direction: 'desc',
};

/** The list call's filter for what the controls show. */
export const filterOf = (v: TradeView): Omit<TradeFilter, 'limit' | 'offset'> => ({
  type: v.type ?? undefined,
  status: v.status ?? undefined,
  side: v.side ?? undefined,
  accountId: v.account ? Number(v.account) : undefined,
  tradeDateFrom: v.tradeDates.from || undefined,
  tradeDateTo: v.tradeDates.to || undefined,
  sort: v.sort,
  direction: v.direction,
});

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
  values.map((v) => ({ value: v, label: labelOf(labels, v) }));

/** One account of the entity or below it (grouped by entity), for whoever may list accounts. */
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
  const accounts = useQuery({ ...bookingAccountsQuery(entityId), enabled: canList });
  if (!canList) return null;
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const a of accounts.data ?? []) {
    groups.set(a.entityName, [...(groups.get(a.entityName) ?? []), { value: String(a.id), label: a.name }]);
  }
  return (
    <Select
      label={t('trades.account')}
      placeholder={value && !accounts.data ? '…' : t('overview.allAccounts')}
      clearable
      searchable
      data={[...groups].map(([group, items]) => ({ group, items }))}
      value={value}
      onChange={onChange}
      w={220}
    />
  );
}

/** The blotter's filters: kind, status, side, account and trade-date range. */
export function TradeFilters({
  entityId,
  view,
  onChange,
}: {
  entityId: number;
  view: TradeView;
  onChange: (patch: Partial<TradeView>) => void;
}) {
  const { t } = useTranslation();
  // Aligned by their tops: a field's message below it moves nothing else.
  return (
    <Group align="flex-start" wrap="wrap">
      <Select
        label={t('trades.type')}
        placeholder={t('trades.allTypes')}
        data={options(TRADE_TYPES, TRADE_TYPE_LABELS)}
        value={view.type}
        onChange={(v) => onChange({ type: v as TradeView['type'] })}
        clearable
        w={180}
      />
      <Select
        label={t('trades.status')}
        placeholder={t('trades.allStatuses')}
        data={options(TRADE_STATUSES, TRADE_STATUS_LABELS)}
        value={view.status}
        onChange={(v) => onChange({ status: v as TradeView['status'] })}
        clearable
        w={150}
      />
      <Select
        label={t('trades.side')}
        placeholder={t('trades.allSides')}
        data={options(TRADE_SIDES, TRADE_SIDE_LABELS)}
        value={view.side}
        onChange={(v) => onChange({ side: v as TradeView['side'] })}
        clearable
        w={120}
      />
      <AccountFilter entityId={entityId} value={view.account} onChange={(account) => onChange({ account })} />
      <DateRangeFilter
        value={view.tradeDates}
        onChange={(tradeDates) => onChange({ tradeDates })}
        labels={{ from: t('trades.tradeDateFrom'), to: t('trades.tradeDateTo') }}
      />
    </Group>
  );
}
