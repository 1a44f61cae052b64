import type { TBaseCurrency, TSummary } from '@clearway/contracts/endpoints/money.schemas';
import { Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../components/data-table';
import { ListState } from '../components/list-state';
import { EmptyState, PageFrame, SectionTitle } from '../components/page-frame';
import type { PageSizeProps } from '../components/pager';
import {
  balancesQuery,
  baseCurrencyQuery,
  towardClientsQuery,
} from '../features/accounts/api/accounts.queries';
import { AssetChart } from '../features/accounts/components/asset-chart';
import { BalancesBelow } from '../features/accounts/components/balances-below';
import { BalancesTable, PositionCells } from '../features/accounts/components/balances-table';
import { STALE_RATE_HOURS, valuationOf } from '../features/accounts/components/valuation';
import { BookCashEntry } from '../features/cash-entries/components/book-cash-entry';
import { CashEntryHistory } from '../features/cash-entries/components/cash-entry-history';
import { RateSheet } from '../features/rates/components/rate-sheet';
import { useScaleOf } from '../features/reference-data/api/reference-data.queries';
import { ProfitLoss } from '../features/trades/components/profit-loss';
import { formatDecimal } from '../lib/format';
import { historicEntryTypes, useSelectedEntity } from '../lib/selected-entity';

type Hint = { text: string; warn?: boolean };

function Figure({ label, value, hints = [] }: { label: string; value: string; hints?: Hint[] }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} ff="monospace" data-testid={label}>
        {value}
      </Text>
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
  if (v.asOf) {
    const when = v.asOf.toLocaleString();
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

/** What a broker owes its clients, per asset, with each asset's value in the base currency. */
function TowardClientsTable({ summary }: { summary: TSummary }) {
  const { t } = useTranslation();
  const scale = useScaleOf()(summary.baseCurrency.baseCurrency) ?? 2;
  const baseValueOf = (asset: string) => summary.baseCurrency.lines.find((l) => l.asset === asset)?.value;
  return (
    <DataTable striped withTableBorder aria-label={t('overview.towardClients')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('overview.asset')}</Table.Th>
          <Table.Th ta="right">{t('overview.posted')}</Table.Th>
          <Table.Th ta="right">{t('overview.held')}</Table.Th>
          <Table.Th ta="right">{t('overview.available')}</Table.Th>
          <Table.Th ta="right">
            {t('overview.inBase', { currency: summary.baseCurrency.baseCurrency })}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {summary.assets.map((a) => {
          const value = baseValueOf(a.asset);
          return (
            <Table.Tr key={a.asset}>
              <Table.Td>{a.asset}</Table.Td>
              <PositionCells {...a} />
              <Table.Td ta="right" ff="monospace">
                {value === undefined ? '—' : formatDecimal(value, scale)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </DataTable>
  );
}

/** Overview (`/`): balances, their base-currency total and chart, clients' totals, history. */
export function OverviewPage({ pageSize, onPageSize }: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const canView = Boolean(entity?.capabilities.canViewSummary);
  const balances = useQuery({ ...balancesQuery(id), enabled: canView });
  const base = useQuery({ ...baseCurrencyQuery(id), enabled: canView });
  const showClients = Boolean(entity?.isBroker && entity.capabilities.canViewSummaryTowardsClient);
  const clients = useQuery({ ...towardClientsQuery(id), enabled: showClients });
  const scaleOf = useScaleOf();
  const inBase = (v: { total: string; baseCurrency: string }) =>
    `${formatDecimal(v.total, scaleOf(v.baseCurrency) ?? 2)} ${v.baseCurrency}`;

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
        <Figure label={t('overview.total')} value={b ? inBase(b) : '…'} hints={valuationHints(b, t)} />
        <Figure
          label={t('overview.accounts')}
          value={balances.data ? String(new Set(balances.data.map((r) => r.accountId)).size) : '…'}
        />
        {showClients && clients.data && (
          <Figure label={t('overview.owedToClients')} value={inBase(clients.data.baseCurrency)} />
        )}
      </SimpleGrid>
      {b && <AssetChart lines={b.lines} baseCurrency={b.baseCurrency} />}
      <Stack gap="xs">
        <SectionTitle>{t('overview.balances')}</SectionTitle>
        <ListState
          query={balances}
          count={balances.data?.length ?? 0}
          label={t('overview.balances')}
          empty={{ title: t('overview.noBalances'), hint: t('overview.noBalancesHint') }}
        >
          <BalancesTable entityId={id} rows={balances.data ?? []} base={b} />
        </ListState>
      </Stack>
      {entity.capabilities.canViewTrades && (
        <Stack gap="xs">
          <SectionTitle>{t('trades.pnl')}</SectionTitle>
          <ProfitLoss entityId={id} />
        </Stack>
      )}
      {showClients && clients.data && (
        <Stack gap="xs">
          <SectionTitle>{t('overview.towardClients')}</SectionTitle>
          <TowardClientsTable summary={clients.data} />
          {entity.capabilities.canViewCashBalanceSummary && (
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
