import type { TFxSwap, TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import { Money } from '../../platform/money';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { recordOf } from '../ledger/booking';
import type { LedgerService } from '../ledger/ledger.service';
import type { LegSettled } from './settlement.service';
import { newTicket, type TradeContext, type Who } from './trade-context';
import { tradeRecord } from './trade-record';
import { counterOf, deliveryOf, fxTerms, opposite, refuseTerms } from './trade-terms';
import { legRowsOf, updateLeg } from './trades.repo';

type Deps = { ledger: LedgerService; instruments: InstrumentsModule; context: TradeContext };

/**
 * FX swaps: a near leg and a far leg of opposite direction on the same amount of the base,
 * the far rate the near rate plus the swap points (pips × the pair's pip size). The near
 * leg's pay side is held from booking; when the near leg is delivered the far leg's pay side
 * is held in the same transaction (what the near leg delivered is what the far leg pays back).
 * Each leg settles on its own value date at the end of day. Idempotent by key, audited.
 * @throws as a deliverable booking does; 422 for a far value date not after the near one, or
 *   swap points that take the far rate to zero or below
 */
export function createSwaps({ ledger, instruments, context }: Deps) {
  const record = tradeRecord(ledger, { name: 'fx_swap' });

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

    async book(who: Who, key: string, body: TFxSwap): Promise<TTradeView> {
      const account = await context.account(who, body.accountId);
      const pair = await context.fxPair(account.entityId, body.instrumentId);
      const tradeDate = context.tradeDate(body.tradeDate);
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
      const quoteScale = await ledger.scaleOf(pair.quote);
      const near = fxTerms(
        { amount: body.amount, rate: body.rate },
        {
          baseScale: await ledger.scaleOf(pair.base),
          quoteScale,
          precision: pair.pricePrecision,
          symbol: pair.symbol,
        },
      );
      const farRate = near.rate.plus(new Money(body.swapPoints).times(pair.pipSize));
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
      return ledger.bookNow({
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
          details: { spotDate: spot.valueDate, swapPoints: body.swapPoints, farRate: farRate.toString() },
        }),
        audit: (view, booked) => ({
          action: 'trades.book',
          outcome: 'success',
          target: view.trade.ticket,
          details: { tradeId: view.trade.id, type: 'FX_SWAP', holdId: booked.holdId, input: body },
        }),
      });
    },
  };
}
