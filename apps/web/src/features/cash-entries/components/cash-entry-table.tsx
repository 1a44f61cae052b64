import type { TCashEntryRow } from '@clearway/contracts/endpoints/money.schemas';
import { Badge, Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { formatDecimal } from '../../../lib/format';
import type { HistoricEntryType } from '../../../lib/selected-entity';
import { useScaleOf } from '../../reference-data/api/reference-data.queries';

/** A back-office booking not yet reversed, and not itself a reversal, of a type the user may reverse. */
const canReverse = (e: TCashEntryRow, reversible: readonly HistoricEntryType[]) =>
  reversible.includes(e.type) &&
  e.requestId === null &&
  e.reversesEntryId === null &&
  e.reversedByEntryId === null;

/** What became of the entry: reversed by another, or itself the reversal of one. */
function ReversalBadge({ e }: { e: TCashEntryRow }) {
  const { t } = useTranslation();
  if (e.reversedByEntryId !== null)
    return (
      <Badge color="gray" size="sm">
        {t('overview.reversedBy', { id: e.reversedByEntryId })}
      </Badge>
    );
  if (e.reversesEntryId !== null)
    return (
      <Badge color="orange" size="sm">
        {t('overview.reversalOf', { id: e.reversesEntryId })}
      </Badge>
    );
  return null;
}

/**
 * Cash entries as rows: an internal transfer names both accounts, an entry of an entity
 * below the selected one names that entity, each says who booked it and when (and its memo:
 * for a reversal, why), and a reversed entry and its reversal name each other. Staff who may reverse an entry's type
 * get a Reverse action on the back-office bookings still standing.
 */
export function CashEntryTable({
  items,
  entityId,
  reversible = [],
  onReverse,
}: {
  items: TCashEntryRow[];
  entityId: number;
  reversible?: readonly HistoricEntryType[];
  onReverse?: (e: TCashEntryRow) => void;
}) {
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
          {reversible.length > 0 && <Table.Th>{t('overview.actions')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td>
              <Text size="sm">{e.valueDate}</Text>
              <Text size="xs" c="dimmed">
                {t('overview.entryId', { id: e.id })}
              </Text>
            </Table.Td>
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
            <Table.Td>
              <Text size="sm">{t(`overview.types.${e.type}`)}</Text>
              <ReversalBadge e={e} />
            </Table.Td>
            <Table.Td>{e.asset}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatDecimal(e.amount, scaleOf(e.asset) ?? 2)}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{e.reference ?? '—'}</Text>
              {e.memo && (
                <Text size="xs" c="dimmed">
                  {e.memo}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{e.requestId ? `#${e.requestId}` : '—'}</Table.Td>
            <Table.Td>
              <Text size="sm">{e.createdBy}</Text>
              <Text size="xs" c="dimmed">
                {new Date(e.createdAt).toLocaleString()}
              </Text>
            </Table.Td>
            {reversible.length > 0 && (
              <Table.Td>
                {canReverse(e, reversible) && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    aria-label={t('overview.reverseEntry', { id: e.id })}
                    onClick={() => onReverse?.(e)}
                  >
                    {t('overview.reverse')}
                  </Button>
                )}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
