import { WALLET_TYPE_UNKNOWN, WALLET_TYPES } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';
import { currencies } from '../reference-data/reference-data.tables';

export const walletTypeEnum = pgEnum('wallet_type', [...WALLET_TYPES, WALLET_TYPE_UNKNOWN]);
export const destinationStatusEnum = pgEnum('destination_status', ['ACTIVE', 'REMOVED']);
export const vaspStatusEnum = pgEnum('vasp_status', ['ACTIVE', 'INACTIVE']);

/** Virtual asset service providers: the travel-rule counterparties holding custodial wallets. */
export const vasps = pgTable('vasps', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  lei: text('lei'),
  travelRuleId: text('travel_rule_id'),
  jurisdiction: text('jurisdiction').notNull(),
  website: text('website'),
  status: vaspStatusEnum('status').notNull().default('ACTIVE'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Whitelisted wallets: the only crypto destinations funds may leave to. */
export const wallets = pgTable(
  'wallets',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    type: walletTypeEnum('type').notNull().default(WALLET_TYPE_UNKNOWN),
    active: boolean('active').notNull().default(true),
    status: destinationStatusEnum('status').notNull().default('ACTIVE'),
    friendlyName: text('friendly_name').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    tagMemo: text('tag_memo'),
    digitalAssets: text('digital_assets').array().notNull(),
    vaspId: integer('vasp_id').references(() => vasps.id, { onDelete: 'restrict' }),
    requestId: bigint('request_id', { mode: 'number' }),
    usableFrom: timestamp('usable_from', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallets_entity_idx').on(t.entityId, t.status),
    // One live whitelisting of an address (and tag) per entity and network.
    uniqueIndex('wallets_live_address_idx')
      .on(t.entityId, t.network, t.address, sql`coalesce(${t.tagMemo}, '')`)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
);

/** Whitelisted bank accounts: the only fiat destinations funds may leave to. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    beneficiaryName: text('beneficiary_name').notNull(),
    beneficiaryAddress: text('beneficiary_address').notNull(),
    bankName: text('bank_name').notNull(),
    iban: text('iban'),
    accountNumber: text('account_number'),
    bic: text('bic').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    status: destinationStatusEnum('status').notNull().default('ACTIVE'),
    active: boolean('active').notNull().default(true),
    requestId: bigint('request_id', { mode: 'number' }),
    usableFrom: timestamp('usable_from', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_accounts_entity_idx').on(t.entityId, t.status),
    uniqueIndex('bank_accounts_live_idx')
      .on(t.entityId, sql`coalesce(${t.iban}, ${t.accountNumber})`, t.currency)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
);
