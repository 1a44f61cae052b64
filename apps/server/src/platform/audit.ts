import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditEvents } from './audit.tables';
import { type DbOrTx, queryPrepared } from './db';
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

/** The statement appending these audit rows (set-wise: the same text for any number). */
export function auditInsert(rows: { who: AuditActor; entry: AuditEntry }[]): SQL {
  const col = <T>(f: (who: AuditActor, e: AuditEntry) => T) => sql.param(rows.map((r) => f(r.who, r.entry)));
  return sql`insert into ${auditEvents} (actor_kind, actor_id, acting_entity_id, action, target, outcome, ip, user_agent, details)
    select a.actor_kind, a.actor_id, a.acting_entity_id, a.action, a.target, a.outcome, a.ip, a.user_agent, a.details::jsonb
      from unnest(${col((w) => w.principal?.kind ?? 'anonymous')}::text[], ${col((w) => w.principal?.id ?? null)}::text[],
                  ${col((w) => w.entityId ?? w.principal?.homeEntityId ?? null)}::int[], ${col((_, e) => e.action)}::text[],
                  ${col((_, e) => e.target ?? null)}::text[], ${col((_, e) => e.outcome)}::text[],
                  ${col((w) => w.request?.ip ?? w.meta?.ip ?? null)}::text[],
                  ${col((w) => w.request?.headers['user-agent'] ?? w.meta?.userAgent ?? null)}::text[],
                  ${col((_, e) => JSON.stringify(e.details ?? {}))}::text[])
           with ordinality as a(actor_kind, actor_id, acting_entity_id, action, target, outcome, ip, user_agent, details, o)
     order by a.o`;
}

/** Appends one audit row; pass the transaction so the row commits with the change it records. */
export async function recordAudit(db: DbOrTx, who: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [{ who, entry }]);
}

/** Appends several audit rows in one statement (prepared once per connection). */
export async function recordAudits(
  db: DbOrTx,
  rows: { who: AuditActor; entry: AuditEntry }[],
): Promise<void> {
  if (rows.length > 0) await queryPrepared(db, 'audit_insert', auditInsert(rows));
}
