import type { TCashEntryRow } from '@clearway/contracts/endpoints/money.schemas';
import { Badge, Button, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/data-table';
import { DateText, DateTimeText } from '../../../components/date-time-text';
import { EMPTY_CELL, formatAmount } from '../../../lib/format';
import type { HistoricEntryType } from '../../../lib/selected-entity';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';
import { signedAmount } from '../entry-direction';

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
 * Cash entries as columns: an internal transfer names both accounts, an entry of an entity
 * below the selected one names that entity, the amount reads by its direction on the
 * account (`signedAmount`), each says who booked it and when (and its memo: for a reversal,
 * why), and a reversed entry and its reversal name each other. Value date, amount and
 * booking time sort on the server. Staff who may reverse an entry's type get a Reverse
 * action on the back-office bookings still standing.
 */
export function useCashEntryColumns({
  entityId,
  accountId,
  reversible = [],
  onReverse,
}: {
  entityId: number;
  /** The account the history is narrowed to: transfers read as in or out of it. */
  accountId?: number;
  reversible?: readonly HistoricEntryType[];
  onReverse?: (e: TCashEntryRow) => void;
}): Column<TCashEntryRow>[] {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  const columns: Column<TCashEntryRow>[] = [
    {
      id: 'valueDate',
      header: t('overview.valueDate'),
      value: (e) => e.valueDate,
      cell: (e) => (
        <>
          <Text size="sm">
            <DateText value={e.valueDate} />
          </Text>
          <Text size="xs" c="dimmed">
            {t('overview.entryId', { id: e.id })}
          </Text>
        </>
      ),
      sort: 'server',
      descFirst: true,
    },
    {
      id: 'account',
      header: t('overview.account'),
      value: (e) => accountOf(e, t),
      cell: (e) => (
        <>
          <Text size="sm">{accountOf(e, t)}</Text>
          {e.entityId !== entityId && (
            <Text size="xs" c="dimmed">
              {e.entityName}
            </Text>
          )}
        </>
      ),
      fixed: true,
    },
    {
      id: 'type',
      header: t('overview.type'),
      value: (e) => t(`overview.types.${e.type}`),
      cell: (e) => (
        <>
          <Text size="sm">{t(`overview.types.${e.type}`)}</Text>
          <ReversalBadge e={e} />
        </>
      ),
    },
    { id: 'asset', header: t('overview.asset'), value: (e) => e.asset, cell: (e) => e.asset },
    {
      id: 'amount',
      header: t('overview.amount'),
      value: (e) => signedAmount(e, accountId),
      cell: (e) => formatAmount(signedAmount(e, accountId), assetOf(e.asset)),
      sort: 'server',
      descFirst: true,
      align: 'right',
      mono: true,
    },
    {
      id: 'reference',
      header: t('overview.reference'),
      value: (e) => e.reference,
      cell: (e) => (
        <>
          <Text size="sm">{e.reference ?? EMPTY_CELL}</Text>
          {e.memo && (
            <Text size="xs" c="dimmed">
              {e.memo}
            </Text>
          )}
        </>
      ),
    },
    {
      id: 'request',
      header: t('overview.request'),
      value: (e) => e.requestId,
      cell: (e) => (e.requestId ? `#${e.requestId}` : EMPTY_CELL),
    },
    {
      id: 'createdAt',
      header: t('overview.bookedBy'),
      value: (e) => e.createdAt,
      cell: (e) => (
        <>
          <Text size="sm">{e.createdBy}</Text>
          <Text size="xs" c="dimmed">
            <DateTimeText value={e.createdAt} />
          </Text>
        </>
      ),
      sort: 'server',
      descFirst: true,
    },
  ];
  if (reversible.length === 0) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: t('overview.actions'),
      fixed: true,
      csv: false,
      cell: (e) =>
        canReverse(e, reversible) && (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            aria-label={t('overview.reverseEntry', { id: e.id })}
            onClick={() => onReverse?.(e)}
          >
            {t('overview.reverse')}
          </Button>
        ),
    },
  ];
}

const accountOf = (e: TCashEntryRow, t: TFunction) =>
  e.counterAccountName
    ? t('overview.transferBetween', { from: e.accountName, to: e.counterAccountName })
    : e.accountName;
