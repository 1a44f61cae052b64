import type { TFxPair } from '@clearway/contracts/endpoints/instruments.schemas';
import type { TAccount } from '@clearway/contracts/endpoints/money.schemas';
import type {
  TBookingAnswer,
  TDeliverableFxTrade,
  TDeliverableFxTrade2,
  TTradeView,
} from '@clearway/contracts/endpoints/trades.schemas';
import type { TradeSide } from '@clearway/contracts/enums';
import type { Tx } from '../../platform/db';

import { Money, parseAmount } from '../../platform/money';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { type Booking, recordOf } from '../ledger/booking';
import type { LedgerService } from '../ledger/ledger.service';
import { type Approved, type BookingPrice, deskDetails } from './booking-price';
import { judgeValueDate } from './desk-rules';
import type { HousePrices } from './house-prices';
import type { OffMarket } from './off-market';
import { newTicket, type TradeContext, type Who } from './trade-context';
import { tradeRecord } from './trade-record';
import { counterOf, deliveryOf, fxTerms } from './trade-terms';

type Deps = {
  ledger: LedgerService;
  instruments: InstrumentsModule;
  context: TradeContext;
  pricing: BookingPrice;
  prices: HousePrices;
  offMarket: OffMarket;
};

/**
 * Deliverable FX spot and forwards: the trade is booked with its pay side held on the account
 * (so it cannot be spent twice), and settles physically on its value date at the end of day
 * (settlement.service.ts) through the house's FX accounts. Idempotent by key, audited.
 * @throws what the trade context refuses; 422 for a value date that is not a business day of
 *   both currencies (naming the next one) or before the trade date; BadRequest for amounts
 *   finer than their currencies or a rate finer than the pair; InsufficientFunds (422) when the
 *   account cannot cover the pay side; IdempotencyKeyConflict
 */
