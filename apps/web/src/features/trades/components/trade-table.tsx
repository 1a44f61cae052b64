import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import { Badge, Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { figure, STATUS_COLOR } from './trade-figures';

/**
 * Trades as blotter rows: when, what (instrument, kind, side), how much at what rate against
 * what counter amount, for which value date, on whose account, where it stands, and who
 * booked it; each opens its detail.
 */
export function TradeTable({
  items,
  entityId,
  onOpen,
}: {
  items: TTrade[];
  entityId: number;
  onOpen: (t: TTrade) => void;
}) {
  const { t } = useTranslation();
  return (
    <DataTable striped withTableBorder aria-label={t('trades.blotter')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('trades.tradeDate')}</Table.Th>
          <Table.Th>{t('trades.instrument')}</Table.Th>
          <Table.Th>{t('trades.side')}</Table.Th>
          <Table.Th ta="right">{t('trades.amount')}</Table.Th>
          <Table.Th ta="right">{t('trades.rate')}</Table.Th>
          <Table.Th ta="right">{t('trades.counterAmount')}</Table.Th>
          <Table.Th>{t('trades.valueDate')}</Table.Th>
          <Table.Th>{t('trades.account')}</Table.Th>
          <Table.Th>{t('trades.status')}</Table.Th>
          <Table.Th>{t('trades.bookedBy')}</Table.Th>
          <Table.Th>{t('trades.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((tr) => (
          <Table.Tr key={tr.id}>
            <Table.Td>
              <Text size="sm">{tr.tradeDate}</Text>
              <Text size="xs" c="dimmed">
                {t('trades.tradeId', { id: tr.id })}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{tr.symbol}</Text>
              <Text size="xs" c="dimmed">
                {t(`trades.types.${tr.type}`)}
              </Text>
            </Table.Td>
            <Table.Td>{t(`trades.sides.${tr.side}`)}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {figure(tr.amount)} {tr.base ?? ''}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {tr.rate}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {figure(tr.counterAmount)} {tr.quote}
            </Table.Td>
            <Table.Td>{tr.valueDate}</Table.Td>
            <Table.Td>
              <Text size="sm">{tr.accountName}</Text>
              {tr.entityId !== entityId && (
                <Text size="xs" c="dimmed">
                  {tr.entityName}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[tr.status]} size="sm">
                {t(`trades.statuses.${tr.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{tr.bookedBy}</Text>
              <Text size="xs" c="dimmed">
                {new Date(tr.bookedAt).toLocaleString()}
              </Text>
            </Table.Td>
            <Table.Td>
              <Button
                size="compact-xs"
                variant="light"
                aria-label={t('trades.open', { id: tr.id })}
                onClick={() => onOpen(tr)}
              >
                {t('trades.details')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
