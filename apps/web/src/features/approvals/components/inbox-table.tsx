import type { TRequestItem } from '@clearway/contracts/endpoints/requests.schemas';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type DataTableProps } from '../../../components/data-table';
import { EMPTY_CELL } from '../../../lib/format';
import { formatDateTimeZoned } from '../../../lib/format/dates';
import { useRequestSummary } from './request-drawer';
import { ageOf, destinationOf, movesMoney, referenceOf } from './request-summary';

type InboxTableProps = Pick<
  DataTableProps<TRequestItem>,
  'label' | 'rows' | 'query' | 'paging' | 'toolbar'
> & {
  /** The time ages are counted to (the list's load time). */
  now: number;
  onOpen: (r: TRequestItem) => void;
};

/**
 * The requests waiting for the caller's decision, one row each with what an approver
 * checks first (entity, account, destination, amount, reference, requester, proof,
 * approvals given and needed, age); a row (or its number, for the keyboard) opens the request.
 */
export function InboxTable({ now, onOpen, ...table }: InboxTableProps) {
  const { t, i18n } = useTranslation();
  const { amountText } = useRequestSummary();
  const columns: Column<TRequestItem>[] = [
    {
      id: 'id',
      header: t('requests.id'),
      value: (r) => r.id,
      fixed: true,
      cell: (r) => (
        <>
          <UnstyledButton
            onClick={(e) => {
              e.stopPropagation();
              onOpen(r);
            }}
            aria-label={t('approvals.open', { id: r.id, type: requestTypeOf(r.type).label })}
            fz="sm"
            fw={600}
            c="blue.8"
          >
            #{r.id}
          </UnstyledButton>
          <Text size="xs">{requestTypeOf(r.type).label}</Text>
        </>
      ),
    },
    { id: 'entity', header: t('approvals.entity'), value: (r) => r.entityName, cell: (r) => r.entityName },
    {
      id: 'account',
      header: t('approvals.account'),
      value: (r) => r.accountName,
      cell: (r) => r.accountName ?? EMPTY_CELL,
    },
    {
      id: 'destination',
      header: t('approvals.destination'),
      value: (r) => destinationOf(r),
      cell: (r) => (
        <Text size="xs" maw={240} style={{ overflowWrap: 'anywhere' }}>
          {destinationOf(r) ?? EMPTY_CELL}
        </Text>
      ),
    },
    {
      id: 'amount',
      header: t('approvals.amount'),
      value: (r) => amountText(r),
      align: 'right',
      mono: true,
      cell: (r) => amountText(r) ?? EMPTY_CELL,
    },
    {
      id: 'reference',
      header: t('approvals.reference'),
      value: (r) => referenceOf(r),
      cell: (r) => referenceOf(r) ?? EMPTY_CELL,
    },
    {
      id: 'requester',
      header: t('approvals.requester'),
      value: (r) => r.requester.name,
      cell: (r) => r.requester.name,
    },
    {
      id: 'proof',
      header: t('approvals.proof'),
      cell: (r) =>
        !movesMoney(r) ? (
          EMPTY_CELL
        ) : r.proof ? (
          <Text size="sm" c="teal.9" fw={600}>
            {t('approvals.proofAttached')}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('approvals.proofNone')}
          </Text>
        ),
    },
    {
      id: 'approvals',
      header: t('approvals.approvals'),
      cell: (r) => t('approvals.givenOf', { given: r.approvals.length, needed: r.requiredApprovals }),
    },
    {
      id: 'age',
      header: t('approvals.age'),
      value: (r) => r.createdAt,
      cell: (r) => (
        <Text size="sm" title={formatDateTimeZoned(r.createdAt)}>
          {ageOf(r.createdAt, now, i18n.language)}
        </Text>
      ),
    },
  ];
  return (
    <DataTable
      id="approvals-inbox"
      columns={columns}
      rowKey={(r) => r.id}
      onRowOpen={onOpen}
      empty={{ title: t('approvals.none'), hint: t('approvals.noneHint') }}
      {...table}
    />
  );
}
