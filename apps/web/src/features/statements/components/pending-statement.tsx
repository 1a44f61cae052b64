import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadStatement, statementStatusQuery } from '../api/statements.queries';

/**
 * The statement last asked for, followed until it is ready (a progress bar while it is
 * built), then offered for download; kept by the page in the persisted state, so a reload
 * finds it still here. Dismissing it forgets it.
 */
export function PendingStatement({
  entityId,
  statementId,
  onDismiss,
}: {
  entityId: number;
  statementId: number;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const status = useQuery(statementStatusQuery(entityId, statementId));
  const s = status.data;
  if (status.isError)
    return (
      <Alert color="gray" withCloseButton onClose={onDismiss}>
        {t('statements.pendingGone')}
      </Alert>
    );
  if (!s) return null;
  const label = t(`statements.status.${s.status}`);
  return (
    <Paper withBorder p="md" aria-label={t('statements.pending')} role="region">
      <Stack gap="xs">
        <Text fw={600}>
          {t('statements.pendingTitle', {
            scope: s.accountName ?? s.entityName,
            period: s.from === s.to ? s.from : `${s.from} – ${s.to}`,
          })}
        </Text>
        {s.status === 'FAILED' ? (
          <Alert color="red" role="alert">
            {s.failure}
          </Alert>
        ) : (
          <Progress
            value={s.progress}
            animated={s.status !== 'READY'}
            aria-label={t('statements.progress')}
            size="lg"
          />
        )}
        <Group justify="space-between">
          <Text size="sm" data-testid="pending-status">
            {s.status === 'RUNNING' ? `${label} · ${s.progress}%` : label}
          </Text>
          <Group>
            {s.status === 'READY' && (
              <Button onClick={() => downloadStatement(entityId, s)}>{t('statements.download')}</Button>
            )}
            <Button variant="subtle" onClick={onDismiss}>
              {t('statements.dismiss')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
