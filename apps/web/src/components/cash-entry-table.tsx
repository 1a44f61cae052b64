import type { TCashEntryRow } from '@clearway/contracts/endpoints/money.schemas';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../lib/format';
import { useScaleOf } from '../lib/money-queries';
import { DataTable } from './data-table';

/**
 * Cash entries as rows: an internal transfer names both accounts, an entry of an entity
 * below the selected one names that entity, and each says who booked it and when.
 */
export function CashEntryTable({ items, entityId }: { items: TCashEntryRow[]; entityId: number }) {
  const { t } = useTranslation();
  const scaleOf = useScaleOf();
  return (
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
  );
}
