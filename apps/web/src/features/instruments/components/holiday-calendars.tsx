import type { THoliday } from '@clearway/contracts/endpoints/instruments.schemas';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { DateText, DateTimeText } from '../../../components/date-time-text';
import { SectionTitle } from '../../../components/page-frame';
import { EMPTY_CELL } from '../../../lib/format';
import { formatDate } from '../../../lib/format/dates';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useRemoveHoliday } from '../api/instruments.mutations';
import { calendarsQuery, holidaysQuery } from '../api/instruments.queries';
import { AddHoliday } from './add-holiday';

const THIS_YEAR = new Date().getFullYear();
const YEARS = Array.from({ length: 5 }, (_, i) => String(THIS_YEAR - 1 + i));

/**
 * The settlement calendars value dates follow: a calendar's holidays in a year, and for
 * staff who manage them, adding a day or removing one (after confirming).
 */
export function HolidayCalendars({ entityId, canManage }: { entityId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const [calendar, setCalendar] = useState('USD');
  const [year, setYear] = useState(THIS_YEAR);
  const calendars = useQuery(calendarsQuery);
  const holidays = useQuery(holidaysQuery(entityId, calendar, year));
  const remove = useRemoveHoliday(entityId);
  const source = calendars.data?.find((c) => c.code === calendar)?.source;
  const label = t('calendars.holidaysOf', { calendar, year });

  const confirmRemove = (date: string, name: string) =>
    modals.openConfirmModal({
      title: t('calendars.removeTitle', { date: formatDate(date), calendar }),
      centered: true,
      children: <Text size="sm">{t('calendars.removeText', { name })}</Text>,
      labels: { confirm: t('calendars.remove'), cancel: t('instruments.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { calendar, date },
          {
            onSuccess: () => showSuccessToast(t('calendars.removed'), `${calendar} ${formatDate(date)}`),
            onError: showErrorToast,
          },
        ),
    });

  const columns: Column<THoliday>[] = [
    {
      id: 'date',
      header: t('calendars.date'),
      value: (h) => h.date,
      cell: (h) => (
        <Text span size="sm" td={h.active ? undefined : 'line-through'}>
          <DateText value={h.date} />
        </Text>
      ),
      sort: 'text',
      fixed: true,
    },
    { id: 'name', header: t('calendars.name'), value: (h) => h.name, cell: (h) => h.name, sort: 'text' },
    {
      id: 'origin',
      header: t('calendars.origin'),
      value: (h) => (h.active ? t(`calendars.sources.${h.source}`) : t('calendars.removedBadge')),
      cell: (h) => (
        <Badge variant="light" color={h.active ? (h.source === 'ADDED' ? 'indigo' : 'gray') : 'orange'}>
          {h.active ? t(`calendars.sources.${h.source}`) : t('calendars.removedBadge')}
        </Badge>
      ),
      sort: 'text',
    },
    {
      id: 'changed',
      header: t('calendars.changed'),
      value: (h) => h.changedAt,
      cell: (h) =>
        h.changedBy ? (
          <>
            {h.changedBy}, <DateTimeText value={h.changedAt} />
          </>
        ) : (
          EMPTY_CELL
        ),
      sort: 'text',
      descFirst: true,
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: t('shell.actions'),
            fixed: true,
            csv: false,
            cell: (h: THoliday) =>
              h.active && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={t('calendars.removeOf', { date: formatDate(h.date) })}
                  onClick={() => confirmRemove(h.date, h.name)}
                >
                  {t('calendars.remove')}
                </Button>
              ),
          } satisfies Column<THoliday>,
        ]
      : []),
  ];

  return (
    <Stack>
      <SectionTitle>{t('calendars.title')}</SectionTitle>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('calendars.calendar')}
          w={260}
          searchable
          allowDeselect={false}
          data={(calendars.data ?? []).map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))}
          value={calendar}
          onChange={(v) => v && setCalendar(v)}
        />
        <Select
          label={t('calendars.year')}
          w={110}
          allowDeselect={false}
          data={YEARS}
          value={String(year)}
          onChange={(v) => v && setYear(Number(v))}
        />
      </Group>
      {source && (
        <Text size="sm" c="dimmed">
          {t('calendars.source', { source })}
        </Text>
      )}
      <DataTable
        id="holidays"
        label={label}
        columns={columns}
        rows={holidays.data}
        rowKey={(h) => h.date}
        query={holidays}
        empty={{ title: t('calendars.none'), hint: t('calendars.noneHint') }}
        defaultSort={{ by: 'date', direction: 'asc' }}
        search="rows"
        csv={{ fileName: `holidays-${calendar}-${year}.csv` }}
        rowProps={(h) => (h.active ? {} : { c: 'dimmed' })}
      />
      {canManage && <AddHoliday entityId={entityId} calendar={calendar} />}
    </Stack>
  );
}
