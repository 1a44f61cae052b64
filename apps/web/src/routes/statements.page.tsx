import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from '../components/page-frame';
import type { PageSizeProps } from '../components/pager';
import { LastEod } from '../features/statements/components/last-eod';
import { PendingStatement } from '../features/statements/components/pending-statement';
import { RequestStatement } from '../features/statements/components/request-statement';
import { StatementList } from '../features/statements/components/statement-list';
import { useSelectedEntity } from '../lib/selected-entity';

/** The statement being followed, kept in the persisted state (section 3) by the shell. */
export type PendingProps = { pending: number | null; onPending: (statementId: number | null) => void };

/**
 * `/statements`: the last end of day at the top (and its history for eod_processing), asking
 * for a statement, the one asked for followed to its download across reloads, and the list
 * of the entity's statements with status, progress, download and re-generate.
 */
export function StatementsPage({ pageSize, onPageSize, pending, onPending }: PageSizeProps & PendingProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  if (!entity)
    return (
      <PageFrame title={t('pages.statements')}>
        <EmptyState />
      </PageFrame>
    );
  const c = entity.capabilities;
  return (
    <PageFrame title={t('pages.statements')}>
      <Stack key={entity.entityId}>
        <LastEod entityId={entity.entityId} staff={c.canViewEodRuns} />
        {c.canCreateStatements && <RequestStatement entityId={entity.entityId} onQueued={onPending} />}
        {pending !== null && (
          <PendingStatement
            entityId={entity.entityId}
            statementId={pending}
            onDismiss={() => onPending(null)}
          />
        )}
        {c.canViewStatementList && (
          <StatementList
            entityId={entity.entityId}
            pageSize={pageSize}
            onPageSize={onPageSize}
            onQueued={onPending}
          />
        )}
      </Stack>
    </PageFrame>
  );
}
