import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { accounts, cashEntries } from './ledger.tables';

/** Who owns the ledger's objects a call may name (see `Endpoint.objects`). */
export const ledgerObjects = {
  // A client account belongs to its entity; the platform's own accounts are nobody's to name.
  account: ownedBy('int', sql`select a.id, a.entity_id from ${accounts} a where a.kind = 'CLIENT'`),
  // An entry belongs to the owners of both its accounts (a transfer's two sides).
  cashEntry: ownedBy(
    'int',
    sql`select ce.id, a.entity_id from ${cashEntries} ce join ${accounts} a on a.id in (ce.account_id, ce.counter_account_id)`,
  ),
} satisfies Partial<ObjectOwners>;
