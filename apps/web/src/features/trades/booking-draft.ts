import { valueAt } from '@clearway/contracts/amounts';
import type { TCfdPrice, TInstrument, TRate } from '@clearway/contracts/endpoints/instruments.schemas';
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
 * The draft checked with the kind's contract row (the server's own schema): each field's
 * problem under the form's field, or the body the row takes. `labels` are the form's.
 */
export function checkBooking(d: BookingDraft, entityId: number, labels: FieldLabels): Checked<BookingBody> {
  const common = { entityId, accountId: id(d.accountId), reference: given(d.reference) };
  const trade = { ...common, instrumentId: id(d.instrumentId), side: d.side };
  const bodyLabels = { ...labels, quantity: labels.amount ?? '', price: labels.rate ?? '' };
  const checked = <K extends BookingKind>(kind: K, c: { errors: Record<string, string>; body?: unknown }) =>
    ({ errors: onForm(c.errors), body: c.body && { kind, body: c.body } }) as Checked<BookingBody>;
  switch (d.kind) {
    case 'DELIVERABLE_FX':
      return checked(
        d.kind,
        checkForm(
          ZDeliverableFxTrade,
          { ...trade, amount: d.amount, rate: d.rate, valueDate: d.forward ? d.valueDate : undefined },
          bodyLabels,
        ),
      );
    case 'MARGIN_FX':
      return checked(
        d.kind,
        checkForm(ZMarginFxTrade, { ...trade, amount: d.amount, rate: d.rate }, bodyLabels),
      );
    case 'FX_SWAP':
      return checked(
        d.kind,
        checkForm(
          ZFxSwap,
          {
            ...trade,
            amount: d.amount,
            rate: d.rate,
            swapPoints: d.swapPoints,
            farValueDate: d.farValueDate,
          },
          bodyLabels,
        ),
      );
    case 'CFD':
      return checked(
        d.kind,
        checkForm(ZCfdTrade, { ...trade, quantity: d.amount, price: d.rate }, bodyLabels),
      );
    case 'CONVERSION_SWEEP':
      return checked(d.kind, checkForm(ZConversionSweep, common, bodyLabels));
  }
}

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
