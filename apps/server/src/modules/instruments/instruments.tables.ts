import { FX_TENORS, INSTRUMENT_KINDS } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';
import { currencies } from '../reference-data/reference-data.tables';

/** A price, a rate, points or a size: NUMERIC(38,18) like every figure the contracts accept. */
const figure = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const instrumentKindEnum = pgEnum('instrument_kind', INSTRUMENT_KINDS);
export const fxTenorEnum = pgEnum('fx_tenor', FX_TENORS);

/**
 * What the platform trades. One table for every kind; each kind's own columns are checked
 * to be present (and the others absent) so a row is always a whole instrument. Never
 * deleted: a retired instrument is disabled (trades keep pointing at it).
 */
export const instruments = pgTable(
  'instruments',
  {
    id: serial('id').primaryKey(),
    kind: instrumentKindEnum('kind').notNull(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** FX pairs and options: the base currency (1 base = price quote). */
    baseCurrency: text('base_currency').references(() => currencies.code),
    quoteCurrency: text('quote_currency')
      .notNull()
      .references(() => currencies.code),
    pricePrecision: smallint('price_precision').notNull(),
    pipSize: figure('pip_size'),
    spotLag: smallint('spot_lag'),
    underlying: text('underlying'),
    contractSize: figure('contract_size'),
    financingRateLong: figure('financing_rate_long'),
    financingRateShort: figure('financing_rate_short'),
    settlementLag: smallint('settlement_lag'),
    pairId: integer('pair_id').references((): AnyPgColumn => instruments.id),
    styles: text('styles').array(),
    /** Off-market beyond this (percent of the market price); null: the kind's default (trading-limits.ts). */
    priceTolerancePct: figure('price_tolerance_pct'),
    /** The furthest value date or expiry from the trade date; null: the default. */
    maxTenorDays: integer('max_tenor_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    uniqueIndex('instruments_symbol_uq').on(t.symbol),
    uniqueIndex('instruments_fx_pair_uq').on(t.baseCurrency, t.quoteCurrency).where(sql`${t.kind} = 'FX'`),
    uniqueIndex('instruments_option_pair_uq').on(t.pairId).where(sql`${t.kind} = 'FX_OPTION'`),
    check('instruments_price_precision', sql`${t.pricePrecision} between 0 and 10`),
    check(
      'instruments_trading_limits',
      sql`(${t.priceTolerancePct} is null or ${t.priceTolerancePct} between 0 and 100)
        and (${t.maxTenorDays} is null or ${t.maxTenorDays} > 0)`,
    ),
    check(
      'instruments_fx_shape',
      sql`${t.kind} <> 'FX' or (${t.baseCurrency} is not null and ${t.baseCurrency} <> ${t.quoteCurrency}
        and ${t.pipSize} > 0 and ${t.spotLag} between 0 and 3 and ${t.pairId} is null
        and ${t.underlying} is null and ${t.contractSize} is null and ${t.styles} is null)`,
    ),
    check(
      'instruments_cfd_shape',
      sql`${t.kind} <> 'CFD' or (${t.underlying} is not null and ${t.contractSize} > 0
        and ${t.financingRateLong} is not null and ${t.financingRateShort} is not null
        and ${t.settlementLag} between 0 and 5 and ${t.baseCurrency} is null and ${t.pairId} is null)`,
    ),
    check(
      'instruments_option_shape',
      sql`${t.kind} <> 'FX_OPTION' or (${t.pairId} is not null and ${t.baseCurrency} is not null
        and cardinality(${t.styles}) > 0 and ${t.styles} <@ array['EUROPEAN','AMERICAN'])`,
    ),
  ],
);

/**
 * An entity's own allow-list: when a row exists, the entity (and everything below it) may
 * trade only the instruments its items name.
 */
export const entityInstrumentLists = pgTable('entity_instrument_lists', {
  entityId: integer('entity_id')
    .primaryKey()
    .references(() => entities.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});
export const entityInstrumentListItems = pgTable(
  'entity_instrument_list_items',
  {
    entityId: integer('entity_id')
      .notNull()
      .references(() => entityInstrumentLists.entityId, { onDelete: 'cascade' }),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.instrumentId] })],
);

/** The rate sheet: the current bid, mid (`rate`) and ask per currency pair, with their time. */
export const fxRates = pgTable(
  'fx_rates',
  {
    base: text('base')
      .notNull()
      .references(() => currencies.code),
    quote: text('quote')
      .notNull()
      .references(() => currencies.code),
    /** The mid. */
    rate: figure('rate').notNull(),
    bid: figure('bid').notNull(),
    ask: figure('ask').notNull(),
    asOf: timestamp('as_of', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.base, t.quote] }),
    check('fx_rates_positive', sql`${t.rate} > 0`),
    check('fx_rates_bid_mid_ask', sql`0 < ${t.bid} and ${t.bid} <= ${t.rate} and ${t.rate} <= ${t.ask}`),
  ],
);

