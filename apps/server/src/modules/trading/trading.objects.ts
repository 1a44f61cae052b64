import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { trades } from './trading.tables';

/** Who owns the trading module's objects a call may name (see `Endpoint.objects`). */
export const tradingObjects = {
  // A trade belongs to its account's owner.
  trade: ownedBy('int', sql`select t.id, t.entity_id from ${trades} t`),
} satisfies Partial<ObjectOwners>;