export function createDeliverableBooking({ ledger, instruments, context, pricing, prices, offMarket }: Deps) {
  const record = tradeRecord(ledger, { name: 'deliverable_fx_trade' });
  const rebook =
    (given: 'rate' | 'counterAmount') => (tx: Tx, who: Who, key: string, body: never, approved: Approved) =>
      book(who, key, body, given, { tx, approved });
  offMarket.register('DELIVERABLE_FX', rebook('rate'));
  offMarket.register('DELIVERABLE_FX_COUNTER', rebook('counterAmount'));

  async function book(
    who: Who,
    key: string,
    body: TDeliverableFxTrade | TDeliverableFxTrade2,
    given: 'rate' | 'counterAmount',
    opts: { tx?: Tx; approved?: Approved } = {},
  ): Promise<TBookingAnswer> {
    const account = await context.account(who, body.accountId);
    const pair = await context.fxPair(account.entityId, body.instrumentId);
    const { asked, tradeDate } = await pricing.open(who, account, body);
    const spot = await instruments.valueDates.spot({ base: pair.base, quote: pair.quote, tradeDate });
    const valueDate = body.valueDate ?? spot.valueDate;
    if (body.valueDate) await instruments.valueDates.validate(pair, valueDate, { notBefore: tradeDate });
    judgeValueDate(
      {
        date: valueDate,
        tradeDate,
        spotDate: spot.valueDate,
        maxTenorDays: pair.maxTenorDays,
        field: 'valueDate',
      },
      asked,
    );
    const [baseScale, quoteScale] = [await ledger.scaleOf(pair.base), await ledger.scaleOf(pair.quote)];
    const scales = { baseScale, quoteScale, precision: pair.pricePrecision, symbol: pair.symbol };
    const amount = parseAmount(body.amount, baseScale);
    const typedFigure =
      given === 'rate' ? (body as TDeliverableFxTrade).rate : (body as TDeliverableFxTrade2).counterAmount;
    const typedTerms =
      typedFigure === undefined ? null : fxTerms({ amount: body.amount, [given]: typedFigure }, scales);
    const priced = await pricing.price(who, key, body, asked, {
      kind: 'DELIVERABLE_FX',
      accountId: account.id,
      instrumentId: pair.id,
      side: body.side,
      terms: { amount: amount.toString(), valueDate },
      typed: typedTerms && {
        value: given === 'rate' ? typedTerms.rate : typedTerms.counter,
        field: given,
        price: typedTerms.rate,
      },
      quoted: (q) => (given === 'rate' ? q.price : q.counterAmount!),
      market: async () => (await prices.fx(pair, { tradeDate, valueDate, spotDate: spot.valueDate })).mid,
      tolerancePct: pair.priceTolerancePct,
      what: 'sheet’s mid',
      approved: opts.approved,
    });
    if (priced.offMarket)
      return offMarket.submit(
        who,
        key,
        body,
        {
          booking: given === 'rate' ? 'DELIVERABLE_FX' : 'DELIVERABLE_FX_COUNTER',
          entityId: account.entityId,
          symbol: pair.symbol,
          side: body.side,
          amount: amount.toString(),
        },
        priced,
      );
    const terms =
      priced.quote || !typedTerms
        ? fxTerms({ amount: body.amount, rate: priced.price.toString() }, scales)
        : typedTerms;
    const { booking } = deliveryBooking(who, account, pair, {
      side: body.side,
      amount: terms.amount,
      rate: terms.rate,
      counter: terms.counter,
      tradeDate,
      valueDate,
      spotDate: spot.valueDate,
      reference: body.reference ?? null,
      memo: body.memo ?? null,
      details: deskDetails(given, priced, body, opts.approved),
      auditInput: body,
    });
    const keyed = { ...booking, idempotency: { key, body } };
    return opts.tx ? ledger.book(opts.tx, keyed) : ledger.bookNow(keyed);
  }

  /**
   * The booking of a deliverable trade whose terms are known (the pay side held from now,
   * delivered on the value date by the settlement), without a key of its own.
   */
  function deliveryBooking(
    who: Who,
    account: TAccount,
    pair: TFxPair,
    d: {
      side: TradeSide;
      amount: Money;
      rate: Money;
      counter: Money;
      tradeDate: string;
      valueDate: string;
      spotDate: string;
      reference: string | null;
      memo: string | null;
      details: Record<string, unknown>;
      auditInput: unknown;
    },
  ): { booking: Booking<TTradeView> } {
    const delivery = deliveryOf(d.side, pair.base, pair.quote, d.amount, d.counter);
    const ticket = newTicket();
    const settlement = d.valueDate > d.spotDate ? 'FORWARD' : 'SPOT';
    const booking: Booking<TTradeView> = {
      who,
      kind: 'FX_TRADE',
      reference: ticket,
      memo: d.memo,
      hold: {
        place: { accountId: account.id, asset: delivery.payAsset, amount: delivery.payAmount.toString() },
      },
      record: recordOf(record, {
        trade: {
          ticket,
          type: 'DELIVERABLE_FX',
          status: 'PENDING',
          side: d.side,
          entityId: account.entityId,
          accountId: account.id,
          instrumentId: pair.id,
          symbol: pair.symbol,
          baseCurrency: pair.base,
          quoteCurrency: pair.quote,
          amount: d.amount.toString(),
          rate: d.rate.toString(),
          counterAmount: d.counter.toString(),
          tradeDate: d.tradeDate,
          valueDate: d.valueDate,
          settlement,
          reference: d.reference,
          memo: d.memo,
        },
        legs: [
          {
            leg: 'NEAR',
            side: d.side,
            valueDate: d.valueDate,
            rate: d.rate.toString(),
            payAsset: delivery.payAsset,
            payAmount: delivery.payAmount.toString(),
            receiveAsset: delivery.receiveAsset,
            receiveAmount: delivery.receiveAmount.toString(),
          },
        ],
        heldLeg: 'NEAR',
        names: { accountName: account.name, entityName: account.entityName },
        details: { spotDate: d.spotDate, ...d.details },
      }),
      audit: (view, booked) => ({
        action: 'trades.book',
        outcome: 'success',
        target: view.trade.ticket,
        details: {
          tradeId: view.trade.id,
          type: 'DELIVERABLE_FX',
          holdId: booked.holdId,
          input: d.auditInput,
        },
      }),
    };
    return { booking };
  }

  return {
    /**
     * A deliverable trade whose amounts are known (a block's allocated child), booked in the
     * caller's transaction without a key of its own: its pay side held, delivered on the value date.
     * @throws InsufficientFunds (422) when the account cannot cover the pay side
     */
    async bookKnown(
      tx: Tx,
      who: Who,
      block: { instrumentId: number; tradeDate: string; valueDate: string },
      t: {
        accountId: number;
        side: TradeSide;
        amount: Money;
        rate: Money;
        counter: Money;
        reference: string;
        memo: string;
        details: Record<string, unknown>;
      },
    ): Promise<TTradeView> {
      const account = await context.account(who, t.accountId);
      const pair = await context.fxPair(account.entityId, block.instrumentId);
      const spot = await instruments.valueDates.spot({
        base: pair.base,
        quote: pair.quote,
        tradeDate: block.tradeDate,
      });
      const { booking } = deliveryBooking(who, account, pair, {
        ...t,
        tradeDate: block.tradeDate,
        valueDate: block.valueDate,
        spotDate: spot.valueDate,
        auditInput: {
          ...t,
          amount: t.amount.toString(),
          rate: t.rate.toString(),
          counter: t.counter.toString(),
        },
      });
      return ledger.book(tx, booking);
    },
    /** A deliverable spot or forward at a rate. */
    bookAtRate: (who: Who, key: string, body: TDeliverableFxTrade) => book(who, key, body, 'rate'),
    /** The same trade with the counter amount given (the rate is counter ÷ amount). */
    bookForCounter: (who: Who, key: string, body: TDeliverableFxTrade2) =>
      book(who, key, body, 'counterAmount'),
    /**
     * The deliverable trade an option's exercise makes, in the exercise's transaction: `amount`
     * of the base at `rate` (the strike) for `valueDate` (the delivery date).
     * @throws InsufficientFunds (422) when the account cannot cover the pay side
     */
    async bookUnderlying(
      tx: Tx,
      who: Who,
      account: TAccount,
      pair: TFxPair,
      t: {
        side: TradeSide;
        amount: string;
        rate: string;
        tradeDate: string;
        valueDate: string;
        option: string;
      },
    ): Promise<TTradeView> {
      const quoteScale = await ledger.scaleOf(pair.quote);
      const amount = new Money(t.amount);
      const rate = new Money(t.rate);
      const spot = await instruments.valueDates.spot({
        base: pair.base,
        quote: pair.quote,
        tradeDate: t.tradeDate,
      });
      const { booking } = deliveryBooking(who, account, pair, {
        side: t.side,
        amount,
        rate,
        counter: counterOf(amount, rate, quoteScale),
        tradeDate: t.tradeDate,
        valueDate: t.valueDate,
        spotDate: spot.valueDate,
        reference: t.option,
        memo: `Exercise of option ${t.option}`,
        details: { exerciseOf: t.option },
        auditInput: t,
      });
      return ledger.book(tx, booking);
    },
  };
}
