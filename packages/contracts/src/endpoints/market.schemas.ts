import { z } from 'zod';
import { compareDecimals } from '../amounts';
import { FX_TENORS, INSTRUMENT_KINDS } from '../enums';
import { decimal, signedDecimal, text, ZId } from '../primitives';

// What the options desk and the margin engine read beside the rate sheet: volatilities per
// pair and tenor, an interest rate per currency, and margin rates per instrument class (a
// default, with overrides per entity). All are percentages, kept by instrument_management.

const ZFigure = z.string();
const entityId = ZId.optional();
const currency = text(10, 'Pick a currency').regex(/^[A-Z0-9]{2,10}$/, 'Pick a currency');
const between = (v: string, low: string, high: string) =>
  (compareDecimals(v, low) ?? -1) >= 0 && (compareDecimals(v, high) ?? 1) <= 0;

/** An annual volatility in per cent: above 0, at most 500. */
const volatilityPct = decimal('Enter a volatility such as 8.5 (per cent a year)').refine(
  (v) => /[1-9]/.test(v) && between(v, '0', '500'),
  { message: 'must be above 0 and at most 500 (per cent a year)' },
);
/** An annual interest rate in per cent, continuously compounded: −100 … 100. */
const ratePct = signedDecimal('Enter a rate such as 4.25 or -0.5').refine((v) => between(v, '-100', '100'), {
  message: 'must be between -100 and 100 (a percentage per year)',
});
/** A margin rate: the share of the exposure held as initial margin, in per cent (0 … 100). */
const marginPct = decimal('Enter a margin rate such as 3.33 (per cent)').refine(
  (v) => between(v, '0', '100'),
  {
    message: 'must be between 0 and 100 (per cent)',
  },
);

export const ZVolatility = z.object({
  base: z.string(),
  quote: z.string(),
  tenor: z.enum(FX_TENORS),
  volatilityPct: ZFigure,
  setBy: z.string(),
  asOf: z.string(),
});
export const ZInterestRate = z.object({
  currency: z.string(),
  ratePct: ZFigure,
  setBy: z.string(),
  asOf: z.string(),
});
export const ZOptionMarket = z.object({
  volatilities: z.array(ZVolatility),
  interestRates: z.array(ZInterestRate),
});
export type TOptionMarket = z.infer<typeof ZOptionMarket>;

/** Sets a pair's volatilities for one or more tenors. */
export const ZSetVolatilities = z
  .strictObject({
    entityId,
    base: currency,
    quote: currency,
    points: z
      .array(z.strictObject({ tenor: z.enum(FX_TENORS, 'Pick a tenor'), volatilityPct }))
      .min(1, 'Give at least one tenor')
      .max(FX_TENORS.length),
  })
  .refine((r) => r.base !== r.quote, { path: ['quote'], message: 'must differ from the base' });
export type TSetVolatilities = z.output<typeof ZSetVolatilities>;

export const ZSetInterestRate = z.strictObject({ entityId, currency, ratePct });
export type TSetInterestRate = z.output<typeof ZSetInterestRate>;

/** The instrument classes margin is set for: FX positions, CFD positions, short FX options. */
export const MARGIN_CLASSES = INSTRUMENT_KINDS;
export const ZMarginRate = z.object({
  instrumentClass: z.enum(MARGIN_CLASSES),
  /** The entity the override is set on (it holds for everything below it too); null: the default. */
  entityId: z.number().nullable(),
  entityName: z.string().nullable(),
  ratePct: ZFigure,
  setBy: z.string(),
  asOf: z.string(),
});
export type TMarginRate = z.infer<typeof ZMarginRate>;
/** Sets the default margin rate of an instrument class (platform-wide). */
export const ZSetMarginRate = z.strictObject({
  entityId,
  instrumentClass: z.enum(MARGIN_CLASSES, 'Pick FX, CFD or FX option'),
  ratePct: marginPct,
});
export type TSetMarginRate = z.output<typeof ZSetMarginRate>;
/**
 * Sets the acting entity's override of a margin rate (it holds for everything below it too);
 * `ratePct` left out removes the override.
 */
export const ZSetEntityMarginRate = z.strictObject({
  entityId,
  instrumentClass: z.enum(MARGIN_CLASSES, 'Pick FX, CFD or FX option'),
  ratePct: marginPct.optional(),
});
export type TSetEntityMarginRate = z.output<typeof ZSetEntityMarginRate>;
