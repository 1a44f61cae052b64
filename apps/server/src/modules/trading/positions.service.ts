import type {
  TBookingAnswer,
  TCfdTrade,
  TMarginFxTrade,
  TTradeView,
} from '@clearway/contracts/endpoints/trades.schemas';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { Money, parseAmount } from '../../platform/money';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { type Leg, recordOf } from '../ledger/booking';
import type { LedgerService } from '../ledger/ledger.service';
import { type Approved, type BookingPrice, deskDetails } from './booking-price';
import type { HousePrices } from './house-prices';
import { claimMargin, type MarginClaim, MarginMoved, withMarginRetry } from './margin-claim';
import type { OffMarket } from './off-market';
import type { MarginChange } from './options/margin.service';
import { fill } from './position-fill';
import type { Undo } from './trade-cancel.service';
import { newTicket, type TradeContext, type Who } from './trade-context';
import { byOf, type TradeInput, tradeRecord } from './trade-record';
import { counterOf, parseRate, refuseTerms, signOf } from './trade-terms';
import {
  appendEvents,
  bookedTransaction,
  closuresBy,
  insertClosures,
  laterLive,
  lockPosition,
  lockTrade,
  openLots,
  updateTrade,
} from './trades.repo';

type Deps = {
  db: Db;
  ledger: LedgerService;
  instruments: InstrumentsModule;
  context: TradeContext;
  /** Refuses a booking that would take a margin client's free margin below zero (margin.service.ts). */
  checkMargin?: (who: Who, entityId: number, change: MarginChange) => Promise<MarginClaim | null>;
  pricing: BookingPrice;
  prices: HousePrices;
  offMarket: OffMarket;
};

/** The house account a kind of position realises its P&L, rolls and financing against. */
export const houseRoleOf = (type: 'MARGIN_FX' | 'CFD') => (type === 'MARGIN_FX' ? 'FX' : 'CFD');

/**
 * Positions: margin (rolling spot) FX and CFD trades on MarginTrading accounts. A trade fills
 * against the account's position in the instrument under a lock of that position: it closes out
 * opposite lots first (FIFO), the P&L they realise posted in the quote currency between the
 * account and the house's account (one ledger transaction, or none when nothing is realised),
 * and the rest opens a lot. Each booking is its own database transaction (`ledger.book`), so the
 * lots it reads are those every earlier booking left. Idempotent by key, audited.
 * @throws what the trade context refuses (a MarginTrading account is required); BadRequest for
 *   an amount or a price finer than allowed; InsufficientFunds (422) when the account cannot
 *   pay a realised loss; IdempotencyKeyConflict
 */
