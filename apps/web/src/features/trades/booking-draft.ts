import { Money, valueAt } from '@clearway/contracts/amounts';
import type { TCfdPrice, TInstrument, TRate } from '@clearway/contracts/endpoints/instruments.schemas';
import type { TQuoteRequest } from '@clearway/contracts/endpoints/quotes.schemas';
import {
  type TCfdTrade,
  type TConversionSweep,
  type TDeliverableFxTrade,
  type TFxSwap,
  type TMarginFxTrade,
  ZCfdTrade,
  ZConversionSweep,
  ZDeliverableFxTrade,
  ZFxSwap,
  ZMarginFxTrade,
} from '@clearway/contracts/endpoints/trades.schemas';
import type { TradeSide, TradeType } from '@clearway/contracts/enums';
import i18n from 'i18next';
import { checkForm, type FieldLabels } from '../../lib/form-errors';
import { toDecimals } from '../../lib/format/digits';
import type { Checked } from '../../lib/use-form';

/** The kinds of trade staff book by hand, in the order the form offers them. */
export const BOOKING_KINDS = [
  'DELIVERABLE_FX',
  'MARGIN_FX',
  'FX_SWAP',
  'CFD',
  'CONVERSION_SWEEP',
] as const satisfies readonly TradeType[];
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** What the booking form holds; only the fields of the chosen kind are sent. */
export type BookingDraft = {
  kind: BookingKind;
  accountId: string;
  instrumentId: string;
  side: TradeSide;
  /** The base amount (FX) or the number of contracts (CFD). */
  amount: string;
  /** The rate (FX) or the price (CFD). */
  rate: string;
  /** A deliverable trade for a later value date than spot. */
  forward: boolean;
  valueDate: string;
  swapPoints: string;
  farValueDate: string;
  reference: string;
  /** Staff only: a trade dealt on an earlier day (empty: today's). */
  tradeDate: string;
  /** Staff only: a price beyond the instrument's tolerance, booked once another staff member approves. */
  offMarket: boolean;
  /** Staff only: why the trade is off-market or back-dated. */
  reason: string;
};

export const emptyBooking = (): BookingDraft => ({
  kind: 'DELIVERABLE_FX',
  accountId: '',
  instrumentId: '',
  side: 'BUY',
  amount: '',
  rate: '',
  forward: false,
  valueDate: '',
  swapPoints: '',
  farValueDate: '',
  reference: '',
  tradeDate: '',
  offMarket: false,
  reason: '',
});

/** A checked booking: the kind and the body its contract row takes. */
export type BookingBody =
  | { kind: 'DELIVERABLE_FX'; body: TDeliverableFxTrade }
  | { kind: 'MARGIN_FX'; body: TMarginFxTrade }
  | { kind: 'FX_SWAP'; body: TFxSwap }
  | { kind: 'CFD'; body: TCfdTrade }
  | { kind: 'CONVERSION_SWEEP'; body: TConversionSweep };

/** A CFD's body names the form's amount and rate `quantity` and `price`. */
export const BOOKING_FIELD_OF = { quantity: 'amount', price: 'rate' } as const;

const id = (v: string) => (v ? Number(v) : undefined);
const given = (v: string) => v.trim() || undefined;

/** Errors keyed by the body's names, put under the form's. */
const onForm = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors).map(([k, m]) => [BOOKING_FIELD_OF[k as keyof typeof BOOKING_FIELD_OF] ?? k, m]),
  );

/**
 * How the trade is priced: `typed`, staff's own rate (with a trade date, the off-market flag
 * and a reason); `quote`, the house's quote — no rate is sent, the booking names the quote.
 */
export type Pricing = 'typed' | 'quote';

/**
 * The draft checked with the kind's contract row (the server's own schema): each field's
 * problem under the form's field, or the body the row takes. `labels` are the form's;
 * `today` is today's FX trade date (a trade date before it is back-dated: a reason is due).
 */
