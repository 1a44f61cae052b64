import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditEvents } from './audit.tables';
import { type Db, type DbOrTx, statement, type Tx } from './db';
import { isConnectionLoss, rootCause } from './pg-errors';
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

/**
 * Appends one audit row in the transaction of the change it records, so both commit or
 * neither does. Only a transaction is taken: a change outside one goes through `audited`, a
 * refusal that must outlive a rollback through `recordRefusal`.
 */
export async function recordAudit(db: Tx, who: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [{ who, entry }]);
}

/**
 * The audit row of a change could not be written, so the change was rolled back. Its own
 * type: a caller's mapping of SQLSTATEs (a unique violation → 409 …) must not read the audit
 * insert's failure as the change's, and the error handler answers it 500 with an error log.
 */
export class AuditNotRecorded extends Error {
  constructor(
    readonly action: string,
    readonly reason: { code?: string; message: string },
  ) {
    super(`The audit row of ${action} could not be written (${reason.code ?? 'no code'}: ${reason.message})`);
    this.name = 'AuditNotRecorded';
  }
}

/** What `audited` records: one entry, or one computed from the work's result (null: nothing changed). */
export type AuditedEntry<T> = AuditEntry | ((result: T) => AuditEntry | null);

/**
 * One audited write: runs `work` in a transaction (a savepoint when `db` is one already) and
 * records the audit row in that same transaction, after the work, so the change and its row
 * commit together or not at all. A failed audit insert rolls the change back and surfaces as
 * 503 when the database was lost (retry is safe: nothing happened) or `AuditNotRecorded`
 * (500) otherwise — never a success-shaped change without its row.
 */
export async function audited<T>(
  db: DbOrTx,
  who: AuditActor,
  entry: AuditedEntry<T>,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    const row = typeof entry === 'function' ? entry(result) : entry;
    if (row) await recordAudit(tx, who, row).catch(notRecorded(row.action));
    return result;
  });
}

const notRecorded = (action: string) => (err: unknown) => {
  if (isConnectionLoss(err)) throw err;
  throw new AuditNotRecorded(action, rootCause(err));
};

/**
 * The separate, named path for refusals, whose audit row must outlive the rollback of the call
 * that was refused: a refused sign-in or credential (login.service's `settle`, a wrong current
 * password, an SSO/Entra token or an API key used outside its allow-list: nothing changed, but
 * the attempt stays on record for lock-out forensics while the call answers 401/403) and a
 * refused change of rights (authorization.service's `change`: the attempt's transaction rolled
 * back with the 403, and the attempt itself is the thing to keep). It writes on the pool in a
 * statement of its own, always with outcome 'failure', so it cannot record a change that did
 * not commit as done.
 */
export async function recordRefusal(
  db: Db,
  who: AuditActor,
  entry: Omit<AuditEntry, 'outcome'>,
): Promise<void> {
  await AUDIT_INSERT(db, auditValues([{ who, entry: { ...entry, outcome: 'failure' } }]));
}

/** Appends several audit rows in one statement (prepared once per connection). */
export async function recordAudits(db: Tx, rows: { who: AuditActor; entry: AuditEntry }[]): Promise<void> {
  if (rows.length > 0) await AUDIT_INSERT(db, auditValues(rows));
}
