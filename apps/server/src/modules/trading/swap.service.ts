import type { TBookingAnswer, TFxSwap, TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import type { Tx } from '../../platform/db';
import { Money, parseAmount } from '../../platform/money';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { type Booking, recordOf } from '../ledger/booking';
import type { LedgerService } from '../ledger/ledger.service';
import { type Approved, type BookingPrice, deskDetails } from './booking-price';
import { deviationPct, judgePrice, judgeValueDate } from './desk-rules';
import type { HousePrices } from './house-prices';
import type { OffMarket } from './off-market';
import type { LegSettled } from './settlement.service';
import { newTicket, type TradeContext, type Who } from './trade-context';
import { tradeRecord } from './trade-record';
import { counterOf, deliveryOf, fxTerms, opposite, parseRate, refuseTerms } from './trade-terms';
import { legRowsOf, updateLeg } from './trades.repo';

type Deps = {
  ledger: LedgerService;
  instruments: InstrumentsModule;
  context: TradeContext;
  pricing: BookingPrice;
  prices: HousePrices;
  offMarket: OffMarket;
};

/**
 * FX swaps: a near leg and a far leg of opposite direction on the same amount of the base,
 * the far rate the near rate plus the swap points (pips × the pair's pip size). The near
 * leg's pay side is held from booking; when the near leg is delivered the far leg's pay side
 * is held in the same transaction (what the near leg delivered is what the far leg pays back).
 * Each leg settles on its own value date at the end of day. Idempotent by key, audited.
 * @throws as a deliverable booking does; 422 for a far value date not after the near one, or
 *   swap points that take the far rate to zero or below
 */
export function createSwaps({ ledger, instruments, context, pricing, prices, offMarket }: Deps) {
  const record = tradeRecord(ledger, { name: 'fx_swap' });
  offMarket.register('FX_SWAP', (tx, who, key, body, approved) => book(who, key, body, { tx, approved }));

  /** When a swap's near leg settles, its far leg's pay side is held. */
  const holdFarLeg: LegSettled = async (tx, trade, leg) => {
    if (trade.type !== 'FX_SWAP' || leg.leg !== 'NEAR') return;
    const far = (await legRowsOf(tx, [trade.id], true)).find((l) => l.leg === 'FAR');
    if (far?.status !== 'PENDING' || far.holdId !== null) return;
    const { holdId } = await ledger.book(tx, {
      who: { principal: null },
      kind: 'FX_TRADE',
      reference: trade.ticket,
      hold: { place: { accountId: trade.accountId, asset: far.payAsset, amount: far.payAmount } },
    });
    await updateLeg(tx, trade.id, 'FAR', { holdId });
  };

  return {
    holdFarLeg,

    book: (who: Who, key: string, body: TFxSwap) => book(who, key, body),
  };

  async function book(
    who: Who,
    key: string,
    body: TFxSwap,
    opts: { tx?: Tx; approved?: Approved } = {},
  ): Promise<TBookingAnswer> {
    const account = await context.account(who, body.accountId);
    const pair = await context.fxPair(account.entityId, body.instrumentId);
    const { asked, tradeDate } = await pricing.open(who, account, body);
    const spot = await instruments.valueDates.spot({ base: pair.base, quote: pair.quote, tradeDate });
    const nearDate = body.nearValueDate ?? spot.valueDate;
    if (body.nearValueDate)
      await instruments.valueDates.validate(pair, nearDate, {
        field: 'nearValueDate',
        notBefore: tradeDate,
      });
    if (body.farValueDate <= nearDate)
      throw refuseTerms('farValueDate', `must be after the near value date ${nearDate}`);
    await instruments.valueDates.validate(pair, body.farValueDate, { field: 'farValueDate' });
    const dated = { tradeDate, spotDate: spot.valueDate, maxTenorDays: pair.maxTenorDays };
    judgeValueDate({ ...dated, date: nearDate, field: 'nearValueDate' }, asked);
    judgeValueDate({ ...dated, date: body.farValueDate, field: 'farValueDate' }, asked);
    const quoteScale = await ledger.scaleOf(pair.quote);
    const scales = {
      baseScale: await ledger.scaleOf(pair.base),
      quoteScale,
      precision: pair.pricePrecision,
      symbol: pair.symbol,
    };
    const amount = parseAmount(body.amount, scales.baseScale);
    const typed = body.rate === undefined ? null : parseRate(body.rate, pair.pricePrecision, pair.symbol);
    if (typed && body.swapPoints === undefined && !body.quoteId)
      throw refuseTerms('swapPoints', 'Enter the swap points with the rate');
    const market = (date: string) => async () =>
      (await prices.fx(pair, { tradeDate, valueDate: date, spotDate: spot.valueDate })).mid;
    const priced = await pricing.price(who, key, body, asked, {
      kind: 'FX_SWAP',
      accountId: account.id,
      instrumentId: pair.id,
      side: body.side,
      terms: { amount: amount.toString(), nearValueDate: nearDate, farValueDate: body.farValueDate },
      typed: typed && { value: typed, field: 'rate' },
      market: market(nearDate),
      tolerancePct: pair.priceTolerancePct,
      what: 'sheet’s mid',
      approved: opts.approved,
    });
    const points = new Money(priced.quote ? priced.quote.swapPoints! : body.swapPoints!);
    const farRate = priced.price.plus(points.times(pair.pipSize));
    // The far leg is judged too: swap points far off the curve move money as a rate would.
    const far =
      priced.quote || opts.approved
        ? 'within'
        : judgePrice(
            {
              price: farRate,
              market: await market(body.farValueDate)(),
              tolerancePct: pair.priceTolerancePct,
              field: 'swapPoints',
              what: 'forward’s mid',
            },
            asked,
          );
    const at = {
      booking: 'FX_SWAP' as const,
      entityId: account.entityId,
      symbol: pair.symbol,
      side: body.side,
      amount: amount.toString(),
    };
    if (priced.offMarket) return offMarket.submit(who, key, body, at, priced);
    if (far === 'offMarket') {
      const m = await market(body.farValueDate)();
      return offMarket.submit(who, key, body, at, {
        ...priced,
        price: farRate,
        offMarket: {
          market: m.toString(),
          deviationPct: deviationPct(farRate, m).toString(),
          tolerancePct: pair.priceTolerancePct,
        },
      });
    }
    const near = fxTerms({ amount: body.amount, rate: priced.price.toString() }, scales);
    if (farRate.lte(0))
      throw refuseTerms('swapPoints', `take the far rate to ${farRate} — it must stay above zero`);
    const farCounter = counterOf(near.amount, farRate, quoteScale);
    const nearDelivery = deliveryOf(body.side, pair.base, pair.quote, near.amount, near.counter);
    const farSide = opposite(body.side);
    const farDelivery = deliveryOf(farSide, pair.base, pair.quote, near.amount, farCounter);
    const leg = (
      name: 'NEAR' | 'FAR',
      side: typeof body.side,
      valueDate: string,
      rate: Money,
      d: typeof nearDelivery,
    ) => ({
      leg: name,
      side,
      valueDate,
      rate: rate.toString(),
      payAsset: d.payAsset,
      payAmount: d.payAmount.toString(),
      receiveAsset: d.receiveAsset,
      receiveAmount: d.receiveAmount.toString(),
    });
    const ticket = newTicket();
    const booking: Booking<TTradeView> = {
      who,
      kind: 'FX_TRADE',
      reference: ticket,
      memo: body.memo ?? null,
      hold: {
        place: {
          accountId: account.id,
          asset: nearDelivery.payAsset,
          amount: nearDelivery.payAmount.toString(),
        },
      },
      idempotency: { key, body },
      record: recordOf(record, {
        trade: {
          ticket,
          type: 'FX_SWAP',
          status: 'PENDING',
          side: body.side,
          entityId: account.entityId,
          accountId: account.id,
          instrumentId: pair.id,
          symbol: pair.symbol,
          baseCurrency: pair.base,
          quoteCurrency: pair.quote,
          amount: near.amount.toString(),
          rate: near.rate.toString(),
          counterAmount: near.counter.toString(),
          tradeDate,
          valueDate: nearDate,
          reference: body.reference ?? null,
          memo: body.memo ?? null,
        },
        legs: [
          leg('NEAR', body.side, nearDate, near.rate, nearDelivery),
          leg('FAR', farSide, body.farValueDate, farRate, farDelivery),
        ],
        heldLeg: 'NEAR',
        names: { accountName: account.name, entityName: account.entityName },
        details: {
          spotDate: spot.valueDate,
          swapPoints: points.toString(),
          farRate: farRate.toString(),
          ...deskDetails('rate', priced, body, opts.approved),
        },
      }),
      audit: (view, booked) => ({
        action: 'trades.book',
        outcome: 'success',
        target: view.trade.ticket,
        details: { tradeId: view.trade.id, type: 'FX_SWAP', holdId: booked.holdId, input: body },
      }),
    };
    return opts.tx ? ledger.book(opts.tx, booking) : ledger.bookNow(booking);
  }
}
