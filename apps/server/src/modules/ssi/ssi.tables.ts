import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';
import { currencies } from '../reference-data/reference-data.tables';

/** The platform's receiving instructions, grouped in profiles assigned to entities. */
export const ssiProfiles = pgTable('ssi_profiles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ssiBankInstructions = pgTable(
  'ssi_bank_instructions',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => ssiProfiles.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    beneficiaryName: text('beneficiary_name').notNull(),
    bankName: text('bank_name').notNull(),
    iban: text('iban'),
    accountNumber: text('account_number'),
    bic: text('bic').notNull(),
    reference: text('reference'),
  },
  (t) => [index('ssi_bank_profile_idx').on(t.profileId)],
);

export const ssiAddresses = pgTable(
  'ssi_addresses',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => ssiProfiles.id, { onDelete: 'cascade' }),
    asset: text('asset')
      .notNull()
      .references(() => currencies.code),
    network: text('network').notNull(),
    address: text('address').notNull(),
    tagMemo: text('tag_memo'),
  },
  (t) => [index('ssi_addresses_profile_idx').on(t.profileId)],
);

/** Which profile an entity (and, unless overridden, its subtree) uses. */
export const ssiAssignments = pgTable('ssi_assignments', {
  entityId: integer('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  profileId: integer('profile_id')
    .notNull()
    .references(() => ssiProfiles.id, { onDelete: 'restrict' }),
});