export function createPositions(deps: Deps) {
  const { db, ledger, instruments, context, checkMargin, pricing, prices, offMarket } = deps;
  const record = tradeRecord(ledger, {
    name: 'position_trade',
    async prepare(tx, items) {
      const seen = new Set<string>();
      const out = [];
      for (const { input } of items) {
        const t = input.trade;
        const key = `${t.accountId}:${t.instrumentId}`;
        // One booking per position per transaction: each fills against what the last one left.
        if (seen.has(key)) {
          out.push(new Error('position trades are booked one per transaction (ledger.book)'));
          continue;
        }
        seen.add(key);
        // The client's margin first (always before a position, so two bookings never wait on each other crosswise).
        if (input.margin && !(await claimMargin(tx, input.margin))) {
          out.push(new MarginMoved());
          continue;
        }
        await lockPosition(tx, t.accountId, t.instrumentId!);
        const lots = (await openLots(tx, t.accountId, t.instrumentId!)).map((l) => ({
          tradeId: l.id,
          open: new Money(l.open!),
          rate: new Money(l.rate),
        }));
        const signed = new Money(t.amount).times(signOf(t.side));
        const size = new Money((input.details?.contractSize as string | undefined) ?? 1);
        const f = fill(lots, signed, new Money(t.rate), size);
        const realised = new Money(f.realised.toFixed(await ledger.scaleOf(t.quoteCurrency)));
        let legs: Leg[] = [];
        if (!realised.isZero()) {
          const house = await ledger.platformAccount(
            tx,
            houseRoleOf(t.type as 'MARGIN_FX' | 'CFD'),
            t.quoteCurrency,
          );
          legs = [
            { accountId: t.accountId, asset: t.quoteCurrency, amount: realised.toString() },
            { accountId: house, asset: t.quoteCurrency, amount: realised.neg().toString() },
          ];
        }
        const prepared: TradeInput = {
          ...input,
          trade: {
            ...t,
            openAmount: f.remaining.toString(),
            realisedPnl: f.closures.length ? realised.toString() : null,
            status: f.remaining.isZero() ? 'CLOSED' : 'OPEN',
          },
          closures: f.closures.map((c) => ({
            tradeId: c.tradeId,
            amount: c.amount.toString(),
            realised: c.realised.toString(),
            open: c.open.toString(),
          })),
        };
        out.push({ input: prepared, legs });
      }
      return out;
    },
    async written(tx, items) {
      for (const item of items) {
        const closures = item.input.closures ?? [];
        await insertClosures(
          tx,
          closures.map((c) => ({
            closingTradeId: item.tradeId,
            lotTradeId: c.tradeId,
            amount: c.amount,
            realised: c.realised,
          })),
        );
        for (const c of closures)
          await updateTrade(tx, c.tradeId, {
            openAmount: c.open,
            ...(new Money(c.open).isZero() ? { status: 'CLOSED' as const } : {}),
          });
        await appendEvents(
          tx,
          closures.map((c) => ({
            tradeId: c.tradeId,
            kind: 'CLOSED' as const,
            by: byOf(item.who),
            transactionId: item.transactionId,
            details: { byTradeId: item.tradeId, amount: c.amount, realised: c.realised, open: c.open },
          })),
        );
      }
    },
  });

  /** What a position booking reads of its call: the side, its notes, and what its audit row keeps. */
  type Call = Pick<TMarginFxTrade, 'side' | 'reference' | 'memo'>;

  async function book(
    db: DbOrTx,
    who: Who,
    key: string | null,
    body: Call,
    terms: {
      type: 'MARGIN_FX' | 'CFD';
      instrument: { id: number; symbol: string; base: string | null; quote: string; pricePrecision: number };
      amount: Money;
      rate: Money;
      counter: Money;
      valueDate: string;
      tradeDate: string;
      accountId: number;
      owner: number;
      names: { accountName: string; entityName: string };
      details: Record<string, unknown>;
    },
  ): Promise<TTradeView> {
    const i = terms.instrument;
    // Checked and booked again when another booking moved the client's margin in between.
    return withMarginRetry(async () => {
      const margin =
        (await checkMargin?.(who, terms.owner, {
          kind: terms.type,
          accountId: terms.accountId,
          instrumentId: i.id,
          signedAmount: terms.amount.times(signOf(body.side)).toString(),
          price: terms.rate.toString(),
        })) ?? null;
      const ticket = newTicket();
      return ledger.book(db, {
        who,
        kind: terms.type === 'MARGIN_FX' ? 'FX_TRADE' : 'CFD_TRADE',
        reference: ticket,
        memo: body.memo ?? null,
        mayMoveNothing: true,
        ...(key === null ? {} : { idempotency: { key, body } }),
        record: recordOf(record, {
          trade: {
            ticket,
            type: terms.type,
            status: 'OPEN',
            side: body.side,
            entityId: terms.owner,
            accountId: terms.accountId,
            instrumentId: i.id,
            symbol: i.symbol,
            baseCurrency: i.base,
            quoteCurrency: i.quote,
            amount: terms.amount.toString(),
            rate: terms.rate.toString(),
            counterAmount: terms.counter.toString(),
            tradeDate: terms.tradeDate,
            valueDate: terms.valueDate,
            reference: body.reference ?? null,
            memo: body.memo ?? null,
          },
          legs: [],
          names: terms.names,
          details: terms.details,
          margin,
        }),
        audit: (view, booked) => ({
          action: 'trades.book',
          outcome: 'success',
          target: view.trade.ticket,
          details: {
            tradeId: view.trade.id,
            type: terms.type,
            transactionId: booked.transactionId,
            input: body,
          },
        }),
      });
    });
  }

  /** Cancels the last live trade of a position: the lots it closed reopened, the P&L it realised reversed. */
  const undo: Undo = async (tx, who, trade, reason) => {
    await lockPosition(tx, trade.accountId, trade.instrumentId!);
    const later = await laterLive(tx, trade);
    if (later)
      throw conflict(
        `Cancel the later trades of this position first: ${later.ticket} was booked after this one`,
      );
    const transactions: number[] = [];
    const closures = await closuresBy(tx, trade.id);
    for (const c of closures) {
      const lot = (await lockTrade(tx, c.lotTradeId))!;
      await updateTrade(tx, c.lotTradeId, {
        openAmount: new Money(lot.openAmount ?? 0)
          .plus(new Money(c.amount).times(signOf(lot.side)))
          .toString(),
        status: 'OPEN',
      });
    }
    await appendEvents(
      tx,
      closures.map((c) => ({
        tradeId: c.lotTradeId,
        kind: 'REOPENED' as const,
        by: byOf(who),
        reason,
        details: { cancelledTradeId: trade.id, amount: new Money(c.amount).toString() },
      })),
    );
    const booked = await bookedTransaction(tx, trade.id);
    if (booked !== null) {
      const r = await ledger.book(tx, { who, kind: 'REVERSAL', reverses: booked, memo: reason });
      transactions.push(r.transactionId!);
    }
    await updateTrade(tx, trade.id, { openAmount: '0' });
    return { reversed: booked !== null, transactions };
  };

  async function bookMarginFx(
    who: Who,
    key: string,
    body: TMarginFxTrade,
    opts: { tx?: Tx; approved?: Approved } = {},
  ): Promise<TBookingAnswer> {
    const account = await context.account(who, body.accountId, { margin: true });
    const pair = await context.fxPair(account.entityId, body.instrumentId);
    const { asked, tradeDate } = await pricing.open(who, account, body);
    const spot = await instruments.valueDates.spot({ base: pair.base, quote: pair.quote, tradeDate });
    const amount = parseAmount(body.amount, await ledger.scaleOf(pair.base));
    const typed = body.rate === undefined ? null : parseRate(body.rate, pair.pricePrecision, pair.symbol);
    const priced = await pricing.price(who, key, body, asked, {
      kind: 'MARGIN_FX',
      accountId: account.id,
      instrumentId: pair.id,
      side: body.side,
      terms: { amount: amount.toString() },
      typed: typed && { value: typed, field: 'rate' },
      market: async () =>
        (await prices.fx(pair, { tradeDate, valueDate: spot.valueDate, spotDate: spot.valueDate })).mid,
      tolerancePct: pair.priceTolerancePct,
      what: 'sheet’s mid',
      approved: opts.approved,
    });
    const at = {
      booking: 'MARGIN_FX' as const,
      entityId: account.entityId,
      symbol: pair.symbol,
      side: body.side,
      amount: amount.toString(),
    };
    if (priced.offMarket) return offMarket.submit(who, key, body, at, priced);
    const counter = counterOf(amount, priced.price, await ledger.scaleOf(pair.quote));
    if (counter.isZero())
      throw refuseTerms('amount', `is too small: the counter amount rounds to zero ${pair.quote}`);
    return book(opts.tx ?? db, who, key, body, {
      type: 'MARGIN_FX',
      instrument: pair,
      amount,
      rate: priced.price,
      counter,
      valueDate: spot.valueDate,
      tradeDate,
      accountId: account.id,
      owner: account.entityId,
      names: { accountName: account.name, entityName: account.entityName },
      details: { spotDate: spot.valueDate, ...deskDetails('rate', priced, body, opts.approved) },
    });
  }

  async function bookCfd(
    who: Who,
    key: string,
    body: TCfdTrade,
    opts: { tx?: Tx; approved?: Approved } = {},
  ): Promise<TBookingAnswer> {
    const account = await context.account(who, body.accountId, { margin: true });
    const cfd = await context.cfd(account.entityId, body.instrumentId);
    const { asked, tradeDate } = await pricing.open(who, account, body);
    const { valueDate } = await instruments.valueDates.cfd(cfd, tradeDate);
    const quantity = new Money(body.quantity);
    const typed =
      body.price === undefined ? null : parseRate(body.price, cfd.pricePrecision, cfd.symbol, 'price');
    const priced = await pricing.price(who, key, body, asked, {
      kind: 'CFD',
      accountId: account.id,
      instrumentId: cfd.id,
      side: body.side,
      terms: { quantity: quantity.toString() },
      typed: typed && { value: typed, field: 'price' },
      market: async () => (await prices.cfd(cfd)).mid,
      tolerancePct: cfd.priceTolerancePct,
      what: 'CFD’s mid',
      approved: opts.approved,
    });
    const at = {
      booking: 'CFD' as const,
      entityId: account.entityId,
      symbol: cfd.symbol,
      side: body.side,
      amount: quantity.toString(),
    };
    if (priced.offMarket) return offMarket.submit(who, key, body, at, priced);
    const counter = counterOf(
      quantity.times(cfd.contractSize),
      priced.price,
      await ledger.scaleOf(cfd.quote),
      'quantity',
    );
    return book(opts.tx ?? db, who, key, body, {
      type: 'CFD',
      instrument: { ...cfd, base: null },
      amount: quantity,
      rate: priced.price,
      counter,
      valueDate,
      tradeDate,
      accountId: account.id,
      owner: account.entityId,
      names: { accountName: account.name, entityName: account.entityName },
      details: { contractSize: cfd.contractSize, ...deskDetails('price', priced, body, opts.approved) },
    });
  }

  offMarket.register('MARGIN_FX', (tx, who, key, body, approved) =>
    bookMarginFx(who, key, body, { tx, approved }),
  );
  offMarket.register('CFD', (tx, who, key, body, approved) => bookCfd(who, key, body, { tx, approved }));

  return {
    undo,

    /**
     * A trade of a position whose terms are known (a block's allocated child), booked in the
     * caller's transaction without a key of its own: it fills against the account's position
     * like any other.
     */
    async bookKnown(
      tx: DbOrTx,
      who: Who,
      block: { type: 'MARGIN_FX' | 'CFD'; instrumentId: number; tradeDate: string; valueDate: string },
      t: {
        accountId: number;
        side: Call['side'];
        amount: Money;
        rate: Money;
        counter: Money;
        reference: string;
        memo: string;
        details: Record<string, unknown>;
      },
    ): Promise<TTradeView> {
      const account = await context.account(who, t.accountId, { margin: true });
      const instrument =
        block.type === 'MARGIN_FX'
          ? await context.fxPair(account.entityId, block.instrumentId)
          : { ...(await context.cfd(account.entityId, block.instrumentId)), base: null };
      return book(
        tx,
        who,
        null,
        { side: t.side, reference: t.reference, memo: t.memo },
        {
          type: block.type,
          instrument,
          amount: t.amount,
          rate: t.rate,
          counter: t.counter,
          valueDate: block.valueDate,
          tradeDate: block.tradeDate,
          accountId: account.id,
          owner: account.entityId,
          names: { accountName: account.name, entityName: account.entityName },
          details: t.details,
        },
      );
    },

    /** A margin FX trade: `amount` of the pair's base at `rate` (or a quote's), for spot. */
    bookMarginFx: (who: Who, key: string, body: TMarginFxTrade) => bookMarginFx(who, key, body),
    /** A CFD trade: `quantity` contracts at `price` (or a quote's); counter amount quantity × contract size × price. */
    bookCfd: (who: Who, key: string, body: TCfdTrade) => bookCfd(who, key, body),
  };
}
export type Positions = ReturnType<typeof createPositions>;
