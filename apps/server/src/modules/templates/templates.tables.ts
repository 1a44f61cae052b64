import type {
  ZTemplateAccount,
  ZTemplateGrant,
  ZTemplatePolicy,
} from '@clearway/contracts/endpoints/template.schemas';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { conversionProfiles, entities, rollProfiles } from '../entities/entities.tables';
import { currencies } from '../reference-data/reference-data.tables';

/**
 * Entity templates: the defaults of a kind of client, owned by the entity they were made on
 * and used there and below. The lists (accounts to open, groups to bind, approval policies)
 * are read and written whole with the template, so they are kept as its JSON.
 */
export const entityTemplates = pgTable(
  'entity_templates',
  {
    id: serial('id').primaryKey(),
    ownerEntityId: integer('owner_entity_id')
      .notNull()
      .references((): AnyPgColumn => entities.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    parentId: integer('parent_id').references((): AnyPgColumn => entities.id),
    attributes: text('attributes').array().notNull().default(sql`'{}'::text[]`),
    currencyCode: text('currency_code').references(() => currencies.code),
    conversionProfileId: integer('conversion_profile_id').references(() => conversionProfiles.id),
    rollProfileId: integer('roll_profile_id').references(() => rollProfiles.id),
    tradingEnabled: boolean('trading_enabled').notNull().default(false),
    accounts: jsonb('accounts').$type<z.output<typeof ZTemplateAccount>[]>().notNull().default([]),
    grants: jsonb('grants').$type<z.output<typeof ZTemplateGrant>[]>().notNull().default([]),
    approvalPolicies: jsonb('approval_policies')
      .$type<z.output<typeof ZTemplatePolicy>[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('entity_templates_owner_name_idx').on(t.ownerEntityId, t.name)],
);