export function checkBooking(
  d: BookingDraft,
  entityId: number,
  labels: FieldLabels,
  pricing: Pricing = 'typed',
  today?: string,
): Checked<BookingBody> {
  const typed = pricing === 'typed';
  const common = { entityId, accountId: id(d.accountId), reference: given(d.reference) };
  const staff = typed
    ? { tradeDate: given(d.tradeDate), reason: given(d.reason), offMarket: d.offMarket || undefined }
    : {};
  const trade = { ...common, ...staff, instrumentId: id(d.instrumentId), side: d.side };
  const price = typed ? d.rate.trim() : undefined;
  const bodyLabels = { ...labels, quantity: labels.amount ?? '', price: labels.rate ?? '' };
  const checked = <K extends BookingKind>(kind: K, c: { errors: Record<string, string>; body?: unknown }) => {
    const errors = onForm(c.errors);
    // The rows take no price from a quote, so the schema cannot say a typed one is due.
    const due = (field: 'rate' | 'swapPoints', value: string) => {
      if (typed && !value.trim() && !errors[field])
        errors[field] = i18n.t('forms.required', { label: labels[field] });
    };
    if (kind !== 'CONVERSION_SWEEP') due('rate', d.rate);
    if (kind === 'FX_SWAP') due('swapPoints', d.swapPoints);
    const backDated = typed && Boolean(d.tradeDate) && today !== undefined && d.tradeDate < today;
    if (typed && (d.offMarket || backDated) && !d.reason.trim() && !errors.reason)
      errors.reason = i18n.t(d.offMarket ? 'trades.reasonOffMarket' : 'trades.reasonBackDated');
    const ok = Object.keys(errors).length === 0;
    return { errors, body: ok && c.body ? { kind, body: c.body } : undefined } as Checked<BookingBody>;
  };
  switch (d.kind) {
    case 'DELIVERABLE_FX':
      return checked(
        d.kind,
        checkForm(
          ZDeliverableFxTrade,
          {
            ...trade,
            amount: d.amount,
            rate: price || undefined,
            valueDate: d.forward ? d.valueDate : undefined,
          },
          bodyLabels,
        ),
      );
    case 'MARGIN_FX':
      return checked(
        d.kind,
        checkForm(ZMarginFxTrade, { ...trade, amount: d.amount, rate: price || undefined }, bodyLabels),
      );
    case 'FX_SWAP':
      return checked(
        d.kind,
        checkForm(
          ZFxSwap,
          {
            ...trade,
            amount: d.amount,
            rate: price || undefined,
            swapPoints: typed ? d.swapPoints.trim() || undefined : undefined,
            farValueDate: d.farValueDate,
          },
          bodyLabels,
        ),
      );
    case 'CFD':
      return checked(
        d.kind,
        checkForm(ZCfdTrade, { ...trade, quantity: d.amount, price: price || undefined }, bodyLabels),
      );
    case 'CONVERSION_SWEEP':
      return checked(d.kind, checkForm(ZConversionSweep, common, bodyLabels));
  }
}

/** The quote a checked booking asks the house for (its very terms); none for a sweep, which has no price to agree. */
export function quoteRequestOf(b: BookingBody): TQuoteRequest | null {
  if (b.kind === 'CONVERSION_SWEEP') return null;
  const { entityId, accountId, instrumentId, side } = b.body;
  const asked = { entityId, accountId, instrumentId, side };
  switch (b.kind) {
    case 'DELIVERABLE_FX':
      return { kind: b.kind, ...asked, amount: b.body.amount, valueDate: b.body.valueDate };
    case 'MARGIN_FX':
      return { kind: b.kind, ...asked, amount: b.body.amount };
    case 'FX_SWAP':
      return {
        kind: b.kind,
        ...asked,
        amount: b.body.amount,
        nearValueDate: b.body.nearValueDate,
        farValueDate: b.body.farValueDate,
      };
    case 'CFD':
      return { kind: b.kind, ...asked, quantity: b.body.quantity };
  }
}

/** The booking at a quote: its terms, naming the quote; the price is the quote's. */
export const atQuote = (b: BookingBody, quoteId: string): BookingBody =>
  ({ kind: b.kind, body: { ...b.body, quoteId } }) as BookingBody;

export type SheetPrices = { rates: TRate[]; cfds: TCfdPrice[] };

/**
 * The price a new trade starts from, as the desk quotes it: the client buys the base at
 * the ask and sells at the bid (the sheet's for a pair, the CFD's own price for a CFD),
 * written to the instrument's price precision. Empty when there is none.
 */
export function sheetPrice(i: TInstrument, side: TradeSide, prices: SheetPrices): string {
  const quote =
    i.kind === 'CFD'
      ? prices.cfds.find((c) => c.instrumentId === i.id)
      : i.kind === 'FX'
        ? prices.rates.find((r) => r.base === i.base && r.quote === i.quote)
        : undefined;
  if (!quote) return '';
  const price = side === 'BUY' ? quote.ask : quote.bid;
  const decimals = price.split('.')[1]?.length ?? 0;
  return decimals < i.pricePrecision ? toDecimals(price, i.pricePrecision) : price;
}

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * What the trade pays or receives in the quote currency, as the server will book it: amount
 * × contract size (a CFD) × rate at the quote currency's scale; null until both are numbers.
 */
export function counterAmountOf(d: BookingDraft, i: TInstrument | undefined, quoteScale: number | undefined) {
  if (!i || quoteScale === undefined || !DECIMAL.test(d.amount) || !DECIMAL.test(d.rate)) return null;
  const size = i.kind === 'CFD' ? i.contractSize : '1';
  return valueAt(valueAt(d.amount, size, 18), d.rate, quoteScale);
}

/**
 * How far a typed price stands from the sheet's mid (the CFD's own mid), in percent, beside
 * the instrument's tolerance: beyond it the booking is off-market. Null until the price is a
 * number and the sheet has a mid. The server judges; this only tells the dealer before.
 */
export function offTheMarket(
  i: TInstrument | undefined,
  price: string,
  prices: SheetPrices | undefined,
): { pct: string; mid: string; tolerancePct: string; beyond: boolean } | null {
  if (!i || !prices || !DECIMAL.test(price.trim())) return null;
  const mid =
    i.kind === 'CFD'
      ? prices.cfds.find((c) => c.instrumentId === i.id)?.mid
      : i.kind === 'FX'
        ? prices.rates.find((r) => r.base === i.base && r.quote === i.quote)?.rate
        : undefined;
  if (!mid || new Money(mid).isZero()) return null;
  const off = new Money(price.trim()).minus(mid).abs().div(mid).times(100);
  return {
    pct: off.toDecimalPlaces(2).toFixed(2),
    mid,
    tolerancePct: i.priceTolerancePct,
    beyond: off.gt(i.priceTolerancePct),
  };
}
