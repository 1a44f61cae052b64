import type { FastifyRequest } from 'fastify';
import { auditEvents } from './audit.tables';
import type { DbOrTx } from './db';
import type { Principal } from './principal';

export type AuditEntry = {
  action: string;
  outcome: 'success' | 'failure';
  target?: string;
  details?: Record<string, unknown>;
};

/** Who did it, and from where. */
export type AuditActor = {
  principal: Principal | null;
  entityId?: number | null;
  request?: FastifyRequest;
  /** Where the call came from, when no request object is at hand. */
  meta?: { ip?: string; userAgent?: string };
};

const rowOf = (who: AuditActor, entry: AuditEntry) => ({
  actorKind: who.principal?.kind ?? 'anonymous',
  actorId: who.principal?.id ?? null,
  actingEntityId: who.entityId ?? who.principal?.homeEntityId ?? null,
  action: entry.action,
  target: entry.target ?? null,
  outcome: entry.outcome,
  ip: who.request?.ip ?? who.meta?.ip ?? null,
  userAgent: who.request?.headers['user-agent'] ?? who.meta?.userAgent ?? null,
  details: entry.details ?? {},
});

/** Appends one audit row; pass the transaction so the row commits with the change it records. */
export async function recordAudit(db: DbOrTx, who: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [{ who, entry }]);
}

/** Appends several audit rows in one statement (the bookings of one group commit). */
export async function recordAudits(
  db: DbOrTx,
  rows: { who: AuditActor; entry: AuditEntry }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(auditEvents).values(rows.map((r) => rowOf(r.who, r.entry)));
}
