import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditEvents } from './audit.tables';
import { type DbOrTx, statement } from './db';
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

const at = sql.placeholder;

/**
 * The statement appending audit rows, set-wise: a fragment for a statement of the caller's
 * (`statement`), with `auditValues`.
 */
export const auditInsert = sql`insert into ${auditEvents} (actor_kind, actor_id, acting_entity_id, action, target, outcome, ip, user_agent, details)
    select a.actor_kind, a.actor_id, a.acting_entity_id, a.action, a.target, a.outcome, a.ip, a.user_agent, a.details::jsonb
      from unnest(${at('auditActorKinds')}::text[], ${at('auditActorIds')}::text[], ${at('auditEntities')}::int[],
                  ${at('auditActions')}::text[], ${at('auditTargets')}::text[], ${at('auditOutcomes')}::text[],
                  ${at('auditIps')}::text[], ${at('auditUserAgents')}::text[], ${at('auditDetails')}::text[])
           with ordinality as a(actor_kind, actor_id, acting_entity_id, action, target, outcome, ip, user_agent, details, o)
     order by a.o`;

/** The values of `auditInsert` for these rows. */
export function auditValues(rows: { who: AuditActor; entry: AuditEntry }[]) {
  const col = <T>(f: (who: AuditActor, e: AuditEntry) => T) => rows.map((r) => f(r.who, r.entry));
  return {
    auditActorKinds: col((w) => w.principal?.kind ?? 'anonymous'),
    auditActorIds: col((w) => w.principal?.id ?? null),
    auditEntities: col((w) => w.entityId ?? w.principal?.homeEntityId ?? null),
    auditActions: col((_, e) => e.action),
    auditTargets: col((_, e) => e.target ?? null),
    auditOutcomes: col((_, e) => e.outcome),
    auditIps: col((w) => w.request?.ip ?? w.meta?.ip ?? null),
    auditUserAgents: col((w) => w.request?.headers['user-agent'] ?? w.meta?.userAgent ?? null),
    auditDetails: col((_, e) => JSON.stringify(e.details ?? {})),
  };
}

const AUDIT_INSERT = statement<never, ReturnType<typeof auditValues>>('audit_insert', auditInsert);

/** Appends one audit row; pass the transaction so the row commits with the change it records. */
export async function recordAudit(db: DbOrTx, who: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [{ who, entry }]);
}

/** Appends several audit rows in one statement (prepared once per connection). */
export async function recordAudits(
  db: DbOrTx,
  rows: { who: AuditActor; entry: AuditEntry }[],
): Promise<void> {
  if (rows.length > 0) await AUDIT_INSERT(db, auditValues(rows));
}
