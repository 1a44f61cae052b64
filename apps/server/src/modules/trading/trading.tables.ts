import {
  TRADE_EVENT_KINDS,
  TRADE_LEG_STATUSES,
  TRADE_SIDES,
  TRADE_STATUSES,
  TRADE_TYPES,
} from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
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
import { instruments } from '../instruments/instruments.tables';
import { accounts, holds, ledgerTransactions } from '../ledger/ledger.tables';
import { currencies } from '../reference-data/reference-data.tables';

/** An amount, a rate or a P&L figure: NUMERIC(38,18), like every figure the contracts accept. */
const figure = (name: string) => numeric(name, { precision: 38, scale: 18 });
const day = (name: string) => date(name, { mode: 'string' });

export const tradeTypeEnum = pgEnum('trade_type', TRADE_TYPES);
export const tradeSideEnum = pgEnum('trade_side', TRADE_SIDES);
export const tradeStatusEnum = pgEnum('trade_status', TRADE_STATUSES);
export const tradeLegStatusEnum = pgEnum('trade_leg_status', TRADE_LEG_STATUSES);
export const tradeEventKindEnum = pgEnum('trade_event_kind', TRADE_EVENT_KINDS);

/**
 * Booked trades. Never deleted: a cancel changes the status and appends an event. Every
 * ledger transaction a trade makes carries its deal's `ticket` as reference (the trades of
 * one conversion sweep share one). A position's trades
 * (margin FX, CFD) are its lots: `open_amount` is what of each is not yet closed out.
 */
export const trades = pgTable(
  'trades',
  {
    id: serial('id').primaryKey(),
    ticket: text('ticket').notNull(),
    type: tradeTypeEnum('type').notNull(),
    status: tradeStatusEnum('status').notNull(),
    side: tradeSideEnum('side').notNull(),
    /** The account's owner. */
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    instrumentId: integer('instrument_id').references(() => instruments.id),
    symbol: text('symbol').notNull(),
    baseCurrency: text('base_currency').references(() => currencies.code),
    quoteCurrency: text('quote_currency')
      .notNull()
      .references(() => currencies.code),
    amount: figure('amount').notNull(),
    rate: figure('rate').notNull(),
    counterAmount: figure('counter_amount').notNull(),
    tradeDate: day('trade_date').notNull(),
    valueDate: day('value_date').notNull(),
    settlement: text('settlement'),
    openAmount: figure('open_amount'),
    realisedPnl: figure('realised_pnl'),
    reference: text('reference'),
    memo: text('memo'),
    bookedBy: text('booked_by').notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trades_ticket_idx').on(t.ticket),
    index('trades_entity_idx').on(t.entityId, t.bookedAt),
    index('trades_account_idx').on(t.accountId, t.bookedAt),
    // The open lots of a position, and every open position for the end of day.
    index('trades_open_lots_idx').on(t.accountId, t.instrumentId, t.id).where(sql`${t.openAmount} <> 0`),
    check('trades_amount_positive', sql`${t.amount} > 0 and ${t.rate} > 0 and ${t.counterAmount} >= 0`),
  ],
);

/**
 * A trade's deliveries (a deliverable trade one, a swap a near and a far leg): the pay side
 * held from booking, both sides posted on the value date — each leg at most once.
 */
export const tradeLegs = pgTable(
  'trade_legs',
  {
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    leg: text('leg').notNull(),
    side: tradeSideEnum('side').notNull(),
    valueDate: day('value_date').notNull(),
    rate: figure('rate').notNull(),
    payAsset: text('pay_asset')
      .notNull()
      .references(() => currencies.code),
    payAmount: figure('pay_amount').notNull(),
    receiveAsset: text('receive_asset')
      .notNull()
      .references(() => currencies.code),
    receiveAmount: figure('receive_amount').notNull(),
    status: tradeLegStatusEnum('status').notNull().default('PENDING'),
    holdId: bigint('hold_id', { mode: 'number' }).references(() => holds.id),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    settledOn: day('settled_on'),
    /** The mark at delivery: what the delivered leg realised against. */
    settleMark: figure('settle_mark'),
  },
  (t) => [
    primaryKey({ columns: [t.tradeId, t.leg] }),
    index('trade_legs_due_idx').on(t.valueDate).where(sql`${t.status} = 'PENDING'`),
    check('trade_legs_amounts_positive', sql`${t.payAmount} > 0 and ${t.receiveAmount} > 0`),
  ],
);

/** What happened to a trade, with who, when and why: append-only (a trigger refuses changes). */
export const tradeEvents = pgTable(
  'trade_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    kind: tradeEventKindEnum('kind').notNull(),
    businessDate: day('business_date'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    by: text('by').notNull(),
    reason: text('reason'),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('trade_events_trade_idx').on(t.tradeId, t.id),
    // An end of day rolls or finances a lot once: a second run for the same date finds it done.
    uniqueIndex('trade_events_daily_uq')
      .on(t.tradeId, t.kind, t.businessDate)
      .where(sql`${t.kind} in ('ROLLED', 'FINANCED')`),
  ],
);

