import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { entityNameOf, entityWithin } from '../entities/entity-sql';
import {
  allocationChildren,
  allocationGroups,
  allocationInvestors,
  allocationRuns,
} from './allocations.tables';

export type GroupRow = typeof allocationGroups.$inferSelect;
export type InvestorRow = typeof allocationInvestors.$inferSelect;
export type RunRow = typeof allocationRuns.$inferSelect;
export type ChildRow = typeof allocationChildren.$inferSelect;

export async function insertGroup(
  db: DbOrTx,
  values: typeof allocationGroups.$inferInsert,
): Promise<GroupRow> {
  const [row] = await db.insert(allocationGroups).values(values).returning();
  return row!;
}

/** One group, locked when `lock` (its investors and allocations change under that lock). */
export async function groupById(db: DbOrTx, id: number, lock = false): Promise<GroupRow | null> {
  const q = db.select().from(allocationGroups).where(eq(allocationGroups.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The groups of the entity and everything below it, by name. */
export const groupsUnder = (db: DbOrTx, entityId: number) =>
  db
    .select()
    .from(allocationGroups)
    .where(entityWithin(allocationGroups.entityId, entityId))
    .orderBy(asc(allocationGroups.name), asc(allocationGroups.id));

/** The managers' names of groups (one statement). */
export async function managerNames(db: DbOrTx, groupIds: number[]): Promise<Map<number, string>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ id: allocationGroups.id, name: entityNameOf(allocationGroups.entityId) })
    .from(allocationGroups)
    .where(inArray(allocationGroups.id, groupIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function updateGroup(db: DbOrTx, id: number, values: Partial<GroupRow>): Promise<void> {
  await db
    .update(allocationGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(allocationGroups.id, id));
}

/** Deletes a group that never allocated, with its investors (runs reference them, so it has none). */
export async function deleteGroup(db: DbOrTx, id: number): Promise<void> {
  await db.delete(allocationInvestors).where(eq(allocationInvestors.groupId, id));
  await db.delete(allocationGroups).where(eq(allocationGroups.id, id));
}

/** The groups' current investors, in the order they were added. */
export async function investorsOf(db: DbOrTx, groupIds: number[]): Promise<InvestorRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(allocationInvestors)
    .where(and(inArray(allocationInvestors.groupId, groupIds), isNull(allocationInvestors.removedAt)))
    .orderBy(asc(allocationInvestors.id));
}

export async function insertInvestor(
  db: DbOrTx,
  values: typeof allocationInvestors.$inferInsert,
): Promise<InvestorRow> {
  const [row] = await db.insert(allocationInvestors).values(values).returning();
  return row!;
}

export async function updateInvestor(db: DbOrTx, id: number, values: Partial<InvestorRow>): Promise<void> {
  await db.update(allocationInvestors).set(values).where(eq(allocationInvestors.id, id));
}

export async function runsWhere(db: DbOrTx, where: SQL): Promise<RunRow[]> {
  return db.select().from(allocationRuns).where(where).orderBy(asc(allocationRuns.id));
}

export const currentRuns = (db: DbOrTx, groupIds: number[]) =>
  groupIds.length === 0
    ? Promise.resolve([])
    : runsWhere(db, and(inArray(allocationRuns.groupId, groupIds), eq(allocationRuns.current, true))!);

export async function currentRunOf(db: DbOrTx, blockTradeId: number): Promise<RunRow | null> {
  const [row] = await runsWhere(
    db,
    and(eq(allocationRuns.blockTradeId, blockTradeId), eq(allocationRuns.current, true))!,
  );
  return row ?? null;
}

export async function lastRunNumber(db: DbOrTx, blockTradeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${allocationRuns.run}), 0)::int` })
    .from(allocationRuns)
    .where(eq(allocationRuns.blockTradeId, blockTradeId));
  return row?.n ?? 0;
}

export async function hasRuns(db: DbOrTx, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: allocationRuns.id })
    .from(allocationRuns)
    .where(eq(allocationRuns.groupId, groupId))
    .limit(1);
  return row !== undefined;
}

export async function insertRun(db: DbOrTx, values: typeof allocationRuns.$inferInsert): Promise<RunRow> {
  const [row] = await db.insert(allocationRuns).values(values).returning();
  return row!;
}

export async function retireRun(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(allocationRuns)
    .set({ current: false, reversedAt: new Date() })
    .where(eq(allocationRuns.id, id));
}

export async function insertChildren(db: DbOrTx, rows: ChildRow[]): Promise<void> {
  if (rows.length) await db.insert(allocationChildren).values(rows);
}

export async function childrenOf(db: DbOrTx, runIds: number[]): Promise<ChildRow[]> {
  if (runIds.length === 0) return [];
  return db
    .select()
    .from(allocationChildren)
    .where(inArray(allocationChildren.runId, runIds))
    .orderBy(asc(allocationChildren.runId), asc(allocationChildren.investorId));
}

/** The current runs in which an investor holds a child (its trade ids and blocks). */
export async function currentChildrenOfInvestor(db: DbOrTx, investorId: number) {
  return db
    .select({ tradeId: allocationChildren.tradeId, blockTradeId: allocationRuns.blockTradeId })
    .from(allocationChildren)
    .innerJoin(allocationRuns, eq(allocationRuns.id, allocationChildren.runId))
    .where(and(eq(allocationChildren.investorId, investorId), eq(allocationRuns.current, true)));
}
