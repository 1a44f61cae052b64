import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { createLedgerService } from '../ledger/ledger.service';

/** The text of a PDF as `pdftotext -layout` reads it (pages separated by form feeds). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'statement-'));
  const file = path.join(dir, 'statement.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/**
 * Books `legs` as one ledger transaction of `kind`, then dates it `at`: the ledger is
 * append-only (a trigger refuses updates), so the test's own database session sets the
 * triggers aside (session_replication_role) to place history in a past month.
 */
export async function bookAt(
  db: Db,
  at: string,
  meta: { kind: string; reference?: string; memo?: string },
  legs: { accountId: number; asset: string; amount: string }[],
): Promise<number> {
  const ledger = createLedgerService(db);
  const id = await db.transaction((tx) => ledger.post(tx, { principal: null }, meta, legs));
  await dateTransactions(db, [id], at);
  return id;
}

/** Moves ledger transactions to another moment (test history only; see `bookAt`). */
export async function dateTransactions(db: Db, ids: number[], at: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`update ledger_transactions set created_at = ${at}::timestamptz where id = any(${sql.param(ids)}::bigint[])`,
    );
  });
}

export async function platformAccountOf(db: Db, role: 'OMNIBUS' | 'FEE_INCOME', asset: string) {
  const ledger = createLedgerService(db);
  return db.transaction((tx) => ledger.platformAccount(tx, role, asset));
}
