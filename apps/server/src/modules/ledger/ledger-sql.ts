import { type Column, type SQL, sql } from 'drizzle-orm';
import { accounts } from './ledger.tables';

// SQL fragments other modules compose into their own queries (as entity-sql.ts does for the
// tree): what they need of an account, read by the module that owns accounts.

/** An account's name (a lookup on the primary key). */
export const accountNameOf = (accountId: Column | SQL): SQL<string> =>
  sql<string>`(select named_account.name from ${accounts} named_account where named_account.id = ${accountId})`;
