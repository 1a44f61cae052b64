import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { bankAccounts, wallets } from './wallets.tables';

/** Who owns a whitelisted wallet or bank account: the entity it was whitelisted for. */
export const walletObjects = {
  wallet: ownedBy('int', sql`select w.id, w.entity_id from ${wallets} w`),
  bankInfo: ownedBy('int', sql`select b.id, b.entity_id from ${bankAccounts} b`),
} satisfies Partial<ObjectOwners>;
