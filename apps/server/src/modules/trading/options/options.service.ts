import type { TFxPair } from '@clearway/contracts/endpoints/instruments.schemas';
import type {
  TBookingAnswer,
  TFxOptionTrade,
  TTradeView,
} from '@clearway/contracts/endpoints/trades.schemas';
import type { OptionCut } from '@clearway/contracts/enums';
import { DEFAULT_PRICE_TOLERANCE_PCT } from '@clearway/contracts/trading-limits';
import type { Db, Tx } from '../../../platform/db';
import { Money, parseAmount } from '../../../platform/money';
import type { InstrumentsModule } from '../../instruments/instruments.module';
import { fxTradeDate, isWeekend, weekdayName } from '../../instruments/iso-dates';
import type { Booking, RecordKind } from '../../ledger/booking';
import { recordOf } from '../../ledger/booking';
import type { LedgerService } from '../../ledger/ledger.service';
import { type Approved, type BookingPrice, deskDetails } from '../booking-price';
import type { createDeliverableBooking } from '../deliverable.service';
import type { HousePrices } from '../house-prices';
import { claimEach, type MarginClaim, withMarginRetry } from '../margin-claim';
import type { OffMarket } from '../off-market';
import { judgeExpiry, optionTerms } from '../quotes.service';
import { newTicket, type TradeContext, type Who } from '../trade-context';
import { type TradeInput, tradeRecord } from '../trade-record';
import { counterOf, parseRate, refuseTerms } from '../trade-terms';
import type { TradeRow } from '../trades.repo';
import { fxOptions } from '../trading.tables';
import type { MarginChange } from './margin.service';
import { createOptionMoves } from './option-moves.service';
import { paymentLegs } from './option-payments';
import { createOptionPremiums } from './option-premiums.service';
import { cutInstant, optionTermsOf } from './option-terms';

type Deps = {
  db: Db;
  ledger: LedgerService;
  instruments: InstrumentsModule;
  context: TradeContext;
  deliverable: ReturnType<typeof createDeliverableBooking>;
  /** Refuses a booking that would take a margin client's free margin below zero (margin.service.ts). */
  checkMargin?: (who: Who, entityId: number, change: MarginChange) => Promise<MarginClaim | null>;
  pricing: BookingPrice;
  prices: HousePrices;
  offMarket: OffMarket;
};

type NewOption = Omit<typeof fxOptions.$inferInsert, 'tradeId' | 'premiumHoldId' | 'premiumTransactionId'>;
type OptionInput = TradeInput & { option: NewOption; premiumNow: boolean };

/**
 * Booking deliverable FX options (European, vanilla or with a barrier): the premium posted on
 * its date — at once when that has come, else by that date's end of day (option-premiums),
 * the long side's premium held until then — through the ledger's one booking path,
 * idempotent by key, audited.
 */
