import { z } from 'zod';
import { OPTION_CUTS, OPTION_TYPES, TRADE_SIDES } from '../enums';
import { decimal, text, ZAmount, ZDate, ZId } from '../primitives';

// Quotes: the house's price for a trade a client is about to book. A client never types a
// rate: it asks for a quote, and books at exactly its price, once, before it expires.

/** A quote's id as the house gave it (a UUID). */
const NOT_A_QUOTE = 'Ask for a quote first: this is not a quote the house gave';
export const ZQuoteId = text(36, NOT_A_QUOTE).regex(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  NOT_A_QUOTE,
);

const side = z.enum(TRADE_SIDES, 'Pick Buy or Sell');
const positive = (shape: string) =>
  decimal(shape).refine((v) => /[1-9]/.test(v), { message: 'must be greater than zero' });

/** What every quote names: the account it is for, the instrument and the side. */
const asked = { entityId: ZId.optional(), accountId: ZId, instrumentId: ZId, side };

/** The kinds of booking the house quotes, each as its booking row names it. */
export const QUOTE_KINDS = ['DELIVERABLE_FX', 'MARGIN_FX', 'CFD', 'FX_SWAP', 'FX_OPTION'] as const;
export type QuoteKind = (typeof QUOTE_KINDS)[number];

/**
 * A request for the house's price: of a deliverable spot or forward (for `valueDate`, spot
 * when left out), a margin FX trade, a CFD (`quantity` contracts), an FX swap (near and far
 * dates) or an FX option (its terms: the house prices the premium).
 */
export const ZQuoteRequest = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('DELIVERABLE_FX'),
    ...asked,
    amount: ZAmount,
    valueDate: ZDate.optional(),
  }),
  z.strictObject({ kind: z.literal('MARGIN_FX'), ...asked, amount: ZAmount }),
  z.strictObject({ kind: z.literal('CFD'), ...asked, quantity: positive('Enter a quantity such as 10') }),
  z.strictObject({
    kind: z.literal('FX_SWAP'),
    ...asked,
    amount: ZAmount,
    nearValueDate: ZDate.optional(),
    farValueDate: ZDate,
  }),
  z.strictObject({
    kind: z.literal('FX_OPTION'),
    ...asked,
    optionType: z.enum(OPTION_TYPES, 'Pick Call or Put'),
    notional: positive('Enter a notional such as 1000000'),
    strike: positive('Enter a strike such as 1.0900'),
    expiryDate: ZDate,
    cut: z.enum(OPTION_CUTS, 'Pick an expiry cut'),
    premiumCurrency: text(10, 'Pick a currency').regex(/^[A-Z0-9]{2,10}$/, 'Pick a currency'),
  }),
]);
export type TQuoteRequest = z.output<typeof ZQuoteRequest>;

/**
 * The house's price, valid until `expiresAt`: `price` is the rate (FX), the price per contract
 * (CFD), the near rate (a swap, whose far rate is `farPrice`) or the premium (an option, in
 * `premiumCurrency`). `mid` is the sheet's mid (or the model's value) it was priced from, and
 * `spreadBps` the entity's spread in it. The booking names `quoteId`.
 */
export const ZQuote = z.object({
  quoteId: z.string(),
  kind: z.enum(QUOTE_KINDS),
  entityId: z.number(),
  accountId: z.number(),
  instrumentId: z.number(),
  symbol: z.string(),
  side: side,
  /** The amount, quantity or notional quoted. */
  amount: z.string(),
  price: z.string(),
  /** What the price makes in the quote currency (FX: amount × rate; an option: null). */
  counterAmount: z.string().nullable(),
  farPrice: z.string().nullable(),
  swapPoints: z.string().nullable(),
  premiumCurrency: z.string().nullable(),
  valueDate: z.string().nullable(),
  farValueDate: z.string().nullable(),
  tradeDate: z.string(),
  mid: z.string(),
  spreadBps: z.string(),
  quotedAt: z.string(),
  expiresAt: z.string(),
  /** How long it lives, in seconds. */
  ttlSeconds: z.number(),
});
export type TQuote = z.infer<typeof ZQuote>;
