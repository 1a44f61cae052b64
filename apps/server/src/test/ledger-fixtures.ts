import { sql } from 'drizzle-orm';
import { createLedgerService } from '../modules/ledger/ledger.service';
import { accounts } from '../modules/ledger/ledger.tables';
import type { Db } from '../platform/db';

/** A client account of an entity, written as the accounts service writes it. */
export async function clientAccount(db: Db, entityId: number, name = 'Trading') {
  const [row] = await db
    .insert(accounts)
    .values({ entityId, accountType: 'MarginTrading', name })
    .returning({ id: accounts.id });
  return row!.id;
}

/** Credits a client account from the custody omnibus, as an approved deposit does. */
export async function fund(db: Db, accountId: number, asset: string, amount: string) {
  const ledger = createLedgerService(db);
  await db.transaction(async (tx) => {
    const omnibus = await ledger.platformAccount(tx, 'OMNIBUS', asset);
    await ledger.transfer(tx, { principal: null }, { kind: 'DEPOSIT' }, omnibus, accountId, asset, amount);
  });
}

/** Every ledger invariant, as rows that break it (all empty when the ledger is sound). */
export async function ledgerViolations(db: Db) {
  const q = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
  return {
    unbalancedAssets: await q(
      sql`select asset, sum(amount) from postings group by asset having sum(amount) <> 0`,
    ),
    unbalancedTransactions: await q(
      sql`select transaction_id, asset from postings group by transaction_id, asset having sum(amount) <> 0`,
    ),
    postedMismatch: await q(sql`
      select b.account_id, b.asset from balances b
      left join (select account_id, asset, sum(amount) s from postings group by 1, 2) p using (account_id, asset)
      where b.posted <> coalesce(p.s, 0)`),
    heldMismatch: await q(sql`
      select b.account_id, b.asset from balances b
      left join (select account_id, asset, sum(amount) s from holds where status = 'PLACED' group by 1, 2) h using (account_id, asset)
      where b.held <> coalesce(h.s, 0)`),
    negativeClients: await q(sql`
      select b.account_id from balances b join accounts a on a.id = b.account_id
      where a.kind = 'CLIENT' and (b.posted - b.held < 0 or b.held < 0)`),
  };
}

export const NO_VIOLATIONS = {
  unbalancedAssets: [],
  unbalancedTransactions: [],
  postedMismatch: [],
  heldMismatch: [],
  negativeClients: [],
};