export function createOptionBooking(deps: Deps) {
  const { db, ledger, instruments, context } = deps;

  // The option's terms are written beside the trade the trade record writes, in the same
  // statement group, and shown in the answer.
  const trade = tradeRecord(ledger, { name: 'fx_option_trade' });
  const record: RecordKind<OptionInput, TTradeView> = {
    name: 'fx_option_trade',
    prepare: claimEach,
    async write(tx, items) {
      const answers = await trade.write(tx, items);
      const rows = await tx
        .insert(fxOptions)
        .values(
          items.map((item, i) => ({
            ...item.input.option,
            tradeId: answers[i]!.trade.id,
            premiumHoldId: item.holdId,
            premiumTransactionId: item.input.premiumNow ? item.transactionId : null,
          })),
        )
        .returning();
      const shown: TTradeView[] = [];
      for (const [i, a] of answers.entries()) {
        const t = items[i]!.input.trade;
        shown.push({
          ...a,
          trade: {
            ...a.trade,
            option: optionTermsOf(
              rows[i]!,
              {
                ...t,
                id: a.trade.id,
                bookedAt: new Date(a.trade.bookedAt),
                bookedBy: a.trade.bookedBy,
              } as TradeRow,
              await ledger.scaleOf(t.baseCurrency!),
              await ledger.scaleOf(t.quoteCurrency),
            ),
          },
        });
      }
      return shown;
    },
  };

  /**
   * A barrier's terms, judged before anything is priced: the desk's product only (a quote
   * prices a vanilla option; no client books a barrier), never breached at the sheet's mid
   * now, a rebate only on a knock-out and never above the notional's value. Answers the rebate.
   * @throws 422 naming the field
   */
  async function barrierTerms(
    b: NonNullable<TFxOptionTrade['barrier']>,
    c: {
      pair: TFxPair;
      notional: Money;
      strike: Money;
      inPair: (field: string, asset: string) => number;
      staff: boolean;
      quoted: boolean;
    },
  ): Promise<Money | null> {
    if (!c.staff || c.quoted)
      throw refuseTerms(
        'barrier',
        'Barrier options are booked by the house’s desk: a quote prices a vanilla option only',
      );
    const level = parseRate(b.level, c.pair.pricePrecision, c.pair.symbol, 'barrier.level');
    const mid = new Money((await instruments.rates.quote(c.pair.base, c.pair.quote)).mid);
    if (b.direction === 'UP' ? mid.gte(level) : mid.lte(level))
      throw refuseTerms('barrier.level', `${level} is already breached: ${c.pair.symbol} is at ${mid}`);
    if (b.rebate === undefined || !new Money(b.rebate).gt(0)) return null;
    if (b.kind !== 'KNOCK_OUT')
      throw refuseTerms('barrier.rebate', 'is paid only when a knock-out option is knocked out');
    if (!b.rebateCurrency)
      throw refuseTerms('barrier.rebateCurrency', `pick ${c.pair.base} or ${c.pair.quote} for the rebate`);
    const rebate = parseAmount(
      b.rebate,
      c.inPair('barrier.rebateCurrency', b.rebateCurrency),
      'barrier.rebate',
    );
    const cap = b.rebateCurrency === c.pair.base ? c.notional : c.notional.times(c.strike);
    if (rebate.gt(cap))
      throw refuseTerms(
        'barrier.rebate',
        `must not be more than the notional’s value ${cap} ${b.rebateCurrency}`,
      );
    return rebate;
  }

  /**
   * Books an option.
   * @throws what the trade context refuses; 422 for an expiry before the trade date or at a
   *   weekend, a delivery or premium date out of order, a premium or rebate in a currency
   *   outside the pair, a rebate on a knock-in; BadRequest for amounts finer than their
   *   currencies; InsufficientFunds (422) when a premium due now cannot be paid; the margin
   *   refusal (422) saying by how much; IdempotencyKeyConflict
   */
  async function book(
    who: Who,
    key: string,
    body: TFxOptionTrade,
    opts: { tx?: Tx; approved?: Approved } = {},
  ): Promise<TBookingAnswer> {
    const account = await context.account(who, body.accountId);
    const pair = await context.fxPair(account.entityId, body.instrumentId);
    const { asked, tradeDate } = await deps.pricing.open(who, account, body);
    const option = await instruments.catalog.optionOf(pair.id);
    if (body.expiryDate < tradeDate)
      throw refuseTerms('expiryDate', `must not be before the trade date ${tradeDate}`);
    judgeExpiry({
      expiryDate: body.expiryDate,
      cut: body.cut,
      tradeDate,
      maxTenorDays: option?.maxTenorDays ?? pair.maxTenorDays,
    });
    if (isWeekend(body.expiryDate))
      throw refuseTerms(
        'expiryDate',
        `${body.expiryDate} is a ${weekdayName(body.expiryDate)}: options do not expire at weekends`,
      );
    const pairOf = { base: pair.base, quote: pair.quote };
    // Nor on a holiday of the pair's settlement calendars: the message names the holiday and the next business day.
    await instruments.valueDates.validate(pairOf, body.expiryDate, { field: 'expiryDate' });
    const spotAfterExpiry = (await instruments.valueDates.spot({ ...pairOf, tradeDate: body.expiryDate }))
      .valueDate;
    const deliveryDate = body.deliveryDate ?? spotAfterExpiry;
    if (body.deliveryDate)
      await instruments.valueDates.validate(pair, deliveryDate, {
        field: 'deliveryDate',
        notBefore: body.expiryDate,
      });
    const spotDate = (await instruments.valueDates.spot({ ...pairOf, tradeDate })).valueDate;
    const premiumDate = body.premiumDate ?? spotDate;
    if (premiumDate < tradeDate)
      throw refuseTerms('premiumDate', `must not be before the trade date ${tradeDate}`);
    if (premiumDate > body.expiryDate)
      throw refuseTerms('premiumDate', `must not be after the expiry date ${body.expiryDate}`);
    // A client's dates are the market's: premium at spot, delivery at spot after expiry.
    if (!asked.staff && premiumDate !== spotDate)
      throw refuseTerms(
        'premiumDate',
        `must be the spot date ${spotDate}: only the house's staff set another`,
      );
    if (!asked.staff && deliveryDate !== spotAfterExpiry)
      throw refuseTerms(
        'deliveryDate',
        `must be the spot date after expiry ${spotAfterExpiry}: only the house's staff set another`,
      );
    const [baseScale, quoteScale] = [await ledger.scaleOf(pair.base), await ledger.scaleOf(pair.quote)];
    const notional = parseAmount(body.notional, baseScale, 'notional');
    const strike = parseRate(body.strike, pair.pricePrecision, pair.symbol, 'strike');
    const counter = counterOf(notional, strike, quoteScale, 'notional');
    const inPair = (field: string, asset: string) => {
      if (asset !== pair.base && asset !== pair.quote)
        throw refuseTerms(field, `must be ${pair.base} or ${pair.quote}, the currencies of ${pair.symbol}`);
      return asset === pair.base ? baseScale : quoteScale;
    };
    const b = body.barrier;
    const rebate = b
      ? await barrierTerms(b, { pair, notional, strike, inPair, staff: asked.staff, quoted: !!body.quoteId })
      : null;
    const premiumScale = inPair('premiumCurrency', body.premiumCurrency);
    const typed = body.premium === undefined ? null : parseAmount(body.premium, premiumScale, 'premium');
    const priced = await deps.pricing.price(who, key, body, asked, {
      kind: 'FX_OPTION',
      accountId: account.id,
      instrumentId: pair.id,
      side: body.side,
      terms: optionTerms(body, pair),
      typed: typed && { value: typed, field: 'premium' },
      market: async () => {
        // No model here prices a barrier: its typed premium goes to a second person, always.
        if (b) throw refuseTerms('premium', 'No model prices a barrier option here');
        return new Money(
          (
            await deps.prices.optionPremium(pair, {
              ...body,
              notional: notional.toString(),
              strike: strike.toString(),
            })
          ).toFixed(premiumScale),
        );
      },
      tolerancePct: option?.priceTolerancePct ?? DEFAULT_PRICE_TOLERANCE_PCT.FX_OPTION,
      what: 'model’s premium',
      approved: opts.approved,
    });
    if (priced.offMarket)
      return deps.offMarket.submit(
        who,
        key,
        body,
        {
          booking: 'FX_OPTION',
          entityId: account.entityId,
          symbol: pair.symbol,
          side: body.side,
          amount: notional.toString(),
        },
        priced,
      );
    const premium = priced.price;
    // Checked and booked again when another booking moved the client's margin in between.
    return withMarginRetry(async () => {
      const margin =
        (await deps.checkMargin?.(who, account.entityId, {
          kind: 'FX_OPTION',
          side: body.side,
          optionType: body.optionType,
          instrumentId: pair.id,
          accountId: account.id,
          base: pair.base,
          quote: pair.quote,
          notional: notional.toString(),
          strike: strike.toString(),
          expiryDate: body.expiryDate,
        })) ?? null;
      const premiumNow = premiumDate <= fxTradeDate() && premium.gt(0);
      const clientPays = body.side === 'BUY';
      const ticket = newTicket();
      const house = premium.gt(0) ? await ledger.platformAccount(db, 'OPTIONS', body.premiumCurrency) : 0;
      const money: Pick<Booking<TTradeView>, 'legs' | 'hold' | 'mayMoveNothing'> = premiumNow
        ? { legs: paymentLegs(clientPays, account.id, house, body.premiumCurrency, premium) }
        : clientPays && premium.gt(0)
          ? {
              hold: {
                place: { accountId: account.id, asset: body.premiumCurrency, amount: premium.toString() },
              },
            }
          : { mayMoveNothing: true };
      const cut = body.cut as OptionCut;
      const booking: Booking<TTradeView> = {
        who,
        kind: 'FX_OPTION_PREMIUM',
        reference: ticket,
        memo: body.memo ?? null,
        ...money,
        idempotency: { key, body },
        record: recordOf(record, {
          trade: {
            ticket,
            type: 'FX_OPTION',
            status: b?.kind === 'KNOCK_IN' ? 'INACTIVE' : 'OPEN',
            side: body.side,
            entityId: account.entityId,
            accountId: account.id,
            instrumentId: pair.id,
            symbol: pair.symbol,
            baseCurrency: pair.base,
            quoteCurrency: pair.quote,
            amount: notional.toString(),
            rate: strike.toString(),
            counterAmount: counter.toString(),
            tradeDate,
            valueDate: deliveryDate,
            settlement: null,
            reference: body.reference ?? null,
            memo: body.memo ?? null,
          },
          legs: [],
          names: { accountName: account.name, entityName: account.entityName },
          details: { premiumPosted: premiumNow, ...deskDetails('premium', priced, body, opts.approved) },
          option: {
            optionType: body.optionType,
            cut,
            expiryDate: body.expiryDate,
            expiresAt: cutInstant(body.expiryDate, cut),
            deliveryDate,
            barrierDirection: b?.direction ?? null,
            barrierKind: b?.kind ?? null,
            barrierLevel: b ? new Money(b.level).toString() : null,
            rebate: rebate?.toString() ?? null,
            rebateCurrency: rebate ? b!.rebateCurrency! : null,
            premium: premium.toString(),
            premiumCurrency: body.premiumCurrency,
            premiumDate,
          },
          premiumNow,
          margin,
        }),
        audit: (view, booked) => ({
          action: 'trades.book',
          outcome: 'success',
          target: view.trade.ticket,
          details: {
            tradeId: view.trade.id,
            type: 'FX_OPTION',
            transactionId: booked.transactionId,
            input: body,
          },
        }),
      };
      return opts.tx ? ledger.book(opts.tx, booking) : ledger.bookNow(booking);
    });
  }

  deps.offMarket.register('FX_OPTION', (tx, who, key, body, approved) =>
    book(who, key, body, { tx, approved }),
  );
  return { book: (who: Who, key: string, body: TFxOptionTrade) => book(who, key, body) };
}

/**
 * Deliverable FX options: booking, the lifecycle moves (option-moves.service.ts), the end of
 * day's premiums (option-premiums.service.ts) and undoing one for a cancel.
 */
export function createOptions(deps: Deps) {
  return {
    ...createOptionBooking(deps),
    ...createOptionMoves(deps),
    ...createOptionPremiums(deps),
  };
}
export type Options = ReturnType<typeof createOptions>;