/**
 * Which lots a closing trade closed out (first in, first out), how much of each and what
 * that realised in the quote currency. A cancelled closing trade gives its lots back.
 */
export const lotClosures = pgTable(
  'lot_closures',
  {
    closingTradeId: integer('closing_trade_id')
      .notNull()
      .references(() => trades.id),
    lotTradeId: integer('lot_trade_id')
      .notNull()
      .references(() => trades.id),
    amount: figure('amount').notNull(),
    realised: figure('realised').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.closingTradeId, t.lotTradeId] }),
    index('lot_closures_lot_idx').on(t.lotTradeId),
  ],
);

/**
 * Positions as an end of day left them, for P&L and statements: per account and instrument,
 * the open position (margin FX, CFD: `POSITION`) and what is bought or sold but not yet
 * delivered (`UNSETTLED`) — the quantity (signed), its cost at the dealt rates, the mark and
 * the unrealised P&L against it, in `currency` (the quote).
 */
export const positionSnapshots = pgTable(
  'position_snapshots',
  {
    businessDate: day('business_date').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    kind: text('kind').notNull(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    quantity: figure('quantity').notNull(),
    cost: figure('cost').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    mark: figure('mark'),
    unrealised: figure('unrealised'),
  },
  (t) => [
    primaryKey({ columns: [t.businessDate, t.accountId, t.instrumentId, t.kind] }),
    index('position_snapshots_entity_idx').on(t.entityId, t.businessDate),
  ],
);

/**
 * An FX option's terms, beside its trade (type FX_OPTION: amount = notional, rate = strike,
 * value date = delivery date; the trade's status is where the option stands). The premium is
 * posted on `premium_date` (at booking when that has come, else by the end of day of that
 * date, the long side's premium held until then). `underlying_trade_id` is the deliverable
 * trade its exercise booked.
 */
export const fxOptions = pgTable(
  'fx_options',
  {
    tradeId: integer('trade_id')
      .primaryKey()
      .references(() => trades.id),
    optionType: text('option_type').notNull(),
    cut: text('cut').notNull(),
    expiryDate: day('expiry_date').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    deliveryDate: day('delivery_date').notNull(),
    barrierDirection: text('barrier_direction'),
    barrierKind: text('barrier_kind'),
    barrierLevel: figure('barrier_level'),
    rebate: figure('rebate'),
    rebateCurrency: text('rebate_currency').references(() => currencies.code),
    premium: figure('premium').notNull(),
    premiumCurrency: text('premium_currency')
      .notNull()
      .references(() => currencies.code),
    premiumDate: day('premium_date').notNull(),
    premiumHoldId: bigint('premium_hold_id', { mode: 'number' }).references(() => holds.id),
    premiumTransactionId: bigint('premium_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    underlyingTradeId: integer('underlying_trade_id').references(() => trades.id),
  },
  (t) => [
    // The premiums the end of day still has to post.
    index('fx_options_premium_due_idx').on(t.premiumDate).where(sql`${t.premiumTransactionId} is null`),
    check('fx_options_premium_not_negative', sql`${t.premium} >= 0`),
    check(
      'fx_options_barrier_whole',
      sql`(${t.barrierKind} is null) = (${t.barrierLevel} is null) and (${t.barrierKind} is null) = (${t.barrierDirection} is null)`,
    ),
  ],
);

/**
 * Each margin client's margin version: a booking checked against free margin claims the
 * version its check read, inside its own transaction, so two bookings checked against the same
 * state cannot both commit (margin-claim.ts).
 */
export const marginVersions = pgTable('margin_versions', {
  entityId: integer('entity_id')
    .primaryKey()
    .references(() => entities.id),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The house's quotes: a price given to one entity's account for one booking's terms, valid
 * until `expiresAt`. A booking claims it by its Idempotency-Key (`usedKey`): once claimed no
 * other key may book at it, and a retry of the same key finds it again. Never deleted.
 */
export const tradeQuotes = pgTable(
  'trade_quotes',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    side: tradeSideEnum('side').notNull(),
    /** The terms priced (amounts, dates, an option's terms), as the booking must repeat them. */
    terms: jsonb('terms').$type<Record<string, string | null>>().notNull(),
    price: figure('price').notNull(),
    /** The quote as it was answered. */
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    askedBy: text('asked_by').notNull(),
    quotedAt: timestamp('quoted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedKey: text('used_key'),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('trade_quotes_entity_idx').on(t.entityId, t.quotedAt),
    check('trade_quotes_price_positive', sql`${t.price} > 0`),
    check('trade_quotes_expiry', sql`${t.expiresAt} > ${t.quotedAt}`),
  ],
);
