import type { TAccount } from '@clearway/contracts/endpoints/money.schemas';
import type {
  TExerciseOption,
  TOptionAction,
  TTradeView,
} from '@clearway/contracts/endpoints/trades.schemas';
import { OPTION_CUT_TIMES, type OptionCut } from '@clearway/contracts/enums';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../../platform/db';
import { conflict, forbidden, notFound } from '../../../platform/errors';
import { withIdempotency } from '../../../platform/idempotency';
import { Money } from '../../../platform/money';
import type { InstrumentsModule } from '../../instruments/instruments.module';
import type { LedgerService } from '../../ledger/ledger.service';
import type { createDeliverableBooking } from '../deliverable.service';
import { marksOf } from '../marks';
import { END_OF_DAY } from '../settlement.service';
import type { Undo } from '../trade-cancel.service';
import type { TradeContext, Who } from '../trade-context';
import { byOf } from '../trade-record';
import { viewsOf } from '../trade-views';
import { appendEvents, lockTrade, type OptionRow, type TradeRow, updateTrade } from '../trades.repo';
import { fxOptions, tradeEvents, trades } from '../trading.tables';
import { createBarrierEvents } from './barrier-events.service';
import { evidenceFor, recordedOf, type Touch } from './barrier-evidence';
import { clientRefusalOf, NEXT_STATUS, type OptionAction, refusalOf } from './option-lifecycle';
import { paymentLegs } from './option-payments';

type Deps = {
  db: Db;
  ledger: LedgerService;
  instruments: InstrumentsModule;
  context: TradeContext;
  deliverable: ReturnType<typeof createDeliverableBooking>;
};

/**
 * Who moves an option: a caller who passed the trading gate on the option's account — the
 * house's staff for its owner, or its client — or the end of day (the system).
 */
export type Mover =
  | { kind: 'caller'; who: Who; staff: boolean; account: TAccount }
  | { kind: 'system'; businessDate: string };

/**
 * A move beyond its action: why; an override (exercise); the evidence of a barrier touch when
 * it was found elsewhere (an approved request, the end of day's scan) — else the sheet's
 * record is read; and until when a touch counts (now unless given; never after the expiry cut).
 */
export type MoveInput = {
  tradeId: number;
  reason: string;
  override?: boolean;
  evidence?: Touch;
  until?: Date;
};

const SYSTEM = { principal: null } as const;
const EVENT_KIND = {
  KNOCK_IN: 'KNOCKED_IN',
  KNOCK_OUT: 'KNOCKED_OUT',
  EXERCISE: 'EXERCISED',
  EXPIRE: 'EXPIRED',
} as const;

/** Evidence as events and the audit keep it. */
const evidenceDetails = (e: Touch) => ({ ...e, at: e.at.toISOString() });

