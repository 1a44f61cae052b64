import { type Column, type SQL, sql } from 'drizzle-orm';
import { accounts } from './ledger.tables';

// SQL fragments other modules compose into their own queries (as entity-sql.ts does for the
// tree): what they need of an account, read by the module that owns accounts.

/** An account's name (a lookup on the primary key). */
export const accountNameOf = (accountId: Column | SQL): SQL<string> =>
  sql<string>`(select named_account.name from ${accounts} named_account where named_account.id = ${accountId})`;

/** An account's own currency, if it has one (a lookup on the primary key). */
export const accountCurrencyOf = (accountId: Column | SQL): SQL<string | null> =>
  sql<
    string | null
  >`(select cur_account.currency_code from ${accounts} cur_account where cur_account.id = ${accountId})`;
