import { ALLOCATION_GROUP_STATUSES, ALLOCATION_WEIGHTINGS } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';
import { accounts } from '../ledger/ledger.tables';
import { trades } from '../trading/trading.tables';

const figure = (name: string) => numeric(name, { precision: 38, scale: 18 });
const at = (name: string) => timestamp(name, { withTimezone: true });

export const allocationGroupStatusEnum = pgEnum('allocation_group_status', ALLOCATION_GROUP_STATUSES);
export const allocationWeightingEnum = pgEnum('allocation_weighting', ALLOCATION_WEIGHTINGS);

/** An allocation manager's group of investors. Never deleted once it has allocated (closing keeps history). */
export const allocationGroups = pgTable(
  'allocation_groups',
  {
    id: serial('id').primaryKey(),
    /** The manager: an entity with the Allocation Manager attribute. */
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    name: text('name').notNull(),
    status: allocationGroupStatusEnum('status').notNull().default('ACTIVE'),
    weighting: allocationWeightingEnum('weighting').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('allocation_groups_name_uq').on(t.entityId, sql`lower(${t.name})`)],
);

/**
 * A group's investors: an Allocation Investor entity's account, with its weight and remainder
 * priority. A removed investor keeps its row (`removed_at`): earlier allocations name it.
 */
export const allocationInvestors = pgTable(
  'allocation_investors',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => allocationGroups.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    weight: figure('weight').notNull(),
    priority: integer('priority'),
    addedAt: at('added_at').notNull().defaultNow(),
    removedAt: at('removed_at'),
  },
  (t) => [
    uniqueIndex('allocation_investors_account_uq')
      .on(t.groupId, t.accountId)
      .where(sql`${t.removedAt} is null`),
    check('allocation_investors_weight_positive', sql`${t.weight} > 0`),
  ],
);

/**
 * One split of a block trade over a group: the first allocation is run 1; each reprocessing
 * reverses the current run's children and adds the next run. Runs are never deleted.
 */
export const allocationRuns = pgTable(
  'allocation_runs',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => allocationGroups.id),
    blockTradeId: integer('block_trade_id')
      .notNull()
      .references(() => trades.id),
    run: integer('run').notNull(),
    current: boolean('current').notNull().default(true),
    /** What the split read (weights, priorities, the block's amounts): a reprocess with the same is a no-op. */
    inputs: jsonb('inputs').notNull(),
    by: text('by').notNull(),
    at: at('at').notNull().defaultNow(),
    reversedAt: at('reversed_at'),
  },
  (t) => [
    uniqueIndex('allocation_runs_block_run_uq').on(t.blockTradeId, t.run),
    uniqueIndex('allocation_runs_current_uq').on(t.blockTradeId).where(sql`${t.current}`),
    index('allocation_runs_group_idx').on(t.groupId),
  ],
);

/** A run's child trades, one per investor, with the exact share each was rounded from. */
export const allocationChildren = pgTable(
  'allocation_children',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => allocationRuns.id),
    investorId: integer('investor_id')
      .notNull()
      .references(() => allocationInvestors.id),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    weight: figure('weight').notNull(),
    priority: integer('priority'),
    exactAmount: figure('exact_amount').notNull(),
    exactCounterAmount: figure('exact_counter_amount').notNull(),
    amountRemainder: boolean('amount_remainder').notNull(),
    counterRemainder: boolean('counter_remainder').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.investorId] }),
    index('allocation_children_trade_idx').on(t.tradeId),
  ],
);