/**
 * An option's lifecycle moves (the state machine of `option-lifecycle.ts`, judged under the
 * trade's lock): knock in, knock out with its rebate posted, exercise into the underlying
 * deliverable trade at the strike, expire — each an event (who, when, why) and an audit row, in
 * one transaction; and undoing an option for a cancel. Every caller's move passes the trading
 * gate first; a client only exercises its own bought option; a knock-in or knock-out needs
 * evidence that the market touched the barrier (barrier-evidence.ts). The end of day and an
 * approved barrier event move options through the same path (`apply`).
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
   * A caller's standing on an option, read before anything is written: the trading gate on
   * its account (its owner active, not frozen, trading enabled) and whether the caller is the
   * house's staff for that owner.
   * @throws NotFound; Conflict (409) for a frozen owner; 422 for an owner that may not trade
   */
  async function standing(who: Who, tradeId: number): Promise<Extract<Mover, { kind: 'caller' }>> {
    const [t] = await db
      .select({ accountId: trades.accountId, entityId: trades.entityId })
      .from(trades)
      .where(eq(trades.id, tradeId));
    if (!t) throw notFound('Trade not found');
    const account = await context.account(who, t.accountId);
    return { kind: 'caller', who, staff: await context.isStaff(who, t.entityId), account };
  }

  /** Pays a knock-out's rebate (if any): the holder receives it, a short client pays it. */
  async function payRebate(tx: Tx, mover: Mover, t: TradeRow, o: OptionRow, memo: string) {
    if (o.rebate === null || !new Money(o.rebate).gt(0)) return null;
    const house = await ledger.platformAccount(tx, 'OPTIONS', o.rebateCurrency!);
    const booked = await ledger.book(tx, {
      who: mover.kind === 'system' ? SYSTEM : mover.who,
      kind: 'FX_OPTION_REBATE',
      reference: t.ticket,
      memo,
      legs: paymentLegs(t.side === 'SELL', t.accountId, house, o.rebateCurrency!, new Money(o.rebate)),
    });
    return booked.transactionId;
  }

  /** Books the underlying deliverable trade at the strike for the delivery date. */
  async function exerciseInto(tx: Tx, mover: Mover, t: TradeRow, o: OptionRow) {
    if (mover.kind !== 'caller') throw new Error('Only a caller exercises an option');
    const { who, account } = mover;
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
    return { underlyingTradeId: underlying.trade.id, underlyingTicket: underlying.trade.ticket };
  }

  /**
   * Judges a move under the trade's lock: what a client may not do (403), what the state
   * machine does not allow (409).
   */
  async function judge(mover: Mover, action: OptionAction, t: TradeRow, o: OptionRow, override: boolean) {
    const staff = mover.kind === 'system' || mover.staff;
    if (mover.kind === 'caller' && !mover.staff) {
      const own = t.entityId === mover.who.entityId;
      const refused = clientRefusalOf(action, { own, side: t.side as 'BUY' | 'SELL', override });
      if (refused) throw forbidden(refused);
    }
    const market = action === 'EXERCISE' ? await inTheMoney(t, o.optionType) : { itm: false, spot: null };
    const cut = o.cut as OptionCut;
    const refusal = refusalOf(action, {
      status: t.status,
      barrierKind: o.barrierKind as 'KNOCK_IN' | 'KNOCK_OUT' | null,
      pastCut: Date.now() >= o.expiresAt.getTime(),
      cutLabel: `${o.expiryDate} ${OPTION_CUT_TIMES[cut].label}`,
      inTheMoney: market.itm,
      override,
      staff,
    });
    if (refusal) throw conflict(refusal);
    return market;
  }

  /**
   * Applies a move to an option in `tx` — the one path of every move, by a caller, an approved
   * barrier event or the end of day. The trade is locked and its status judged, so a move
   * already made (a knock-out, its rebate) is never made twice.
   * @throws NotFound; Forbidden (403) for what a client may not do; Conflict (409) for a move
   *   the state does not allow, a trade that is not an option, or a knock-in or knock-out
   *   without evidence; what the underlying booking or the rebate refuses (422)
   */
  async function apply(tx: Tx, mover: Mover, action: OptionAction, input: MoveInput): Promise<void> {
    const t = await lockTrade(tx, input.tradeId);
    if (!t) throw notFound('Trade not found');
    if (t.type !== 'FX_OPTION') throw conflict(`Trade ${t.ticket} is not an option`);
    const o = (await optionRow(tx, t.id, true))!;
    const override = input.override === true;
    const market = await judge(mover, action, t, o, override);
    const details: Record<string, unknown> = { from: t.status };
    let transactionId: number | null = null;
    if (action === 'KNOCK_IN' || action === 'KNOCK_OUT')
      details.evidence = evidenceDetails(await evidenceFor(tx, t, o, input.evidence, input.until));
    if (action === 'KNOCK_OUT') {
      transactionId = await payRebate(tx, mover, t, o, input.reason);
      if (transactionId !== null) details.rebate = { amount: o.rebate, currency: o.rebateCurrency };
    }
    if (action === 'EXERCISE') {
      Object.assign(details, await exerciseInto(tx, mover, t, o), { spot: market.spot });
      if (override) details.override = true;
    }
    const status = NEXT_STATUS[action];
    await updateTrade(tx, t.id, { status });
    const system = mover.kind === 'system';
    await appendEvents(tx, [
      {
        tradeId: t.id,
        kind: EVENT_KIND[action],
        by: system ? END_OF_DAY : byOf(mover.who),
        businessDate: system ? mover.businessDate : null,
        reason: input.reason,
        transactionId,
        details,
      },
    ]);
    await recordAudit(tx, system ? { ...SYSTEM, entityId: t.entityId } : mover.who, {
      action: `trades.option.${action.toLowerCase()}`,
      outcome: 'success',
      target: t.ticket,
      details: { tradeId: t.id, from: t.status, to: status, reason: input.reason, ...details },
    });
  }

  /**
   * A caller moves an option: the trading gate and the caller's standing first, then `apply`
   * under the Idempotency-Key.
   * @throws what `standing` and `apply` throw; IdempotencyKeyConflict
   */
  async function move(
    who: Who,
    key: string,
    action: OptionAction,
    body: TOptionAction | TExerciseOption,
  ): Promise<TTradeView> {
    const mover = await standing(who, body.tradeId);
    return withIdempotency(db, who.principal, key, { action, ...body }, async (handle) => {
      const tx = handle as Tx;
      const override = 'override' in body && body.override === true;
      await apply(tx, mover, action, { tradeId: body.tradeId, reason: body.reason, override });
      return (await viewsOf(tx, ledger, [body.tradeId]))[0]!;
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

  const barrierEvents = createBarrierEvents({
    db,
    standing,
    apply,
    option: async (tx, tradeId) => {
      const t = await lockTrade(tx, tradeId);
      return t ? { t, o: await optionRow(tx, tradeId, true) } : null;
    },
    recordedTouch: async (tx, t, o, until) => (await recordedOf(tx, t, o, until)).touch,
  });

  return {
    knockIn: (who: Who, key: string, body: TOptionAction) => move(who, key, 'KNOCK_IN', body),
    knockOut: (who: Who, key: string, body: TOptionAction) => move(who, key, 'KNOCK_OUT', body),
    exercise: (who: Who, key: string, body: TExerciseOption) => move(who, key, 'EXERCISE', body),
    expire: (who: Who, key: string, body: TOptionAction) => move(who, key, 'EXPIRE', body),
    undo,
    ...barrierEvents,
  };
}
