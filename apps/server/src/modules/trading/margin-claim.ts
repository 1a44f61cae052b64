import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { marginVersions } from './trading.tables';

/** The margin state a booking's free-margin check read: its owner's margin version then. */
export type MarginClaim = { entityId: number; version: number };

/** The margin state a booking was checked against changed before it could commit. */
export class MarginMoved extends Error {
  constructor() {
    super('the margin client’s margin changed after the check');
  }
}

/** How often a booking checked against a state that then moved is checked and tried again. */
const ATTEMPTS = 5;

/** The entity's margin version now (0 before its first margin-checked booking). */
export async function marginVersionOf(db: DbOrTx, entityId: number): Promise<number> {
  const rows = await db.execute<{ version: string }>(
    sql`select version::text from ${marginVersions} where entity_id = ${entityId}`,
  );
  return Number(rows.rows[0]?.version ?? 0);
}

/**
 * Claims, in the booking's transaction, the version its check read: true when no other booking
 * committed since (the version moves on); false when one did. A booking claiming the same
 * version concurrently holds the row until it commits, so the second claim then sees the moved
 * version — the two can never both commit against one check. A version this very transaction
 * moved (an earlier booking of the same owner in it: a block's children allocated to two
 * accounts of one entity) is no other booking's: its check could not see it (checks read what
 * is committed), and refusing would refuse that transaction for ever.
 */
export async function claimMargin(tx: Tx, claim: MarginClaim): Promise<boolean> {
  const rows = await tx.execute(sql`
    insert into ${marginVersions} as m (entity_id, version) values (${claim.entityId}, ${claim.version + 1})
    on conflict (entity_id) do update set version = m.version + 1
     where m.version = ${claim.version} or m.xmin = pg_current_xact_id()::xid
    returning m.version`);
  return rows.rows.length === 1;
}

/**
 * Runs a margin-checked booking (check, then book) and, when the state it was checked against
 * moved before it committed, checks and books it again; a state that keeps moving ends in 409.
 */
export async function withMarginRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof MarginMoved)) throw err;
      if (n >= ATTEMPTS)
        throw conflict('This client’s margin changed while the booking was checked; try again');
    }
  }
}

/** A record kind's prepare step for margin-checked bookings: each claims its check's version. */
export async function claimEach<T extends { margin?: MarginClaim | null }>(
  tx: Tx,
  items: { input: T }[],
): Promise<(MarginMoved | null)[]> {
  const out: (MarginMoved | null)[] = [];
  for (const { input } of items)
    out.push(input.margin && !(await claimMargin(tx, input.margin)) ? new MarginMoved() : null);
  return out;
}
