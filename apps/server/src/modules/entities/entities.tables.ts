import { RELATIONSHIP_TYPES } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { countries, currencies } from '../reference-data/reference-data.tables';

/**
 * How a conversion sweep prices for an entity: the sheet's rate less `spread_bps` (basis
 * points of the rate) against the client.
 * A disabled profile stays on the entities that have it but is offered to no new one.
 */
export const conversionProfiles = pgTable('conversion_profiles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  spreadBps: numeric('spread_bps', { precision: 10, scale: 4 }).notNull().default('0'),
  active: boolean('active').notNull().default(true),
});

/**
 * How an entity's margin FX positions roll at each end of day: at the tom-next swap points
 * with `markup_pips` against the client.
 */
export const rollProfiles = pgTable('roll_profiles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  markupPips: numeric('markup_pips', { precision: 10, scale: 4 }).notNull().default('0'),
  active: boolean('active').notNull().default(true),
});

/**
 * The entity reference lists staff keep (issue 26): the address types, name sources and
 * attributes an entity's rows may carry. A code never changes once created and a row is
 * never deleted; a disabled one stays valid where it is used but is offered to no new row.
 */
const referenceCodeColumns = () => ({
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export const entityAddressTypes = pgTable('entity_address_types', referenceCodeColumns());
export const entityNameSources = pgTable('entity_name_sources', referenceCodeColumns());
export const entityAttributes = pgTable('entity_attributes', referenceCodeColumns());

/**
 * The entity hierarchy. `path` is the materialized path of ids (`/1/7/42/`), kept by the
 * entities service, so a subtree is one indexed prefix scan and the ancestors are read
 * from the path itself.
 */
export const entities = pgTable(
  'entities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => entities.id),
    path: text('path').notNull().default(''),
    attributes: text('attributes').array().notNull().default(sql`'{}'::text[]`),
    currencyCode: text('currency_code').references(() => currencies.code),
    tradingEnabled: boolean('trading_enabled').notNull().default(false),
    active: boolean('active').notNull().default(true),
    agentId: integer('agent_id').references((): AnyPgColumn => entities.id),
    conversionProfileId: integer('conversion_profile_id').references(() => conversionProfiles.id),
    rollProfileId: integer('roll_profile_id').references(() => rollProfiles.id),
    /**
     * A freeze (beyond the spec) holds the entity and everything below it: no new requests,
     * trades or bookings there until it is lifted. Set and cleared together.
     */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    frozenBy: text('frozen_by'),
    frozenReason: text('frozen_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entities_parent_idx').on(t.parentId),
    index('entities_path_idx').using('btree', sql`${t.path} text_pattern_ops`),
    // Few entities are ever frozen: the freeze check reads this small index only.
    index('entities_frozen_idx').on(t.path).where(sql`${t.frozenAt} is not null`),
  ],
);

export const entityAddresses = pgTable(
  'entity_addresses',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    addressType: text('address_type')
      .notNull()
      .references(() => entityAddressTypes.code),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    postalCode: text('postal_code'),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.alpha2),
  },
  (t) => [index('entity_addresses_entity_idx').on(t.entityId)],
);

export const entityNameMappings = pgTable(
  'entity_name_mappings',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    source: text('source')
      .notNull()
      .references(() => entityNameSources.code),
    name: text('name').notNull(),
  },
  (t) => [index('entity_name_mappings_entity_idx').on(t.entityId)],
);

export const relationshipTypeEnum = pgEnum('relationship_type', RELATIONSHIP_TYPES);

/** Links between entities beyond the tree (agent, collateral, managed account …). */
export const relatedEntities = pgTable(
  'related_entities',
  {
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    relatedEntityId: integer('related_entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    relationshipType: relationshipTypeEnum('relationship_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.relatedEntityId, t.relationshipType] })],
);

/**
 * The tree's version: one row, bumped (by a statement trigger, migration 0034) in the same
 * transaction as any change to `entities`. An instance may keep the rows of a large forest
 * between calls and reuse them while the version it read them at is still the current one;
 * a change is seen on the very next call, on every instance.
 */
export const entityTreeVersion = pgTable('entity_tree_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
