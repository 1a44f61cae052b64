import type { TBalance } from '@clearway/contracts/endpoints/money.schemas';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { formatDecimal } from '../../../lib/format';

/** The three figures of a position, at the asset's scale: posted, held and available (bold). */
export function PositionCells(p: { posted: string; held: string; available: string; scale: number }) {
  return (
    <>
      <Table.Td ta="right" ff="monospace">
        {formatDecimal(p.posted, p.scale)}
      </Table.Td>
      <Table.Td ta="right" ff="monospace">
        {formatDecimal(p.held, p.scale)}
      </Table.Td>
      <Table.Td ta="right" ff="monospace" fw={600}>
        {formatDecimal(p.available, p.scale)}
      </Table.Td>
    </>
  );
}

/** Balances per account and asset: posted, held (pending outflows) and available. */
export function BalancesTable({ rows }: { rows: TBalance[] }) {
  const { t } = useTranslation();
  return (
    <DataTable striped highlightOnHover withTableBorder aria-label={t('overview.balances')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('overview.account')}</Table.Th>
          <Table.Th>{t('overview.asset')}</Table.Th>
          <Table.Th ta="right">{t('overview.posted')}</Table.Th>
          <Table.Th ta="right">{t('overview.held')}</Table.Th>
          <Table.Th ta="right">{t('overview.available')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={`${r.accountId}-${r.asset}`}>
            <Table.Td>
              <Text size="sm">{r.accountName}</Text>
              <Text size="xs" c="dimmed">
                {r.accountType}
              </Text>
            </Table.Td>
            <Table.Td>{r.asset}</Table.Td>
            <PositionCells {...r} />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
