import type {
  TExerciseOption,
  TOptionAction,
  TTradeView,
} from '@clearway/contracts/endpoints/trades.schemas';
import { OPTION_CUT_TIMES, type OptionCut } from '@clearway/contracts/enums';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../../platform/db';
import { conflict, notFound } from '../../../platform/errors';
import { withIdempotency } from '../../../platform/idempotency';
import { Money } from '../../../platform/money';
import type { InstrumentsModule } from '../../instruments/instruments.module';
import type { LedgerService } from '../../ledger/ledger.service';
import type { createDeliverableBooking } from '../deliverable.service';
import { marksOf } from '../marks';
import type { Undo } from '../trade-cancel.service';
import type { TradeContext, Who } from '../trade-context';
import { byOf } from '../trade-record';
import { viewsOf } from '../trade-views';
import { appendEvents, lockTrade, type TradeRow, updateTrade } from '../trades.repo';
import { fxOptions, tradeEvents, trades } from '../trading.tables';
import { NEXT_STATUS, type OptionAction, refusalOf } from './option-lifecycle';
import { paymentLegs } from './option-payments';

type Deps = {
  db: Db;
  ledger: LedgerService;
  instruments: InstrumentsModule;
  context: TradeContext;
  deliverable: ReturnType<typeof createDeliverableBooking>;
};

/**
 * An option's lifecycle moves (the state machine of `option-lifecycle.ts`, judged under the
 * trade's lock): knock in, knock out with its rebate posted, exercise into the underlying
 * deliverable trade at the strike, expire — each idempotent by key, an event (who, when, why)
 * and an audit row, in one transaction; and undoing an option for a cancel.
 */
export function createOptionMoves(deps: Deps) {
  const { db, ledger, instruments, context } = deps;

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

  return {
    knockIn: (who: Who, key: string, body: TOptionAction) => move(who, key, 'KNOCK_IN', body),
    knockOut: (who: Who, key: string, body: TOptionAction) => move(who, key, 'KNOCK_OUT', body),
    exercise: (who: Who, key: string, body: TExerciseOption) => move(who, key, 'EXERCISE', body),
    expire: (who: Who, key: string, body: TOptionAction) => move(who, key, 'EXPIRE', body),
    undo,
  };
}
