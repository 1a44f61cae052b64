import { valueAt } from '@clearway/contracts/amounts';
import type { TBalance, TBaseCurrency } from '@clearway/contracts/endpoints/money.schemas';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { formatDecimal } from '../../../lib/format';
import { useScaleOf } from '../../reference-data/api/reference-data.queries';
import { AccountHistoryLink } from './account-history-link';
import { HeldAmount } from './held-amount';

/**
 * The three figures of a position, at the asset's scale: posted, held and available (bold);
 * `heldDetail` replaces the plain held figure (an account's, which can say what holds it).
 */
export function PositionCells(p: {
  posted: string;
  held: string;
  available: string;
  scale: number;
  heldDetail?: ReactNode;
}) {
  return (
    <>
      <Table.Td ta="right" ff="monospace">
        {formatDecimal(p.posted, p.scale)}
      </Table.Td>
      <Table.Td ta="right" ff="monospace">
        {p.heldDetail ?? formatDecimal(p.held, p.scale)}
      </Table.Td>
      <Table.Td ta="right" ff="monospace" fw={600}>
        {formatDecimal(p.available, p.scale)}
      </Table.Td>
    </>
  );
}

/**
 * Balances per account and asset: posted, held (pending outflows, which open the requests
 * holding them) and available, and what
 * the available amount is worth in the base currency at the rate sheet's rate ('—' for an
 * asset without a rate).
 */
export function BalancesTable({
  entityId,
  rows,
  base,
}: {
  entityId: number;
  rows: TBalance[];
  base?: TBaseCurrency;
}) {
  const { t } = useTranslation();
  const scale = useScaleOf()(base?.baseCurrency ?? '') ?? 2;
  const baseValue = (r: TBalance) => {
    const rate = base?.lines.find((l) => l.asset === r.asset)?.rate;
    return rate === undefined ? '—' : formatDecimal(valueAt(r.available, rate, scale), scale);
  };
  return (
    <DataTable striped highlightOnHover withTableBorder aria-label={t('overview.balances')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('overview.account')}</Table.Th>
          <Table.Th>{t('overview.asset')}</Table.Th>
          <Table.Th ta="right">{t('overview.posted')}</Table.Th>
          <Table.Th ta="right">{t('overview.held')}</Table.Th>
          <Table.Th ta="right">{t('overview.available')}</Table.Th>
          {base && <Table.Th ta="right">{t('overview.inBase', { currency: base.baseCurrency })}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={`${r.accountId}-${r.asset}`}>
            <Table.Td>
              <AccountHistoryLink accountId={r.accountId} name={r.accountName} />
              <Text size="xs" c="dimmed">
                {r.accountType}
              </Text>
            </Table.Td>
            <Table.Td>{r.asset}</Table.Td>
            <PositionCells {...r} heldDetail={<HeldAmount {...r} entityId={entityId} />} />
            {base && (
              <Table.Td ta="right" ff="monospace">
                {baseValue(r)}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
