import type { TStatement } from '@clearway/contracts/endpoints/statements.schemas';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { entityNameOf, entityWithin } from '../entities/entity-sql';
import { accountNameOf } from '../ledger/ledger-sql';
import { statementSubscribers, statements } from './statements.tables';

export type StatementRow = typeof statements.$inferSelect;
type Named = StatementRow & { entityName: string; accountName: string | null };

const named = {
  entityName: entityNameOf(statements.entityId),
  accountName: accountNameOf(statements.accountId),
};

export const toStatement = (r: Named): TStatement => ({
  statementId: r.id,
  entityId: r.entityId,
  entityName: r.entityName,
  accountId: r.accountId,
  accountName: r.accountName,
  includeBelow: r.includeBelow,
  period: r.period,
  from: r.fromDate,
  to: r.toDate,
  currencyView: r.currencyView,
  status: r.status,
  progress: r.progress,
  failure: r.failure,
  eodBusinessDate: r.eodBusinessDate,
  fileName: r.fileName,
  sha256: r.sha256,
  size: r.size,
  entries: r.entries,
  requestedBy: r.requestedBy,
  requestedAt: r.requestedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  sentAt: r.sentAt?.toISOString() ?? null,
});

export async function findStatement(db: DbOrTx, id: number): Promise<Named | null> {
  const [row] = await db
    .select({ s: statements, ...named })
    .from(statements)
    .where(eq(statements.id, id));
  return row ? { ...row.s, entityName: row.entityName, accountName: row.accountName } : null;
}

/** Adds a queued statement unless the same request is queued or running; null when it is. */
export async function insertQueued(
  db: DbOrTx,
  values: typeof statements.$inferInsert,
): Promise<number | null> {
  const [row] = await db
    .insert(statements)
    .values(values)
    .onConflictDoNothing({
      target: statements.requestKey,
      where: sql`${statements.status} in ('QUEUED', 'RUNNING')`,
    })
    .returning({ id: statements.id });
  return row?.id ?? null;
}

/** The statement of this request that is queued or running, if any. */
export async function runningOf(db: DbOrTx, requestKey: string): Promise<number | null> {
  const [row] = await db
    .select({ id: statements.id })
    .from(statements)
    .where(and(eq(statements.requestKey, requestKey), sql`${statements.status} in ('QUEUED', 'RUNNING')`));
  return row?.id ?? null;
}

export async function updateStatement(
  db: DbOrTx,
  id: number,
  values: Partial<typeof statements.$inferInsert>,
) {
  await db.update(statements).set(values).where(eq(statements.id, id));
}

export async function listStatements(
  db: DbOrTx,
  q: {
    entityId: number;
    status?: string;
    accountId?: number;
    period?: string;
    limit: number;
    offset: number;
  },
) {
  const where: SQL[] = [entityWithin(statements.entityId, q.entityId)];
  if (q.status) where.push(sql`${statements.status} = ${q.status}`);
  if (q.accountId) where.push(eq(statements.accountId, q.accountId));
  if (q.period) where.push(sql`${statements.period} = ${q.period}`);
  const rows = await db
    .select({ s: statements, ...named, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(statements)
    .where(and(...where))
    .orderBy(desc(statements.id))
    .limit(q.limit)
    .offset(q.offset);
  return {
    items: rows.map((r) => toStatement({ ...r.s, entityName: r.entityName, accountName: r.accountName })),
    total: rows[0]?.total ?? 0,
  };
}

export async function setSubscribed(db: DbOrTx, entityId: number, userId: string, optIn: boolean) {
  if (optIn) await db.insert(statementSubscribers).values({ entityId, userId }).onConflictDoNothing();
  else
    await db
      .delete(statementSubscribers)
      .where(and(eq(statementSubscribers.entityId, entityId), eq(statementSubscribers.userId, userId)));
}

export async function subscribersOf(db: DbOrTx, entityId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: statementSubscribers.userId })
    .from(statementSubscribers)
    .where(eq(statementSubscribers.entityId, entityId));
  return rows.map((r) => r.userId);
}
