import { API } from '@clearway/contracts/endpoint-table';
import type { TStatement } from '@clearway/contracts/endpoints/statements.schemas';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type StatementFilter, statementKeys } from './statements.keys';

/** How often a statement still being built is asked about. */
const POLL_MS = 1000;
export const isUnderWay = (s: Pick<TStatement, 'status'>) => s.status === 'QUEUED' || s.status === 'RUNNING';

export const statementsQuery = (entityId: number, filter: StatementFilter) =>
  queryOptions({
    queryKey: statementKeys.list(entityId, filter),
    queryFn: () => api(API.statement.list, { payload: { entityId, ...filter } }),
    placeholderData: keepPreviousData,
    // While one is being built the list follows it; otherwise it stays still.
    refetchInterval: (q) => (q.state.data?.items.some(isUnderWay) ? POLL_MS : false),
  });

export const statementStatusQuery = (entityId: number, statementId: number) =>
  queryOptions({
    queryKey: statementKeys.status(entityId, statementId),
    queryFn: () => api(API.statement.status, { payload: { entityId, statementId } }),
    refetchInterval: (q) => (!q.state.data || isUnderWay(q.state.data) ? POLL_MS : false),
  });

export const lastEodQuery = (entityId: number) =>
  queryOptions({
    queryKey: statementKeys.lastEod(entityId),
    queryFn: () => api(API.statement.lastEod, { payload: { entityId } }),
  });

export const eodRunsQuery = (entityId: number) =>
  queryOptions({
    queryKey: statementKeys.eodRuns(entityId),
    queryFn: () => api(API.eod.runs, { payload: { entityId, limit: 10 } }),
  });

/** Saves a ready statement's PDF under the file name the server gave it. */
export async function downloadStatement(entityId: number, s: Pick<TStatement, 'statementId' | 'fileName'>) {
  const file = (await api(API.statement.download, { payload: { entityId, statementId: s.statementId } })) as {
    data: ArrayBuffer;
    contentType: string;
  };
  const url = URL.createObjectURL(new Blob([file.data], { type: file.contentType }));
  Object.assign(document.createElement('a'), {
    href: url,
    download: s.fileName ?? `statement-${s.statementId}.pdf`,
  }).click();
  URL.revokeObjectURL(url);
}
