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

/** Appends one audit row; pass the transaction so the row commits with the change it records. */
export async function recordAudit(
  db: DbOrTx,
  who: {
    principal: Principal | null;
    entityId?: number | null;
    request?: FastifyRequest;
    /** Where the call came from, when no request object is at hand. */
    meta?: { ip?: string; userAgent?: string };
  },
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditEvents).values({
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
}
