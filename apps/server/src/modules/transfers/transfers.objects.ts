import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { transferFeeSchedules } from './transfers.tables';

/** Who owns the transfer objects a call may name (see `Endpoint.objects`). */
export const transferObjects = {
  feeSchedule: ownedBy('int', sql`select s.id, s.entity_id from ${transferFeeSchedules} s`),
} satisfies Partial<ObjectOwners>;
