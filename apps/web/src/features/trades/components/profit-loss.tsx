import type { TProfitLoss } from '@clearway/contracts/endpoints/pnl.schemas';
import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListState } from '../../../components/list-state';
import { profitLossQuery } from '../api/trades.queries';
import { figure } from './trade-figures';

function Total({ label, value, currency }: { label: string; value: string; currency: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="lg" fw={700} ff="monospace" data-testid={label}>
        {figure(value)} {currency}
      </Text>
    </Paper>
  );
}

function Positions({ pnl }: { pnl: TProfitLoss }) {
  const { t } = useTranslation();
  const rows = pnl.accounts.flatMap((a) => a.positions.map((p) => ({ account: a.accountName, ...p })));
  return (
    <DataTable striped withTableBorder aria-label={t('trades.positions')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('trades.account')}</Table.Th>
          <Table.Th>{t('trades.instrument')}</Table.Th>
          <Table.Th ta="right">{t('trades.quantity')}</Table.Th>
          <Table.Th ta="right">{t('trades.averageRate')}</Table.Th>
          <Table.Th ta="right">{t('trades.mark')}</Table.Th>
          <Table.Th ta="right">{t('trades.unrealised')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((p) => (
          <Table.Tr key={`${p.account}-${p.instrumentId}-${p.kind}`}>
            <Table.Td>{p.account}</Table.Td>
            <Table.Td>
              <Text size="sm">{p.symbol}</Text>
              <Text size="xs" c="dimmed">
                {t(`trades.positionKinds.${p.kind}`)}
              </Text>
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {figure(p.quantity)}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {p.averageRate}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {p.mark ?? '—'}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {p.unrealised === null ? '—' : `${figure(p.unrealised)} ${p.currency}`}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}

/**
 * The entity's P&L on the Overview: realised, unrealised and total in its base currency, and
 * the positions and undelivered trades behind the unrealised part, marked to the sheet.
 */
export function ProfitLoss({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const pnl = useQuery(profitLossQuery(entityId));
  const count = pnl.data?.accounts.length ?? 0;
  return (
    <ListState
      query={pnl}
      count={count}
      label={t('trades.pnl')}
      empty={{ title: t('trades.noPnl'), hint: t('trades.noPnlHint') }}
    >
      {pnl.data && (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Total
              label={t('trades.realised')}
              value={pnl.data.total.realised}
              currency={pnl.data.baseCurrency}
            />
            <Total
              label={t('trades.unrealised')}
              value={pnl.data.total.unrealised}
              currency={pnl.data.baseCurrency}
            />
            <Total
              label={t('trades.totalPnl')}
              value={pnl.data.total.total}
              currency={pnl.data.baseCurrency}
            />
          </SimpleGrid>
          {pnl.data.accounts.some((a) => a.positions.length) && <Positions pnl={pnl.data} />}
        </Stack>
      )}
    </ListState>
  );
}