/**
 * Every rate the sheet ever held, appended as it is set (never changed): a pair's history,
 * and the sheet as of any past time (end-of-day marks).
 */
export const fxRateHistory = pgTable(
  'fx_rate_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    rate: figure('rate').notNull(),
    bid: figure('bid').notNull(),
    ask: figure('ask').notNull(),
    asOf: timestamp('as_of', { withTimezone: true }).notNull(),
    setBy: text('set_by').notNull(),
  },
  (t) => [index('fx_rate_history_pair_idx').on(t.base, t.quote, t.asOf)],
);

/** Swap points per FX pair and tenor, in pips, bid and ask. */
export const fxSwapPoints = pgTable(
  'fx_swap_points',
  {
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    tenor: fxTenorEnum('tenor').notNull(),
    bid: figure('bid').notNull(),
    ask: figure('ask').notNull(),
    asOf: timestamp('as_of', { withTimezone: true }).notNull().defaultNow(),
    setBy: text('set_by'),
  },
  (t) => [
    primaryKey({ columns: [t.instrumentId, t.tenor] }),
    check('fx_swap_points_bid_ask', sql`${t.bid} <= ${t.ask}`),
  ],
);

/**
 * Holidays per settlement calendar (one per currency). Seeded a year at a time from the
 * calendar's source; staff add days or remove seeded ones (a removed day stays as a row
 * with `removed_at`, so seeding the year again cannot bring it back).
 */
export const holidays = pgTable(
  'holidays',
  {
    calendar: text('calendar')
      .notNull()
      .references(() => currencies.code),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    /** SEEDED from the calendar's source, or ADDED by staff. */
    source: text('source').notNull(),
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.calendar, t.day] }),
    check('holidays_source', sql`${t.source} in ('SEEDED', 'ADDED')`),
  ],
);

/** The years of each calendar already seeded from its source. */
export const holidayCalendarYears = pgTable(
  'holiday_calendar_years',
  {
    calendar: text('calendar')
      .notNull()
      .references(() => currencies.code),
    year: smallint('year').notNull(),
    seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.calendar, t.year] })],
);

/**
 * CFD prices as they are set, appended (never changed): each CFD's latest is its price now,
 * the latest by a moment its price then (end-of-day marks). Bid ≤ mid ≤ ask.
 */
export const cfdPrices = pgTable(
  'cfd_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    bid: figure('bid').notNull(),
    mid: figure('mid').notNull(),
    ask: figure('ask').notNull(),
    asOf: timestamp('as_of', { withTimezone: true }).notNull().defaultNow(),
    setBy: text('set_by').notNull(),
  },
  (t) => [
    index('cfd_prices_instrument_idx').on(t.instrumentId, t.asOf),
    check('cfd_prices_bid_mid_ask', sql`0 < ${t.bid} and ${t.bid} <= ${t.mid} and ${t.mid} <= ${t.ask}`),
  ],
);

/** A pair's annual volatility (per cent) per tenor, beside the rate sheet: what options are valued with. */
export const fxVolatilities = pgTable(
  'fx_volatilities',
  {
    base: text('base')
      .notNull()
      .references(() => currencies.code),
    quote: text('quote')
      .notNull()
      .references(() => currencies.code),
    tenor: fxTenorEnum('tenor').notNull(),
    volatilityPct: figure('volatility_pct').notNull(),
    setBy: text('set_by').notNull(),
    asOf: timestamp('as_of', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.base, t.quote, t.tenor] }),
    check('fx_volatilities_positive', sql`${t.volatilityPct} > 0 and ${t.volatilityPct} <= 500`),
  ],
);

/** A currency's annual interest rate (per cent, continuously compounded): the options' discounting. */
export const interestRates = pgTable('interest_rates', {
  currency: text('currency')
    .primaryKey()
    .references(() => currencies.code),
  ratePct: figure('rate_pct').notNull(),
  setBy: text('set_by').notNull(),
  asOf: timestamp('as_of', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Initial margin rates (per cent of the exposure) per instrument class: the default (no
 * entity), and overrides on an entity that hold for it and everything below it.
 */
export const marginRates = pgTable(
  'margin_rates',
  {
    id: serial('id').primaryKey(),
    instrumentClass: instrumentKindEnum('instrument_class').notNull(),
    entityId: integer('entity_id').references(() => entities.id),
    ratePct: figure('rate_pct').notNull(),
    setBy: text('set_by').notNull(),
    asOf: timestamp('as_of', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('margin_rates_default_uq').on(t.instrumentClass).where(sql`${t.entityId} is null`),
    uniqueIndex('margin_rates_entity_uq')
      .on(t.instrumentClass, t.entityId)
      .where(sql`${t.entityId} is not null`),
    check('margin_rates_percent', sql`${t.ratePct} >= 0 and ${t.ratePct} <= 100`),
  ],
);
