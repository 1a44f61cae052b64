import { z } from 'zod';
import { INSTRUMENT_KINDS, OPTION_TYPES, TRADE_SIDES, TRADE_STATUSES } from '../enums';
import { ZId } from '../primitives';

// FX option P&L (account/fx-option/profitLoss) and margin requirements (entity/margin-requirements).

const ZFigure = z.string();
const entityId = ZId.optional();

export const ZOptionPnlRequest = z.strictObject({ entityId, accountId: ZId.optional() });
export type TOptionPnlRequest = z.output<typeof ZOptionPnlRequest>;

/**
 * One option valued now (Garman–Kohlhagen, domestic = quote): the sheet's mid, the pair's
 * volatility for the time left and the two currencies' rates. `price` is per unit of base in
 * the quote currency; `marketValue` = ± price × notional (long +, short −) at the quote's
 * scale; `premium` signed as it moves the client (paid −, received +). A live option's P&L is
 * unrealised (market value + premium in the quote); an ended one's realised (intrinsic at
 * exercise, or the rebate, + premium). A barrier option is valued as its vanilla
 * (`valuedAsVanilla`): there is no closed-form barrier price here.
 */
export const ZOptionValuation = z.object({
  tradeId: z.number(),
  ticket: z.string(),
  accountId: z.number(),
  accountName: z.string(),
  entityId: z.number(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  side: z.enum(TRADE_SIDES),
  optionType: z.enum(OPTION_TYPES),
  status: z.enum(TRADE_STATUSES),
  notional: ZFigure,
  strike: ZFigure,
  expiryDate: z.string(),
  spot: ZFigure.nullable(),
  /** Per cent a year, as used. */
  volatilityPct: ZFigure.nullable(),
  domesticRatePct: ZFigure.nullable(),
  foreignRatePct: ZFigure.nullable(),
  years: ZFigure,
  price: ZFigure.nullable(),
  /** Spot delta per unit of base, signed for the client's side (long call +). */
  delta: ZFigure.nullable(),
  marketValue: ZFigure.nullable(),
  premium: ZFigure,
  premiumCurrency: z.string(),
  unrealisedPnl: ZFigure.nullable(),
  realisedPnl: ZFigure.nullable(),
  valuedAsVanilla: z.boolean(),
  /** What the valuation lacked (a rate, a volatility, an interest rate); a missing rate counts as 0 %. */
  missing: z.array(z.string()),
});
export type TOptionValuation = z.infer<typeof ZOptionValuation>;
export const ZOptionPnl = z.object({
  entityId: z.number(),
  asOf: z.string(),
  options: z.array(ZOptionValuation),
  /** Per quote currency: the live options' market value and unrealised P&L, and what ended ones realised. */
  totals: z.array(
    z.object({ currency: z.string(), marketValue: ZFigure, unrealisedPnl: ZFigure, realisedPnl: ZFigure }),
  ),
});
export type TOptionPnl = z.infer<typeof ZOptionPnl>;

/** Margin of the entity itself, or (`towardClients`) of each entity below it that holds positions or options. */
export const ZMarginRequest = z.strictObject({ entityId, towardClients: z.boolean().default(false) });
export type TMarginRequest = z.output<typeof ZMarginRequest>;

/** What one position or short option requires, in the entity's base currency. */
export const ZMarginLine = z.object({
  instrumentClass: z.enum(INSTRUMENT_KINDS),
  accountId: z.number(),
  instrumentId: z.number(),
  symbol: z.string(),
  /** The option (FX_OPTION lines). */
  tradeId: z.number().nullable(),
  /** Signed: long +, short −. Contracts for a CFD, base units for FX. */
  quantity: ZFigure,
  /** FX: the notional; CFD: quantity × contract size × price; option: |delta| × notional — in the base currency. */
  exposure: ZFigure,
  ratePct: ZFigure,
  requirement: ZFigure,
});
export type TMarginLine = z.infer<typeof ZMarginLine>;
export const ZMarginRequirement = z.object({
  entityId: z.number(),
  entityName: z.string(),
  baseCurrency: z.string(),
  /** The entity carries the Margin attribute. Every entity's risk-taking booking (margin FX, CFD, a sold option) is margin-checked, whatever this says. */
  marginClient: z.boolean(),
  lines: z.array(ZMarginLine),
  initialMargin: ZFigure,
  /** Balances plus unrealised P&L plus the options' market value, in the base currency. */
  equity: ZFigure,
  freeMargin: ZFigure,
  /** Equity ÷ initial margin × 100; null when nothing is required. */
  marginLevelPct: ZFigure.nullable(),
  /** Equity has fallen below the requirement. */
  marginCall: z.boolean(),
  missingRates: z.array(z.string()),
});
export type TMarginRequirement = z.infer<typeof ZMarginRequirement>;
/** One requirement per entity; toward clients sorted by margin level, lowest (nearest a call) first. */
export const ZMarginRequirements = z.object({ requirements: z.array(ZMarginRequirement) });
export type TMarginRequirements = z.infer<typeof ZMarginRequirements>;
