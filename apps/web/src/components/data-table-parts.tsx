import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Popover,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns, IconSelector } from '@tabler/icons-react';
import type { Header } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../lib/gateway';
import { EmptyState } from './page-frame';

/** Where a header's `aria-sort` stands: only a sortable column carries one. */
export function ariaSortOf(sorted: false | 'asc' | 'desc', sortable: boolean) {
  if (!sortable) return undefined;
  if (sorted === 'asc') return 'ascending' as const;
  if (sorted === 'desc') return 'descending' as const;
  return 'none' as const;
}

/**
 * A column header. A sortable one is a button (named by the column, so a screen reader
 * hears "Amount, sorted descending" from `aria-sort`); a click sorts by it, the next
 * reverses the order.
 */
export function HeaderCell<T>({
  header,
  align,
  width,
}: {
  header: Header<T, unknown>;
  align?: 'right';
  width?: number;
}) {
  const label = String(header.column.columnDef.header ?? '');
  const sortable = header.column.getCanSort();
  const sorted = header.column.getIsSorted();
  const Icon = !sorted ? IconSelector : sorted === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th ta={align} w={width} aria-sort={ariaSortOf(sorted, sortable)} style={{ whiteSpace: 'nowrap' }}>
      {sortable ? (
        <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={700} fz="sm">
          <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : undefined}>
            {label}
            <Icon size={14} aria-hidden style={{ opacity: sorted ? 1 : 0.45 }} />
          </Group>
        </UnstyledButton>
      ) : (
        label
      )}
    </Table.Th>
  );
}

/**
 * What a table shows while its first rows come: the shape of its rows, not a blank or a
 * zero, announced as loading.
 */
export function TableSkeleton({ label, columns, rows }: { label: string; columns: number; rows: number }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" role="status" aria-busy>
      <VisuallyHidden>{t('shell.loading', { what: label })}</VisuallyHidden>
      <Stack gap="sm" aria-hidden>
        {Array.from({ length: rows + 1 }, (_, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Group key={r} gap="md" wrap="nowrap">
            {Array.from({ length: Math.max(1, columns) }, (_, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={c} height={r === 0 ? 12 : 16} radius="sm" style={{ flex: 1 }} />
            ))}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

export type ColumnChoice = { id: string; label: string; shown: boolean; fixed: boolean };

/** "Columns": which columns the table shows; the choice is kept for the next visit. */
export function ColumnMenu({
  table,
  choices,
  onToggle,
}: {
  table: string;
  choices: ColumnChoice[];
  onToggle: (id: string, shown: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconColumns size={16} aria-hidden />}
          aria-label={t('table.columnsOf', { table })}
        >
          {t('table.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('table.columnsOf', { table })}>
          {choices.map((c) => (
            <Checkbox
              key={c.id}
              label={c.label}
              checked={c.shown}
              disabled={c.fixed}
              onChange={(e) => onToggle(c.id, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** How many rows the table holds: the range of a page and the total, or the count (of how many, when searched). */
export function TableCount({
  total,
  shown,
  page,
}: {
  total: number;
  shown: number;
  page?: { offset: number; size: number };
}) {
  const { t } = useTranslation();
  let text: string;
  if (page && total > 0)
    text = t('table.range', {
      from: page.offset + 1,
      to: Math.min(total, page.offset + shown),
      total,
    });
  else if (shown !== total) text = t('table.countOf', { shown, count: total });
  else text = t('table.count', { count: total });
  return (
    <Text size="sm" c="dimmed" aria-live="polite" data-testid="table-count">
      {text}
    </Text>
  );
}

type Absence = 'refused' | 'loading' | 'failed' | 'empty';

/**
 * What a table says instead of rows: why it asked for nothing (the refusal), the shape of
 * its rows while they come, the server's message and a retry, or its empty state.
 */
export function TableAbsence(p: {
  view: Absence;
  label: string;
  refusal?: string | null;
  query?: { error: unknown; refetch: () => unknown };
  empty: { title: string; hint: string };
  skeleton: { columns: number; rows: number };
}) {
  const { t } = useTranslation();
  switch (p.view) {
    case 'refused':
      return (
        <Alert color="yellow" title={t('table.refused')} role="alert">
          {p.refusal}
        </Alert>
      );
    case 'loading':
      return <TableSkeleton label={p.label} {...p.skeleton} />;
    case 'failed':
      return (
        <Alert color="red" title={t('shell.loadFailed', { what: p.label })}>
          <Group justify="space-between">
            <Text size="sm">{serverMessage(p.query?.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => p.query?.refetch()}>
              {t('shell.retry')}
            </Button>
          </Group>
        </Alert>
      );
    case 'empty':
      return <EmptyState title={p.empty.title} hint={p.empty.hint} />;
  }
}
