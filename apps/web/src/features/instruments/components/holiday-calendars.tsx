import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListState } from '../../../components/list-state';
import { SectionTitle } from '../../../components/page-frame';
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
      title: t('calendars.removeTitle', { date, calendar }),
      centered: true,
      children: <Text size="sm">{t('calendars.removeText', { name })}</Text>,
      labels: { confirm: t('calendars.remove'), cancel: t('instruments.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { calendar, date },
          {
            onSuccess: () => showSuccessToast(t('calendars.removed'), `${calendar} ${date}`),
            onError: showErrorToast,
          },
        ),
    });

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
      <ListState
        query={holidays}
        count={holidays.data?.length ?? 0}
        label={label}
        empty={{ title: t('calendars.none'), hint: t('calendars.noneHint') }}
      >
        <DataTable withTableBorder striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('calendars.date')}</Table.Th>
              <Table.Th>{t('calendars.name')}</Table.Th>
              <Table.Th>{t('calendars.origin')}</Table.Th>
              <Table.Th>{t('calendars.changed')}</Table.Th>
              {canManage && <Table.Th>{t('shell.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(holidays.data ?? []).map((h) => (
              <Table.Tr key={h.date} c={h.active ? undefined : 'dimmed'}>
                <Table.Td ff="monospace" td={h.active ? undefined : 'line-through'}>
                  {h.date}
                </Table.Td>
                <Table.Td>{h.name}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={h.active ? (h.source === 'ADDED' ? 'indigo' : 'gray') : 'orange'}
                  >
                    {h.active ? t(`calendars.sources.${h.source}`) : t('calendars.removedBadge')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {h.changedBy ? `${h.changedBy}, ${new Date(h.changedAt!).toLocaleString()}` : '—'}
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    {h.active && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={t('calendars.removeOf', { date: h.date })}
                        onClick={() => confirmRemove(h.date, h.name)}
                      >
                        {t('calendars.remove')}
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      </ListState>
      {canManage && <AddHoliday entityId={entityId} calendar={calendar} />}
    </Stack>
  );
}
