import type {
  TExerciseOption,
  TFxOptionTrade,
  TOptionAction,
  TTradeView,
} from '@clearway/contracts/endpoints/trades.schemas';
import { OPTION_CUT_TIMES, type OptionCut } from '@clearway/contracts/enums';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { withIdempotency } from '../../platform/idempotency';
import { Money, parseAmount } from '../../platform/money';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { fxTradeDate, isWeekend, weekdayName } from '../instruments/iso-dates';
import type { Booking, Leg, RecordKind } from '../ledger/booking';
import { recordOf } from '../ledger/booking';
import type { LedgerService } from '../ledger/ledger.service';
import type { createDeliverableBooking } from './deliverable.service';
import type { MarginChange } from './margin.service';
import { marksOf } from './marks';
import { NEXT_STATUS, type OptionAction, refusalOf } from './option-lifecycle';
import { cutInstant, optionTermsOf } from './option-terms';
import { END_OF_DAY } from './settlement.service';
import type { Undo } from './trade-cancel.service';
import { newTicket, type TradeContext, type Who } from './trade-context';
import { byOf, type TradeInput, tradeRecord } from './trade-record';
import { counterOf, parseRate, refuseTerms } from './trade-terms';
import { viewsOf } from './trade-views';
import { appendEvents, lockTrade, type TradeRow, updateTrade } from './trades.repo';
import { fxOptions, tradeEvents, trades } from './trading.tables';

type Deps = {
  db: Db;
  ledger: LedgerService;
  instruments: InstrumentsModule;
  context: TradeContext;
  deliverable: ReturnType<typeof createDeliverableBooking>;
  /** Refuses a booking that would take a margin client's free margin below zero (margin.service.ts). */
  checkMargin?: (who: Who, entityId: number, change: MarginChange) => Promise<void>;
};

type NewOption = Omit<typeof fxOptions.$inferInsert, 'tradeId' | 'premiumHoldId' | 'premiumTransactionId'>;
type OptionInput = TradeInput & { option: NewOption; premiumNow: boolean };

const SYSTEM = { principal: null } as const;

/** The client's side of a premium or rebate: who pays whom (long pays the premium, receives the rebate). */
function paymentLegs(
  clientPays: boolean,
  accountId: number,
  house: number,
  asset: string,
  amount: Money,
): Leg[] {
  const a = amount.toString();
  const n = amount.neg().toString();
  return clientPays
    ? [
        { accountId, asset, amount: n },
        { accountId: house, asset, amount: a },
      ]
    : [
        { accountId: house, asset, amount: n },
        { accountId, asset, amount: a },
      ];
}

/**
 * Deliverable FX options (European, vanilla or with a barrier): booking (the premium posted on
 * its date — at once when that has come, else by that date's end of day, the long side's
 * premium held until then), the lifecycle (`option-lifecycle.ts`: knock in, knock out with its
 * rebate, exercise into the underlying deliverable trade at the strike, expire), and undoing
 * one for a cancel. Every movement goes through the ledger's one booking path; every action
 * is idempotent by key, an event (who, when, why) and an audit row.
 */
