import { Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, rangeRefusal } from '../components/date-range-filter';
import { PageFrame, SectionTitle } from '../components/page-frame';
import { type PageSizeProps, usePaging } from '../components/pager';
import { RequestStatusBadge, RequestStatusFilter } from '../features/approvals/components/request-status';
import type { TransferFilter } from '../features/transfers/api/transfers.keys';
import { allTransfers, transfersQuery } from '../features/transfers/api/transfers.queries';
import { TransferForm } from '../features/transfers/components/transfer-form';
import { TransfersTable } from '../features/transfers/components/transfers-table';
import { useSelectedEntity } from '../lib/selected-entity';

/**
 * `/deposit-and-withdrawals/transfer`: a new transfer with its live estimate, and the
 * transfers with their fee, net amount and status (filters, pages, CSV).
 */
export function TransfersPage({ pageSize, onPageSize }: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const [status, setStatus] = useState('ALL');
  const [range, setRange] = useState({ from: '', to: '' });
  const [direction, setDirection] = useState<'desc' | 'asc'>('desc');
  const paging = usePaging({ pageSize, onPageSize });
  const { setPage } = paging;
  const refusal = rangeRefusal(range, t);
  const filter: Omit<TransferFilter, 'limit' | 'offset'> = {
    direction,
    from: range.from || undefined,
    to: range.to || undefined,
    status: status === 'ALL' ? undefined : (status as 'PENDING'),
  };
  const list = useQuery({
    ...transfersQuery(id, { ...filter, limit: pageSize, offset: paging.offset }),
    enabled: id > 0 && !refusal,
  });
  const exportRows = async () =>
    (await allTransfers(id, filter)).map((r) => [
      r.id,
      r.accountName ?? r.accountId,
      r.asset,
      r.amount,
      r.fee,
      r.net,
      r.destination,
      r.status,
      r.requesterName,
      r.createdAt,
    ]);
  return (
    <PageFrame
      title={t('pages.transfers')}
      actions={entity?.capabilities.canCreateWithdrawalTransfer && <TransferForm entityId={id} />}
    >
      <Stack gap="xs">
        <SectionTitle>{t('transfers.list')}</SectionTitle>
        <TransfersTable
          items={list.data?.items}
          status={(r) => <RequestStatusBadge status={r.status} />}
          query={list}
          refusal={refusal}
          empty={{ title: t('transfers.none'), hint: t('transfers.noneHint') }}
          sort={{
            by: 'createdAt',
            direction,
            onChange: (next) => {
              setDirection(next.direction);
              setPage(1);
            },
          }}
          paging={{ total: list.data?.total ?? 0, paging }}
          csv={{
            fileName: `transfers-${id}.csv`,
            header: [
              'id',
              'account',
              'asset',
              'amount',
              'fee',
              'net',
              'destination',
              'status',
              'requester',
              'created',
            ],
            rows: exportRows,
          }}
          toolbar={
            <Group align="flex-start">
              <RequestStatusFilter
                value={status}
                onChange={(v) => {
                  setStatus(v);
                  setPage(1);
                }}
                statuses={['PENDING', 'APPROVED', 'COMPLETED', 'REJECTED', 'CANCELLED']}
              />
              <DateRangeFilter
                labelled={false}
                value={range}
                onChange={(next) => {
                  setRange(next);
                  setPage(1);
                }}
              />
            </Group>
          }
        />
      </Stack>
    </PageFrame>
  );
}
