import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit.tables';
import type { Db } from '../../platform/db';
import { entityNameOf, entityWithin } from '../entities/entity-sql';
import { userDisplayNameOf } from '../users/user-identity';

export type AuditFilter = {
  action?: string | undefined;
  actor?: string | undefined;
  outcome?: 'success' | 'failure' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  offset: number;
};

const nextDay = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The audit trail as staff read it: every audited change made while acting on the entity
 * or one below it — who, what, on which entity, when, from which IP — newest first.
 */
export function createAuditTrailService(db: Db) {
  return {
    async list(actingEntityId: number, f: AuditFilter) {
      const actorName = userDisplayNameOf(auditEvents.actorId);
      const where: SQL[] = [entityWithin(auditEvents.actingEntityId, actingEntityId)];
      if (f.action) where.push(sql`${auditEvents.action} ilike ${`%${escapeLike(f.action)}%`}`);
      if (f.outcome) where.push(eq(auditEvents.outcome, f.outcome));
      if (f.from) where.push(gte(auditEvents.at, new Date(`${f.from}T00:00:00Z`)));
      if (f.to) where.push(lt(auditEvents.at, nextDay(f.to)));
      if (f.actor)
        where.push(
          sql`(${auditEvents.actorId} = ${f.actor} or ${actorName} ilike ${`%${escapeLike(f.actor)}%`})`,
        );
      const rows = await db
        .select({
          e: auditEvents,
          actorName,
          entityName: entityNameOf(auditEvents.actingEntityId),
          total: sql<number>`count(*) over ()`,
        })
        .from(auditEvents)
        .where(and(...where))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(f.limit)
        .offset(f.offset);
      return {
        total: Number(rows[0]?.total ?? 0),
        items: rows.map(({ e, actorName: name, entityName }) => ({
          id: String(e.id),
          at: e.at.toISOString(),
          actorKind: e.actorKind,
          actorId: e.actorId,
          actorName: name,
          entityId: e.actingEntityId,
          entityName: entityName ?? null,
          action: e.action,
          target: e.target,
          outcome: e.outcome,
          ip: e.ip,
          details: e.details,
        })),
      };
    },
  };
}
export type AuditTrailService = ReturnType<typeof createAuditTrailService>;
