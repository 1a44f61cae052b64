import type { TFeeSchedule } from '@clearway/contracts/endpoints/transfers.schemas';
import { Badge, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { DateTimeText } from '../../../components/date-time-text';
import { EMPTY_CELL } from '../../../lib/format';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useChangeFeeSchedule } from '../api/transfers.mutations';
import { FeeScheduleForm } from './fee-schedule-form';

const STATE_COLOR = { ACTIVE: 'teal', SCHEDULED: 'blue', ENDED: 'gray' } as const;

/**
 * Fee schedule versions: asset and network, terms, the period each is in force, who set it
 * and whether it is the entity's own or inherited; the entity's own live ones can be changed
 * or ended (`manage`).
 */
export function FeeSchedulesTable({
  id,
  label,
  entityId,
  items,
  manage,
  query,
}: {
  id: string;
  label: string;
  entityId: number;
  items: TFeeSchedule[] | undefined;
  manage: boolean;
  query?: Parameters<typeof DataTable>[0]['query'];
}) {
  const { t } = useTranslation();
  const change = useChangeFeeSchedule(entityId);
  const end = (s: TFeeSchedule) =>
    modals.openConfirmModal({
      title: t('transferFees.endTitle', { id: s.id }),
      children: <Text size="sm">{t('transferFees.endText')}</Text>,
      labels: { confirm: t('transferFees.end'), cancel: t('whitelist.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        change
          .mutateAsync({ kind: 'delete', body: { entityId, id: s.id } })
          .then(() => showSuccessToast(t('transferFees.ended'), t('transferFees.endedText', { id: s.id })))
          .catch(showErrorToast),
    });
  const columns: Column<TFeeSchedule>[] = [
    { id: 'id', header: '#', value: (s) => s.id, cell: (s) => `#${s.id}`, fixed: true },
    {
      id: 'asset',
      header: t('transferFees.asset'),
      value: (s) => `${s.asset} ${s.network ?? ''}`,
      cell: (s) =>
        s.network ? `${s.asset} · ${s.network}` : `${s.asset} · ${t('transferFees.allNetworks')}`,
    },
    { id: 'terms', header: t('transferFees.terms'), value: (s) => s.description, cell: (s) => s.description },
    {
      id: 'from',
      header: t('transferFees.effectiveFrom'),
      value: (s) => s.effectiveFrom,
      cell: (s) => <DateTimeText value={s.effectiveFrom} />,
    },
    {
      id: 'to',
      header: t('transferFees.effectiveTo'),
      value: (s) => s.effectiveTo ?? '',
      cell: (s) => (s.effectiveTo ? <DateTimeText value={s.effectiveTo} /> : EMPTY_CELL),
    },
    {
      id: 'state',
      header: t('requests.status'),
      value: (s) => s.state,
      cell: (s) => <Badge color={STATE_COLOR[s.state]}>{t(`transferFees.state.${s.state}`)}</Badge>,
    },
    {
      id: 'owner',
      header: t('transferFees.owner'),
      value: (s) => s.entityName,
      cell: (s) => (s.inherited ? t('transferFees.inheritedFrom', { name: s.entityName }) : s.entityName),
    },
    {
      id: 'by',
      header: t('transferFees.setBy'),
      value: (s) => s.createdAt,
      cell: (s) => (
        <>
          <Text size="xs">
            {s.createdBy}
            {s.supersedesId ? ` · ${t('transferFees.replaces', { id: s.supersedesId })}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            <DateTimeText value={s.createdAt} />
          </Text>
        </>
      ),
    },
    ...(manage
      ? [
          {
            id: 'actions',
            header: t('shell.actions'),
            fixed: true,
            csv: false,
            cell: (s: TFeeSchedule) =>
              !s.inherited &&
              s.state !== 'ENDED' && (
                <Group gap={4} wrap="nowrap">
                  <FeeScheduleForm entityId={entityId} changing={s} />
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => end(s)}
                    aria-label={t('transferFees.endTitle', { id: s.id })}
                  >
                    {t('transferFees.end')}
                  </Button>
                </Group>
              ),
          } satisfies Column<TFeeSchedule>,
        ]
      : []),
  ];
  return (
    <DataTable
      id={id}
      label={label}
      columns={columns}
      rows={items}
      rowKey={(s) => s.id}
      query={query}
      empty={{ title: t('transferFees.none'), hint: t('transferFees.noneHint') }}
    />
  );
}
