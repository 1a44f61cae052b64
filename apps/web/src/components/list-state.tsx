import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../lib/gateway';
import { TableSkeleton } from './data-table-parts';
import { EmptyState } from './page-frame';

type ListQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** What a list shows: still loading, failed (with a retry), empty, or its rows. */
export function listView(query: Pick<ListQuery, 'isPending' | 'isError'>, count: number) {
  if (query.isError && count === 0) return 'failed' as const;
  if (query.isPending) return 'loading' as const;
  return count === 0 ? ('empty' as const) : ('rows' as const);
}

/**
 * The one way lists show their state: a skeleton while the first page comes, the server's
 * message and a retry when it fails, the list's own empty state, else the rows.
 */
export function ListState({
  query,
  count,
  label,
  empty,
  children,
}: {
  query: ListQuery;
  count: number;
  label: string;
  empty: { title: string; hint: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  switch (listView(query, count)) {
    case 'loading':
      return <TableSkeleton label={label} columns={4} rows={5} />;
    case 'failed':
      return (
        <Alert color="red" title={t('shell.loadFailed', { what: label })}>
          <Group justify="space-between">
            <Text size="sm">{serverMessage(query.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
              {t('shell.retry')}
            </Button>
          </Group>
        </Alert>
      );
    case 'empty':
      return <EmptyState title={empty.title} hint={empty.hint} />;
    default:
      return children;
  }
}
