import { type Column, type SQL, sql } from 'drizzle-orm';
import { accounts, cashEntries } from './ledger.tables';

// SQL fragments other modules compose into their own queries (as entity-sql.ts does for
// entities), so that reading an account's name or a request's posting is written once, here.

/** An account's name (a lookup on the primary key; null for no account). */
export const accountNameOf = (accountId: Column | SQL): SQL<string | null> =>
  sql<string | null>`(select named.name from ${accounts} named where named.id = ${accountId})`;

/** When the money of request `requestId` was posted: its cash entry's time (null: not posted). */
export const postedAtOf = (requestId: Column | SQL): SQL<Date | null> =>
  sql<Date | null>`(select posted.created_at from ${cashEntries} posted where posted.request_id = ${requestId})`;

/** An account's own currency, if it has one (a lookup on the primary key). */
export const accountCurrencyOf = (accountId: Column | SQL): SQL<string | null> =>
  sql<
    string | null
  >`(select cur_account.currency_code from ${accounts} cur_account where cur_account.id = ${accountId})`;