export function createOptions(deps: Deps) {
  const { db, ledger, instruments, context } = deps;

  // The option's terms are written beside the trade the trade record writes, in the same
  // statement group, and shown in the answer.
  const trade = tradeRecord(ledger, { name: 'fx_option_trade' });
  const record: RecordKind<OptionInput, TTradeView> = {
    name: 'fx_option_trade',
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
   * Books an option.
   * @throws what the trade context refuses; 422 for an expiry before the trade date or at a
   *   weekend, a delivery or premium date out of order, a premium or rebate in a currency
   *   outside the pair, a rebate on a knock-in; BadRequest for amounts finer than their
   *   currencies; InsufficientFunds (422) when a premium due now cannot be paid; the margin
   *   refusal (422) saying by how much; IdempotencyKeyConflict
   */
  async function book(who: Who, key: string, body: TFxOptionTrade): Promise<TTradeView> {
    const account = await context.account(who, body.accountId);
    const pair = await context.fxPair(account.entityId, body.instrumentId);
    const tradeDate = context.tradeDate(body.tradeDate);
    if (body.expiryDate < tradeDate)
      throw refuseTerms('expiryDate', `must not be before the trade date ${tradeDate}`);
    if (isWeekend(body.expiryDate))
      throw refuseTerms(
        'expiryDate',
        `${body.expiryDate} is a ${weekdayName(body.expiryDate)}: options do not expire at weekends`,
      );
    const pairOf = { base: pair.base, quote: pair.quote };
    const deliveryDate =
      body.deliveryDate ??
      (await instruments.valueDates.spot({ ...pairOf, tradeDate: body.expiryDate })).valueDate;
    if (body.deliveryDate)
      await instruments.valueDates.validate(pair, deliveryDate, {
        field: 'deliveryDate',
        notBefore: body.expiryDate,
      });
    const premiumDate =
      body.premiumDate ?? (await instruments.valueDates.spot({ ...pairOf, tradeDate })).valueDate;
    if (premiumDate < tradeDate)
      throw refuseTerms('premiumDate', `must not be before the trade date ${tradeDate}`);
    const [baseScale, quoteScale] = [await ledger.scaleOf(pair.base), await ledger.scaleOf(pair.quote)];
    const notional = parseAmount(body.notional, baseScale, 'notional');
    const strike = parseRate(body.strike, pair.pricePrecision, pair.symbol, 'strike');
    const counter = counterOf(notional, strike, quoteScale, 'notional');
    const inPair = (field: string, asset: string) => {
      if (asset !== pair.base && asset !== pair.quote)
        throw refuseTerms(field, `must be ${pair.base} or ${pair.quote}, the currencies of ${pair.symbol}`);
      return asset === pair.base ? baseScale : quoteScale;
    };
    const premium = parseAmount(body.premium, inPair('premiumCurrency', body.premiumCurrency), 'premium');
    const b = body.barrier;
    let rebate: Money | null = null;
    if (b) {
      parseRate(b.level, pair.pricePrecision, pair.symbol, 'barrier.level');
      if (b.rebate !== undefined && new Money(b.rebate).gt(0)) {
        if (b.kind !== 'KNOCK_OUT')
          throw refuseTerms('barrier.rebate', 'is paid only when a knock-out option is knocked out');
        if (!b.rebateCurrency)
          throw refuseTerms('barrier.rebateCurrency', `pick ${pair.base} or ${pair.quote} for the rebate`);
        rebate = parseAmount(b.rebate, inPair('barrier.rebateCurrency', b.rebateCurrency), 'barrier.rebate');
      }
    }
    await deps.checkMargin?.(who, account.entityId, {
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
    });
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
    return ledger.bookNow({
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
        details: { premiumPosted: premiumNow },
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
    });
  }

  async function optionRow(tx: DbOrTx, tradeId: number, lock = false) {
    const q = tx.select().from(fxOptions).where(eq(fxOptions.tradeId, tradeId));
    const [row] = await (lock ? q.for('update') : q);
    return row ?? null;
  }

  /** Whether the option is in the money against the sheet's mid now (false when the sheet has no rate). */
  async function inTheMoney(t: TradeRow, optionType: string) {
    const marks = marksOf(instruments.rates, await instruments.rates.sheet());
    const spot = marks.fx(t.baseCurrency!, t.quoteCurrency);
    if (!spot) return { itm: false, spot: null };
    return { itm: optionType === 'CALL' ? spot.gt(t.rate) : spot.lt(t.rate), spot: spot.toString() };
  }

  /**
   * Moves an option through its lifecycle.
   * @throws NotFound; Conflict (409) with why for a move the state does not allow, or a trade
   *   that is not an option; what the underlying booking or the rebate refuses (422);
   *   IdempotencyKeyConflict
   */
  async function move(
    who: Who,
    key: string,
    action: OptionAction,
    body: TOptionAction | TExerciseOption,
  ): Promise<TTradeView> {
    return withIdempotency(db, who.principal, key, { action, ...body }, async (handle) => {
      const tx = handle as Tx;
      const t = await lockTrade(tx, body.tradeId);
      if (!t) throw notFound('Trade not found');
      if (t.type !== 'FX_OPTION') throw conflict(`Trade ${t.ticket} is not an option`);
      const o = (await optionRow(tx, t.id, true))!;
      const cut = o.cut as OptionCut;
      const market = action === 'EXERCISE' ? await inTheMoney(t, o.optionType) : { itm: false, spot: null };
      const override = 'override' in body && body.override === true;
      const refusal = refusalOf(action, {
        status: t.status,
        barrierKind: o.barrierKind as 'KNOCK_IN' | 'KNOCK_OUT' | null,
        pastCut: Date.now() >= o.expiresAt.getTime(),
        cutLabel: `${o.expiryDate} ${OPTION_CUT_TIMES[cut].label}`,
        inTheMoney: market.itm,
        override,
      });
      if (refusal) throw conflict(refusal);
      let transactionId: number | null = null;
      const details: Record<string, unknown> = { from: t.status };
      if (action === 'KNOCK_OUT' && o.rebate !== null && new Money(o.rebate).gt(0)) {
        const house = await ledger.platformAccount(tx, 'OPTIONS', o.rebateCurrency!);
        // The holder (long) receives the rebate; a short client pays it.
        const booked = await ledger.book(tx, {
          who,
          kind: 'FX_OPTION_REBATE',
          reference: t.ticket,
          memo: body.reason,
          legs: paymentLegs(t.side === 'SELL', t.accountId, house, o.rebateCurrency!, new Money(o.rebate)),
        });
        transactionId = booked.transactionId;
        details.rebate = { amount: o.rebate, currency: o.rebateCurrency };
      }
      if (action === 'EXERCISE') {
        const account = await context.account(who, t.accountId);
        const pair = await context.fxPair(account.entityId, t.instrumentId!);
        // Long call / short put: the client buys the base at the strike; long put / short call: sells it.
        const buys = (o.optionType === 'CALL') === (t.side === 'BUY');
        const underlying = await deps.deliverable.bookUnderlying(tx, who, account, pair, {
          side: buys ? 'BUY' : 'SELL',
          amount: t.amount,
          rate: t.rate,
          tradeDate: o.expiryDate,
          valueDate: o.deliveryDate,
          option: t.ticket,
        });
        await tx
          .update(fxOptions)
          .set({ underlyingTradeId: underlying.trade.id })
          .where(eq(fxOptions.tradeId, t.id));
        details.underlyingTradeId = underlying.trade.id;
        details.underlyingTicket = underlying.trade.ticket;
        details.spot = market.spot;
        if (override) details.override = true;
      }
      const status = NEXT_STATUS[action];
      await updateTrade(tx, t.id, { status });
      const kind = (
        {
          KNOCK_IN: 'KNOCKED_IN',
          KNOCK_OUT: 'KNOCKED_OUT',
          EXERCISE: 'EXERCISED',
          EXPIRE: 'EXPIRED',
        } as const
      )[action];
      await appendEvents(tx, [
        { tradeId: t.id, kind, by: byOf(who), reason: body.reason, transactionId, details },
      ]);
      await recordAudit(tx, who, {
        action: `trades.option.${action.toLowerCase()}`,
        outcome: 'success',
        target: t.ticket,
        details: { tradeId: t.id, from: t.status, to: status, reason: body.reason, ...details },
      });
      return (await viewsOf(tx, ledger, [t.id]))[0]!;
    });
  }

  /**
   * Undoing an option for a cancel: a premium posted and a rebate paid are reversed, a premium
   * held is released. An exercised option's underlying trade is cancelled on its own first.
   * @throws Conflict while the underlying trade stands
   */
  const undo: Undo = async (tx, who, t) => {
    const o = (await optionRow(tx, t.id, true))!;
    if (o.underlyingTradeId !== null) {
      const [u] = await tx.select().from(trades).where(eq(trades.id, o.underlyingTradeId));
      if (u && u.status !== 'CANCELLED' && u.status !== 'REVERSED')
        throw conflict(`This option was exercised into trade ${u.ticket}: cancel that trade first`);
    }
    const transactions: number[] = [];
    const reverse = async (id: number) => {
      const booked = await ledger.book(tx, {
        who,
        kind: 'REVERSAL',
        reverses: id,
        memo: `Cancel of ${t.ticket}`,
      });
      transactions.push(booked.transactionId!);
    };
    if (o.premiumTransactionId !== null) await reverse(o.premiumTransactionId);
    else if (o.premiumHoldId !== null)
      await ledger.book(tx, {
        who,
        kind: 'FX_OPTION_PREMIUM',
        reference: t.ticket,
        hold: { release: o.premiumHoldId },
      });
    const rebates = await tx
      .select({ id: tradeEvents.transactionId })
      .from(tradeEvents)
      .where(and(eq(tradeEvents.tradeId, t.id), eq(tradeEvents.kind, 'KNOCKED_OUT')));
    for (const r of rebates) if (r.id !== null) await reverse(r.id);
    return { reversed: transactions.length > 0, transactions };
  };

  /**
   * The end of day's premiums: each option's premium due by `businessDate` and not yet posted
   * is posted (a long's hold released into it), with a PREMIUM_POSTED event — each option in a
   * savepoint of its own, so one that fails (a short client's account cannot pay) is named
   * and the others post. A posted premium is never posted again.
   */
  async function postPremiumsDue(businessDate: string) {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ o: fxOptions, t: trades })
        .from(fxOptions)
        .innerJoin(trades, eq(trades.id, fxOptions.tradeId))
        .where(
          and(
            isNull(fxOptions.premiumTransactionId),
            lte(fxOptions.premiumDate, businessDate),
            sql`${fxOptions.premium} > 0`,
            inArray(trades.status, ['OPEN', 'INACTIVE', 'EXERCISED', 'EXPIRED', 'KNOCKED_OUT']),
          ),
        )
        .orderBy(asc(trades.id))
        .for('update');
      const result = { posted: 0, failures: [] as { tradeId: number; ticket: string; error: string }[] };
      for (const { o, t } of due) {
        try {
          await tx.transaction(async (sp) => {
            const house = await ledger.platformAccount(sp, 'OPTIONS', o.premiumCurrency);
            const booked = await ledger.book(sp, {
              who: SYSTEM,
              kind: 'FX_OPTION_PREMIUM',
              reference: t.ticket,
              memo: `${t.symbol} option premium, ${o.premiumDate}`,
              ...(o.premiumHoldId !== null ? { hold: { release: o.premiumHoldId } } : {}),
              legs: paymentLegs(
                t.side === 'BUY',
                t.accountId,
                house,
                o.premiumCurrency,
                new Money(o.premium),
              ),
            });
            await sp
              .update(fxOptions)
              .set({ premiumTransactionId: booked.transactionId })
              .where(eq(fxOptions.tradeId, t.id));
            await appendEvents(sp, [
              {
                tradeId: t.id,
                kind: 'PREMIUM_POSTED',
                by: END_OF_DAY,
                businessDate,
                transactionId: booked.transactionId,
                details: { premium: o.premium, currency: o.premiumCurrency },
              },
            ]);
          });
          result.posted += 1;
        } catch (err) {
          result.failures.push({ tradeId: t.id, ticket: t.ticket, error: (err as Error).message });
        }
      }
      return result;
    });
  }

  return {
    book,
    knockIn: (who: Who, key: string, body: TOptionAction) => move(who, key, 'KNOCK_IN', body),
    knockOut: (who: Who, key: string, body: TOptionAction) => move(who, key, 'KNOCK_OUT', body),
    exercise: (who: Who, key: string, body: TExerciseOption) => move(who, key, 'EXERCISE', body),
    expire: (who: Who, key: string, body: TOptionAction) => move(who, key, 'EXPIRE', body),
    undo,
    postPremiumsDue,
    optionRow,
  };
}
export type Options = ReturnType<typeof createOptions>;
