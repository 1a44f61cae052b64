import { z } from 'zod';
import { ZId } from '../primitives';

/** An exact figure, possibly negative. */
const ZFigure = z.string();

/** Realised, unrealised and their sum, in one currency. */
export const ZPnlFigures = z.object({ realised: ZFigure, unrealised: ZFigure, total: ZFigure });
export type TPnlFigures = z.infer<typeof ZPnlFigures>;

/**
 * An open position or what is traded but not yet delivered (`UNSETTLED`), per account and
 * instrument: the signed quantity (base amount, or CFD contracts), the average rate it was
 * dealt at, the mark now and the unrealised P&L against it, in the quote currency.
 */
export const ZPosition = z.object({
  instrumentId: z.number(),
  symbol: z.string(),
  kind: z.enum(['POSITION', 'UNSETTLED']),
  quantity: ZFigure,
  averageRate: ZFigure,
  mark: ZFigure.nullable(),
  currency: z.string(),
  unrealised: ZFigure.nullable(),
});
export type TPosition = z.infer<typeof ZPosition>;

/** P&L in one currency, and the same in the account's currency and the entity's base currency. */
export const ZPnlLine = ZPnlFigures.extend({
  currency: z.string(),
  inAccountCurrency: ZPnlFigures.nullable(),
  inBaseCurrency: ZPnlFigures.nullable(),
});

/**
 * One account's P&L: realised (closed-out positions, delivered trades, rolls and financing)
 * and unrealised (positions and undelivered trades marked to the rate sheet and CFD prices),
 * per currency and in the account's currency (its own, else the entity's base currency).
 */
export const ZAccountPnl = z.object({
  accountId: z.number(),
  accountName: z.string(),
  entityId: z.number(),
  entityName: z.string(),
  accountCurrency: z.string(),
  positions: z.array(ZPosition),
  lines: z.array(ZPnlLine),
  total: ZPnlFigures.nullable(),
});
export type TAccountPnl = z.infer<typeof ZAccountPnl>;

/**
 * P&L of an entity's accounts (`account/profitLoss`) or of its clients' — the accounts of
 * every entity below it (`account/profit-loss-toward-clients`): per account, per currency,
 * and in total in the entity's base currency. A figure that cannot be converted (no rate)
 * leaves its currency in `missingRates`; a position without a mark is in `missingMarks`.
 */
export const ZProfitLoss = z.object({
  entityId: z.number(),
  baseCurrency: z.string(),
  asOf: z.string(),
  accounts: z.array(ZAccountPnl),
  currencies: z.array(ZPnlFigures.extend({ currency: z.string() })),
  total: ZPnlFigures,
  missingRates: z.array(z.string()),
  missingMarks: z.array(z.string()),
});
export type TProfitLoss = z.infer<typeof ZProfitLoss>;

export const ZProfitLossRequest = z.strictObject({
  entityId: ZId.optional(),
  /** One account's P&L only. */
  accountId: ZId.optional(),
});

/** Equity: the balances (posted, valued in the base currency) plus the unrealised P&L. */
export const ZEquity = z.object({
  baseCurrency: z.string(),
  balance: ZFigure,
  unrealisedPnl: ZFigure,
  equity: ZFigure,
  missingRates: z.array(z.string()),
});
export type TEquity = z.infer<typeof ZEquity>;
