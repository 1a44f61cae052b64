import type {
  TDeliverableFxTrade,
  TDeliverableFxTrade2,
  TTradeView,
} from '@clearway/contracts/endpoints/trades.schemas';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { recordOf } from '../ledger/booking';
import type { LedgerService } from '../ledger/ledger.service';
import { newTicket, type TradeContext, type Who } from './trade-context';
import { tradeRecord } from './trade-record';
import { deliveryOf, fxTerms } from './trade-terms';

type Deps = { ledger: LedgerService; instruments: InstrumentsModule; context: TradeContext };

/**
 * Deliverable FX spot and forwards: the trade is booked with its pay side held on the account
 * (so it cannot be spent twice), and settles physically on its value date at the end of day
 * (settlement.service.ts) through the house's FX accounts. Idempotent by key, audited.
 * @throws what the trade context refuses; 422 for a value date that is not a business day of
 *   both currencies (naming the next one) or before the trade date; BadRequest for amounts
 *   finer than their currencies or a rate finer than the pair; InsufficientFunds (422) when the
 *   account cannot cover the pay side; IdempotencyKeyConflict
 */
export function createDeliverableBooking({ ledger, instruments, context }: Deps) {
  const record = tradeRecord(ledger, { name: 'deliverable_fx_trade' });

  async function book(
    who: Who,
    key: string,
    body: TDeliverableFxTrade | TDeliverableFxTrade2,
    terms: { rate?: string; counterAmount?: string },
  ): Promise<TTradeView> {
    const account = await context.account(who, body.accountId);
    const pair = await context.fxPair(account.entityId, body.instrumentId);
    const tradeDate = context.tradeDate(body.tradeDate);
    const spot = await instruments.valueDates.spot({ base: pair.base, quote: pair.quote, tradeDate });
    const valueDate = body.valueDate ?? spot.valueDate;
    if (body.valueDate) await instruments.valueDates.validate(pair, valueDate, { notBefore: tradeDate });
    const [baseScale, quoteScale] = [await ledger.scaleOf(pair.base), await ledger.scaleOf(pair.quote)];
    const { amount, rate, counter } = fxTerms(
      { amount: body.amount, ...terms },
      { baseScale, quoteScale, precision: pair.pricePrecision, symbol: pair.symbol },
    );
    const delivery = deliveryOf(body.side, pair.base, pair.quote, amount, counter);
    const ticket = newTicket();
    const settlement = valueDate > spot.valueDate ? 'FORWARD' : 'SPOT';
    return ledger.bookNow({
      who,
      kind: 'FX_TRADE',
      reference: ticket,
      memo: body.memo ?? null,
      hold: {
        place: { accountId: account.id, asset: delivery.payAsset, amount: delivery.payAmount.toString() },
      },
      idempotency: { key, body },
      record: recordOf(record, {
        trade: {
          ticket,
          type: 'DELIVERABLE_FX',
          status: 'PENDING',
          side: body.side,
          entityId: account.entityId,
          accountId: account.id,
          instrumentId: pair.id,
          symbol: pair.symbol,
          baseCurrency: pair.base,
          quoteCurrency: pair.quote,
          amount: amount.toString(),
          rate: rate.toString(),
          counterAmount: counter.toString(),
          tradeDate,
          valueDate,
          settlement,
          reference: body.reference ?? null,
          memo: body.memo ?? null,
        },
        legs: [
          {
            leg: 'NEAR',
            side: body.side,
            valueDate,
            rate: rate.toString(),
            payAsset: delivery.payAsset,
            payAmount: delivery.payAmount.toString(),
            receiveAsset: delivery.receiveAsset,
            receiveAmount: delivery.receiveAmount.toString(),
          },
        ],
        heldLeg: 'NEAR',
        names: { accountName: account.name, entityName: account.entityName },
        details: {
          spotDate: spot.valueDate,
          given: terms.counterAmount !== undefined ? 'counterAmount' : 'rate',
        },
      }),
      audit: (view, booked) => ({
        action: 'trades.book',
        outcome: 'success',
        target: view.trade.ticket,
        details: { tradeId: view.trade.id, type: 'DELIVERABLE_FX', holdId: booked.holdId, input: body },
      }),
    });
  }

  return {
    /** A deliverable spot or forward at a rate. */
    bookAtRate: (who: Who, key: string, body: TDeliverableFxTrade) =>
      book(who, key, body, { rate: body.rate }),
    /** The same trade with the counter amount given (the rate is counter ÷ amount). */
    bookForCounter: (who: Who, key: string, body: TDeliverableFxTrade2) =>
      book(who, key, body, { counterAmount: body.counterAmount }),
  };
}
