import type { TEodRun } from '@clearway/contracts/endpoints/eod.schemas';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../../components/date-time-text';
import { useRerunEod } from '../api/statements.mutations';
import { eodRunsQuery, lastEodQuery } from '../api/statements.queries';

/**
 * The last completed end of day (its business date, when it finished and how), and for staff
 * with eod_processing the latest runs, a failed one with what failed and a re-run.
 */
export function LastEod({ entityId, staff }: { entityId: number; staff: boolean }) {
  const { t } = useTranslation();
  const last = useQuery(lastEodQuery(entityId));
  const run = last.data?.run;
  return (
    <Paper withBorder p="md" role="region" aria-label={t('statements.lastEod')}>
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>{t('statements.lastEod')}:</Text>
          {run ? (
            <Text data-testid="last-eod">
              {run.businessDate} · {t('statements.eodFinished')}{' '}
              {run.finishedAt ? <DateTimeText value={run.finishedAt} /> : '—'} ·{' '}
              {t(`statements.eod.${run.status}`)}
            </Text>
          ) : (
            <Text data-testid="last-eod" c="dimmed">
              {last.isPending ? '…' : t('statements.noEod')}
            </Text>
          )}
        </Group>
        {staff && <EodRuns entityId={entityId} />}
      </Stack>
    </Paper>
  );
}

function EodRuns({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const runs = useQuery(eodRunsQuery(entityId));
  const rerun = useRerunEod(entityId);
  if (!runs.data?.length) return null;
  const failures = (r: TEodRun) =>
    r.failures.map((f) => `${f.step}${f.ticket ? ` ${f.ticket}` : ''}: ${f.error}`).join('; ');
  return (
    <Table aria-label={t('statements.eodRuns')} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('statements.businessDate')}</Table.Th>
          <Table.Th>{t('statements.statusHeader')}</Table.Th>
          <Table.Th>{t('statements.eodFinished')}</Table.Th>
          <Table.Th>{t('statements.eodAttempts')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {runs.data.map((r) => (
          <Table.Tr key={r.businessDate}>
            <Table.Td>{r.businessDate}</Table.Td>
            <Table.Td>
              <Badge
                color={r.status === 'FAILED' ? 'red' : r.status === 'COMPLETED' ? 'teal' : 'blue'}
                variant="light"
              >
                {t(`statements.eod.${r.status}`)}
              </Badge>
              {r.status === 'FAILED' && (
                <Text size="xs" c="red.9">
                  {failures(r)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{r.finishedAt ? <DateTimeText value={r.finishedAt} /> : '—'}</Table.Td>
            <Table.Td>{r.attempts}</Table.Td>
            <Table.Td>
              {r.status === 'FAILED' && (
                <Button size="xs" onClick={() => rerun.mutate(r.businessDate)} loading={rerun.isPending}>
                  {t('statements.rerun')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
