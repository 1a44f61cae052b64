import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { requestObjects } from '../requests/requests.objects';
import { fileProofs } from './money-requests.tables';

/** A file proof, named by its request's id, belongs to whoever owns the request. */
export const moneyRequestObjects = {
  fileProof: ownedBy(
    'bigint',
    sql`select fp.request_id as id, r.entity_id from ${fileProofs} fp join (${requestObjects.request.owners}) r on r.id = fp.request_id`,
  ),
} satisfies Partial<ObjectOwners>;
