import { STATEMENT_STATUSES, type TStatement } from '@clearway/contracts/endpoints/statements.schemas';
import { Badge, Button, Group, Progress, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { DateTimeText } from '../../../components/date-time-text';
import { type PageSizeProps, usePaging } from '../../../components/pager';
import { useGenerateStatement } from '../api/statements.mutations';
import { downloadStatement, statementsQuery } from '../api/statements.queries';

const COLOR: Record<TStatement['status'], string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  READY: 'teal',
  FAILED: 'red',
};

/**
 * The statements of the entity and those below it, newest first: what each covers, where it
 * stands (with progress while it is built, and why it failed), its download, and asking for
 * the same statement again. Filtered by status, paged on the server.
 */
export function StatementList({
  entityId,
  pageSize,
  onPageSize,
  onQueued,
}: { entityId: number; onQueued: (id: number) => void } & PageSizeProps) {
  const { t } = useTranslation();
  const paging = usePaging({ pageSize, onPageSize });
  const [status, setStatus] = useState<TStatement['status'] | null>(null);
  const list = useQuery(
    statementsQuery(entityId, { ...(status ? { status } : {}), limit: pageSize, offset: paging.offset }),
  );
  const generate = useGenerateStatement(entityId);
  const again = async (s: TStatement) => {
    const queued = await generate.mutateAsync({
      ...(s.accountId ? { accountId: s.accountId } : {}),
      includeBelow: s.includeBelow,
      period: s.period,
      from: s.from,
      to: s.to,
      currencyView: s.currencyView,
    });
    onQueued(queued.statementId);
  };
  const columns: Column<TStatement>[] = [
    {
      id: 'requestedAt',
      header: t('statements.requestedAt'),
      value: (s) => s.requestedAt,
      cell: (s) => <DateTimeText value={s.requestedAt} />,
      fixed: true,
    },
    {
      id: 'scope',
      header: t('statements.scope'),
      value: (s) => s.accountName ?? s.entityName,
      cell: (s) => (
        <>
          <Text size="sm">{s.accountName ?? t('statements.allAccounts')}</Text>
          <Text size="xs" c="dimmed">
            {s.entityName}
            {s.includeBelow ? ` · ${t('statements.andBelow')}` : ''}
          </Text>
        </>
      ),
    },
    {
      id: 'period',
      header: t('statements.period'),
      value: (s) => `${s.from} ${s.to}`,
      cell: (s) => (
        <>
          <Text size="sm">{s.from === s.to ? s.from : `${s.from} – ${s.to}`}</Text>
          <Text size="xs" c="dimmed">
            {t(`statements.periods.${s.period}`)} · {t(`statements.views.${s.currencyView}`)}
          </Text>
        </>
      ),
    },
    {
      id: 'status',
      header: t('statements.statusHeader'),
      value: (s) => s.status,
      cell: (s) => (
        <>
          <Badge color={COLOR[s.status]} variant="light">
            {t(`statements.status.${s.status}`)}
          </Badge>
          {s.status === 'RUNNING' && (
            <Progress value={s.progress} size="sm" mt={4} aria-label={t('statements.progress')} />
          )}
          {s.status === 'FAILED' && (
            <Text size="xs" c="red.9">
              {s.failure}
            </Text>
          )}
        </>
      ),
      width: 220,
    },
    {
      id: 'actions',
      header: t('statements.actions'),
      csv: false,
      fixed: true,
      cell: (s) => (
        <Group gap="xs" wrap="nowrap">
          {s.status === 'READY' && (
            <Button size="xs" onClick={() => downloadStatement(entityId, s)}>
              {t('statements.download')}
            </Button>
          )}
          {(s.status === 'READY' || s.status === 'FAILED') && (
            <Button size="xs" variant="default" onClick={() => again(s)} loading={generate.isPending}>
              {t('statements.regenerate')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      id="statements"
      label={t('statements.list')}
      columns={columns}
      rows={list.data?.items}
      rowKey={(s) => s.statementId}
      query={list}
      empty={{ title: t('statements.none'), hint: t('statements.noneHint') }}
      paging={{ total: list.data?.total ?? 0, paging }}
      toolbar={
        <Select
          label={t('statements.statusHeader')}
          placeholder={t('statements.anyStatus')}
          clearable
          value={status}
          onChange={(x) => {
            setStatus(x as TStatement['status'] | null);
            paging.setPage(1);
          }}
          data={STATEMENT_STATUSES.map((x) => ({ value: x, label: t(`statements.status.${x}`) }))}
          w={200}
        />
      }
    />
  );
}
