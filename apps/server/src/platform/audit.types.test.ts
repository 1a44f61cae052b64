import { describe, expect, it } from 'vitest';
import { type AuditActor, audited, recordAudit, recordRefusal } from './audit';
import type { Db, Tx } from './db';

/**
 * The audit helpers' types are the test here: `npm run typecheck` compiles these lines, and a
 * `@ts-expect-error` that no longer meets an error fails it. Never run.
 */
export function auditTypeChecks(db: Db, tx: Tx, who: AuditActor) {
  const entry = { action: 'type.check', outcome: 'success' } as const;
  void recordAudit(tx, who, entry);
  void audited(db, who, entry, async (t) => recordAudit(t, who, entry));
  void recordRefusal(db, who, { action: 'type.check' });
  // @ts-expect-error a refusal records a failure, always: it names no outcome
  void recordRefusal(db, who, { action: 'type.check', outcome: 'success' });
  // A pool handle does not compile: a change goes through `audited`, a refusal `recordRefusal`.
  // @ts-expect-error recordAudit takes a transaction, never the pool
  void recordAudit(db, who, entry);
}

describe('the audit helpers’ types', () => {
  it('are checked by the compiler (auditTypeChecks)', () => {
    expect(typeof auditTypeChecks).toBe('function');
  });
});
