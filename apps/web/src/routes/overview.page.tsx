import type { TBaseCurrency, TSummary } from '@clearway/contracts/endpoints/money.schemas';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../components/data-table';
import { EmptyState, PageFrame, SectionTitle } from '../components/page-frame';
import type { PageSizeProps } from '../components/pager';
import {
  balancesQuery,
  baseCurrencyQuery,
  towardClientsQuery,
} from '../features/accounts/api/accounts.queries';
import { AssetChart } from '../features/accounts/components/asset-chart';
import { BalancesBelow } from '../features/accounts/components/balances-below';
import {
  BalancesTable,
  baseValueColumn,
  positionColumns,
} from '../features/accounts/components/balances-table';
import { STALE_RATE_HOURS, valuationOf } from '../features/accounts/components/valuation';
import { BookCashEntry } from '../features/cash-entries/components/book-cash-entry';
import { CashEntryHistory } from '../features/cash-entries/components/cash-entry-history';
import { RateSheet } from '../features/rates/components/rate-sheet';
import { useAssetOf } from '../features/reference-data/api/reference-data.queries';
import { MarginSummary } from '../features/trades/components/margin-summary';
import { MarginTowardClients } from '../features/trades/components/margin-toward-clients';
import { OptionPositions } from '../features/trades/components/option-positions';
import { ProfitLoss } from '../features/trades/components/profit-loss';
import { formatMoney } from '../lib/format';
import { formatDateTime } from '../lib/format/dates';
import { historicEntryTypes, useSelectedEntity } from '../lib/selected-entity';

type Hint = { text: string; warn?: boolean };

/** A headline figure; a skeleton until its value has come (never a zero meanwhile). */
function Figure({ label, value, hints = [] }: { label: string; value?: string; hints?: Hint[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton
          height={28}
          my={2}
          width="60%"
          role="status"
          aria-label={t('shell.loading', { what: label })}
        />
      ) : (
        <Text fz="xl" fw={700} ff="monospace" data-testid={label}>
          {value}
        </Text>
      )}
      {hints.map((h) => (
        <Text key={h.text} size="xs" c={h.warn ? 'red.9' : 'dimmed'} fw={h.warn ? 600 : undefined}>
          {h.text}
        </Text>
      ))}
    </Paper>
  );
}

/** Under a base-currency total: when its rates were set (flagged when stale), and what it left out. */
function valuationHints(b: TBaseCurrency | undefined, t: TFunction): Hint[] {
  if (!b) return [];
  const v = valuationOf(b, new Date());
  const hints: Hint[] = [];
  if (b.asOf && v.asOf) {
    const when = formatDateTime(b.asOf);
    hints.push(
      v.stale
        ? { text: t('overview.ratesStale', { when, hours: STALE_RATE_HOURS }), warn: true }
        : { text: t('overview.ratesAsOf', { when }) },
    );
  }
  if (v.missing.length)
    hints.push({ text: t('overview.missingRates', { assets: v.missing.join(', ') }), warn: true });
  return hints;
}

type Read = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** What a broker owes its clients, per asset, with each asset's value in the base currency. */
function TowardClientsTable({ summary, query }: { summary: TSummary | undefined; query: Read }) {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  type Total = TSummary['assets'][number];
  const base = summary?.baseCurrency;
  const columns: Column<Total>[] = [
    { id: 'asset', header: t('overview.asset'), value: (a) => a.asset, cell: (a) => a.asset, sort: 'text' },
    ...positionColumns<Total>(t, assetOf),
    ...(base
      ? [baseValueColumn<Total>(t, base, assetOf, (a) => base.lines.find((l) => l.asset === a.asset)?.value)]
      : []),
  ];
  return (
    <DataTable
      id="toward-clients"
      label={t('overview.towardClients')}
      columns={columns}
      rows={summary?.assets}
      rowKey={(a) => a.asset}
      query={query}
      empty={{ title: t('overview.noBalances'), hint: t('overview.noBalancesHint') }}
    />
  );
}

/**
 * Overview (`/`): balances, their base-currency total and chart, margin (equity, used and free
 * margin, level gauge), positions and options with their P&L, clients' totals and margin
 * (nearest a call first), history.
 */
export function OverviewPage({ pageSize, onPageSize }: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const canView = Boolean(entity?.capabilities.canViewSummary);
  const balances = useQuery({ ...balancesQuery(id), enabled: canView });
  const base = useQuery({ ...baseCurrencyQuery(id), enabled: canView });
  const showClients = Boolean(entity?.isBroker && entity.capabilities.canViewSummaryTowardsClient);
  const clients = useQuery({ ...towardClientsQuery(id), enabled: showClients });
  const assetOf = useAssetOf();
  const inBase = (v: { total: string; baseCurrency: string }) =>
    formatMoney(v.total, v.baseCurrency, assetOf(v.baseCurrency));

  if (!entity || !canView) {
    return (
      <PageFrame title={t('pages.overview')}>
        <EmptyState title={t('overview.nothingToShow')} hint={t('overview.nothingToShowHint')} />
      </PageFrame>
    );
  }
  const b = base.data;
  const bookable = historicEntryTypes(entity);
  return (
    <PageFrame
      title={t('pages.overview')}
      actions={
        <Group>
          {entity.capabilities.canManageRates && <RateSheet entityId={id} />}
          {bookable.length > 0 && <BookCashEntry entityId={id} types={bookable} />}
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label={t('overview.total')} value={b && inBase(b)} hints={valuationHints(b, t)} />
        <Figure
          label={t('overview.accounts')}
          value={balances.data && String(new Set(balances.data.map((r) => r.accountId)).size)}
        />
        {showClients && (
          <Figure
            label={t('overview.owedToClients')}
            value={clients.data && inBase(clients.data.baseCurrency)}
          />
        )}
      </SimpleGrid>
      {b && <AssetChart lines={b.lines} baseCurrency={b.baseCurrency} />}
      <Stack gap="xs">
        <SectionTitle>{t('overview.balances')}</SectionTitle>
        <BalancesTable entityId={id} rows={balances.data} query={balances} base={b} />
      </Stack>
      {entity.capabilities.canViewSummary && (
        <Stack gap="xs">
          <SectionTitle>{t('margin.title')}</SectionTitle>
          <MarginSummary entityId={id} />
        </Stack>
      )}
      {entity.capabilities.canViewTrades && (
        <Stack gap="xs">
          <SectionTitle>{t('trades.pnl')}</SectionTitle>
          <ProfitLoss entityId={id} />
          <SectionTitle>{t('options.positions')}</SectionTitle>
          <OptionPositions entityId={id} />
        </Stack>
      )}
      {showClients && (
        <Stack gap="xs">
          <SectionTitle>{t('overview.towardClients')}</SectionTitle>
          <TowardClientsTable summary={clients.data} query={clients} />
          {entity.capabilities.canViewMarginRequirements && <MarginTowardClients entityId={id} />}
          {entity.capabilities.canViewCashBalanceSummary && clients.data && (
            <BalancesBelow entityId={id} base={clients.data.baseCurrency} />
          )}
        </Stack>
      )}
      <Stack gap="xs">
        <SectionTitle>{t('overview.history')}</SectionTitle>
        <CashEntryHistory key={id} entityId={id} pageSize={pageSize} onPageSize={onPageSize} />
      </Stack>
    </PageFrame>
  );
}
