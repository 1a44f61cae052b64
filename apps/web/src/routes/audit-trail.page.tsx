import { Badge, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../components/data-table';
import { type DateRange, DateRangeFilter, rangeRefusal } from '../components/date-range-filter';
import { DateTimeText } from '../components/date-time-text';
import { PageFrame } from '../components/page-frame';
import { type PageSizeProps, usePaging } from '../components/pager';
import { auditExport, auditQuery } from '../features/users/api/users.queries';
import { EMPTY_CELL } from '../lib/format';
import { useSelectedEntity } from '../lib/selected-entity';

type Outcome = 'all' | 'success' | 'failure';
type Row = {
  id: string;
  at: string;
  actorName: string | null;
  actorId: string | null;
  actorKind: string;
  entityName: string | null;
  action: string;
  target: string | null;
  outcome: string;
  ip: string | null;
};

/** The audit trail of the selected entity's subtree: who did what, where, when, from which IP. */
export function AuditTrailPage(pageSize: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const entityId = entity?.entityId ?? 0;
  const paging = usePaging(pageSize);
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [outcome, setOutcome] = useState<Outcome>('all');
  const [range, setRange] = useState<DateRange>({ from: '', to: '' });
  const refusal = rangeRefusal(range, t);
  const filters = {
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
    ...(action ? { action } : {}),
    ...(actor ? { actor } : {}),
    ...(outcome !== 'all' ? { outcome } : {}),
  };
  const list = useQuery({
    ...auditQuery(entityId, { ...filters, limit: paging.pageSize, offset: paging.offset }),
    enabled: entityId > 0 && !refusal,
  });
  const columns: Column<Row>[] = [
    {
      id: 'at',
      header: t('audit.at'),
      value: (r) => r.at,
      cell: (r) => <DateTimeText value={r.at} />,
      fixed: true,
    },
    {
      id: 'actor',
      header: t('audit.actor'),
      value: (r) => r.actorName ?? r.actorId ?? r.actorKind,
      cell: (r) => r.actorName ?? r.actorId ?? r.actorKind,
    },
    { id: 'action', header: t('audit.action'), value: (r) => r.action, cell: (r) => r.action, mono: true },
    {
      id: 'target',
      header: t('audit.target'),
      value: (r) => r.target ?? '',
      cell: (r) => r.target ?? EMPTY_CELL,
    },
    {
      id: 'entity',
      header: t('audit.entity'),
      value: (r) => r.entityName ?? '',
      cell: (r) => r.entityName ?? EMPTY_CELL,
    },
    {
      id: 'outcome',
      header: t('audit.outcome'),
      value: (r) => r.outcome,
      cell: (r) => (
        <Badge color={r.outcome === 'success' ? 'teal' : 'red'}>
          {t(`audit.outcomes.${r.outcome}`, r.outcome)}
        </Badge>
      ),
    },
    {
      id: 'ip',
      header: t('audit.ip'),
      value: (r) => r.ip ?? '',
      cell: (r) => r.ip ?? EMPTY_CELL,
      mono: true,
    },
  ];
  const change = (f: () => void) => {
    f();
    paging.setPage(1);
  };
  return (
    <PageFrame title={t('pages.auditTrail')}>
      <DataTable
        id="audit-trail"
        label={t('pages.auditTrail')}
        columns={columns}
        rows={list.data?.items as Row[] | undefined}
        rowKey={(r) => r.id}
        query={list}
        empty={{ title: t('audit.none'), hint: t('audit.noneHint') }}
        paging={{ total: list.data?.total ?? 0, paging }}
        refusal={refusal}
        csv={{
          fileName: 'audit-trail.csv',
          header: columns.map((c) => c.header),
          // Every row the filters match, not only the page on screen.
          rows: async () =>
            (await auditExport(entityId, filters)).map((r) =>
              columns.map((c) => String(c.value?.(r as Row) ?? '')),
            ),
        }}
        toolbar={
          <Group>
            <TextInput
              aria-label={t('audit.action')}
              placeholder={t('audit.action')}
              value={action}
              onChange={(e) => change(() => setAction(e.currentTarget.value))}
            />
            <TextInput
              aria-label={t('audit.actor')}
              placeholder={t('audit.actor')}
              value={actor}
              onChange={(e) => change(() => setActor(e.currentTarget.value))}
            />
            <DateRangeFilter
              labelled={false}
              value={range}
              onChange={(next) => change(() => setRange(next))}
            />
            <SegmentedControl
              aria-label={t('audit.outcome')}
              value={outcome}
              onChange={(v) => change(() => setOutcome(v as Outcome))}
              data={[
                { value: 'all', label: t('audit.outcomes.all') },
                { value: 'success', label: t('audit.outcomes.success') },
                { value: 'failure', label: t('audit.outcomes.failure') },
              ]}
            />
          </Group>
        }
      />
    </PageFrame>
  );
}
