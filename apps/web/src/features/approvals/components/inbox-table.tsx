import type { TRequestItem } from '@clearway/contracts/endpoints/requests.schemas';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useRequestSummary } from './request-drawer';
import { ageOf, destinationOf, movesMoney, referenceOf } from './request-summary';

const EMPTY = '—';

/**
 * The requests waiting for the caller's decision, one row each with what an approver
 * checks first (entity, account, destination, amount, reference, requester, proof,
 * approvals given and needed, age); a row (or its number, for the keyboard) opens the request.
 */
export function InboxTable({
  label,
  items,
  now,
  onOpen,
}: {
  label: string;
  items: TRequestItem[];
  /** The time ages are counted to (the list's load time). */
  now: number;
  onOpen: (r: TRequestItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const { amountText } = useRequestSummary();
  return (
    <DataTable striped highlightOnHover withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('requests.id')}</Table.Th>
          <Table.Th>{t('approvals.entity')}</Table.Th>
          <Table.Th>{t('approvals.account')}</Table.Th>
          <Table.Th>{t('approvals.destination')}</Table.Th>
          <Table.Th ta="right">{t('approvals.amount')}</Table.Th>
          <Table.Th>{t('approvals.reference')}</Table.Th>
          <Table.Th>{t('approvals.requester')}</Table.Th>
          <Table.Th>{t('approvals.proof')}</Table.Th>
          <Table.Th>{t('approvals.approvals')}</Table.Th>
          <Table.Th>{t('approvals.age')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((r) => (
          <Table.Tr key={r.id} onClick={() => onOpen(r)} style={{ cursor: 'pointer' }}>
            <Table.Td>
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
            </Table.Td>
            <Table.Td>
              <Text size="sm">{r.entityName}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{r.accountName ?? EMPTY}</Text>
            </Table.Td>
            <Table.Td maw={240}>
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {destinationOf(r) ?? EMPTY}
              </Text>
            </Table.Td>
            <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {amountText(r) ?? EMPTY}
            </Table.Td>
            <Table.Td>
              <Text size="xs">{referenceOf(r) ?? EMPTY}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{r.requester.name}</Text>
            </Table.Td>
            <Table.Td>
              {!movesMoney(r) ? (
                EMPTY
              ) : r.proof ? (
                <Text size="sm" c="teal.9" fw={600}>
                  {t('approvals.proofAttached')}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('approvals.proofNone')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {t('approvals.givenOf', { given: r.approvals.length, needed: r.requiredApprovals })}
            </Table.Td>
            <Table.Td>
              <Text size="sm" title={new Date(r.createdAt).toLocaleString()}>
                {ageOf(r.createdAt, now, i18n.language)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
