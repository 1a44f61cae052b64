import type { TFxPair } from '@clearway/contracts/endpoints/instruments.schemas';
import type { TAccount } from '@clearway/contracts/endpoints/money.schemas';
import type {
  TExerciseOption,
  TOptionAction,
  TTradeView,
} from '@clearway/contracts/endpoints/trades.schemas';
import { OPTION_CUT_TIMES, type OptionCut } from '@clearway/contracts/enums';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../../platform/db';
import { conflict, forbidden, notFound } from '../../../platform/errors';
import { withIdempotency } from '../../../platform/idempotency';
import { Money } from '../../../platform/money';
import { entityNameOf } from '../../entities/entity-sql';
import type { InstrumentsModule } from '../../instruments/instruments.module';
import type { LedgerService } from '../../ledger/ledger.service';
import { accountNameOf } from '../../ledger/ledger-sql';
import type { createDeliverableBooking } from '../deliverable.service';
import { END_OF_DAY } from '../settlement.service';
import type { Undo } from '../trade-cancel.service';
import type { TradeContext, Who } from '../trade-context';
import { byOf } from '../trade-record';
import { viewsOf } from '../trade-views';
import { appendEvents, lockTrade, type OptionRow, type TradeRow, updateTrade } from '../trades.repo';
import { fxOptions, tradeEvents, trades } from '../trading.tables';
import { createBarrierEvents } from './barrier-events.service';
import { evidenceFor, rateAt, recordedOf, type Touch } from './barrier-evidence';
import {
  CLIENT_EXERCISE_WINDOW_MINUTES,
  clientRefusalOf,
  exerciseWindowEnd,
  LIVE_OPTION_STATUSES,
  NEXT_STATUS,
  type OptionAction,
  refusalOf,
} from './option-lifecycle';
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
  /** The option's FX pair, read before the transaction: what the end of day exercises into. */
  pair?: TFxPair;
};

/** What the end of day's expiry step did: options exercised and expired, and those it could not settle (and why). */
export type ExpiryRun = {
  exercised: number;
  expired: number;
  failures: { tradeId: number; ticket: string; error: string }[];
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

  /**
   * Whether the option was in the money at its expiry cut: against the sheet's rate recorded
   * at or before the cut (`rateAt`), never the market now — a client cannot wait for the market
   * to move after the cut and exercise with hindsight. False when the sheet had no rate then.
   */
  async function inTheMoney(tx: DbOrTx, t: TradeRow, o: OptionRow) {
    const atCut = await rateAt(tx, t.baseCurrency!, t.quoteCurrency, o.expiresAt);
    if (!atCut) return { itm: false, spot: null, spotAt: null };
    const spot = new Money(atCut.rate);
    return {
      itm: o.optionType === 'CALL' ? spot.gt(t.rate) : spot.lt(t.rate),
      spot: spot.toString(),
      spotAt: atCut.at.toISOString(),
    };
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

  /**
   * What the end of day books an exercise as: the system (principal null — the ledger books it
   * as it books settlements, past the freeze of a client whose option was booked before it) on
   * the option's own account, read in `tx` without the trading gate; the pair given (read
   * before the transaction). `bookUnderlying` is typed for a caller: it passes `who` to the
   * ledger (which takes a null principal, recorded as 'system') and reads only the account's
   * id, owner and names.
   */
  async function systemExerciser(tx: Tx, t: TradeRow, pair: TFxPair | undefined) {
    if (!pair) throw new Error(`The end of day exercises ${t.ticket} only with its pair`);
    const { rows } = await tx.execute<{ account_name: string | null; entity_name: string }>(
      sql`select ${accountNameOf(sql`${t.accountId}::int`)} as account_name, ${entityNameOf(sql`${t.entityId}::int`)} as entity_name`,
    );
    const names = rows[0]!;
    const account: Pick<TAccount, 'id' | 'entityId' | 'name' | 'entityName'> = {
      id: t.accountId,
      entityId: t.entityId,
      name: names.account_name ?? String(t.accountId),
      entityName: names.entity_name,
    };
    const who = { ...SYSTEM, entityId: t.entityId } as unknown as Who;
    return { who, account: account as TAccount, pair };
  }

  /** Books the underlying deliverable trade at the strike for the delivery date. */
  async function exerciseInto(tx: Tx, mover: Mover, t: TradeRow, o: OptionRow, givenPair?: TFxPair) {
    const { who, account, pair } =
      mover.kind === 'caller'
        ? {
            who: mover.who,
            account: mover.account,
            pair: await context.fxPair(mover.account.entityId, t.instrumentId!),
          }
        : await systemExerciser(tx, t, givenPair);
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
  async function judge(
    tx: Tx,
    mover: Mover,
    action: OptionAction,
    t: TradeRow,
    o: OptionRow,
    override: boolean,
  ) {
    const staff = mover.kind === 'system' || mover.staff;
    if (mover.kind === 'caller' && !mover.staff) {
      const own = t.entityId === mover.who.entityId;
      const refused = clientRefusalOf(action, { own, side: t.side as 'BUY' | 'SELL', override });
      if (refused) throw forbidden(refused);
    }
    const market =
      action === 'EXERCISE' ? await inTheMoney(tx, t, o) : { itm: false, spot: null, spotAt: null };
    const cut = o.cut as OptionCut;
    const windowEnd = exerciseWindowEnd(o.expiresAt);
    const refusal = refusalOf(action, {
      status: t.status,
      barrierKind: o.barrierKind as 'KNOCK_IN' | 'KNOCK_OUT' | null,
      pastCut: Date.now() >= o.expiresAt.getTime(),
      cutLabel: `${o.expiryDate} ${OPTION_CUT_TIMES[cut].label}`,
      inTheMoney: market.itm,
      // The end of day is what settles an option once the window has closed.
      windowClosed: mover.kind === 'caller' && Date.now() > windowEnd.getTime(),
      windowLabel: windowEnd.toISOString(),
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
    const market = await judge(tx, mover, action, t, o, override);
    const details: Record<string, unknown> = { from: t.status };
    let transactionId: number | null = null;
    if (action === 'KNOCK_IN' || action === 'KNOCK_OUT')
      details.evidence = evidenceDetails(await evidenceFor(tx, t, o, input.evidence, input.until));
    if (action === 'KNOCK_OUT') {
      transactionId = await payRebate(tx, mover, t, o, input.reason);
      if (transactionId !== null) details.rebate = { amount: o.rebate, currency: o.rebateCurrency };
    }
    if (action === 'EXERCISE') {
      // `spot`: the sheet's rate at the expiry cut the exercise was judged on, and when it was recorded.
      Object.assign(details, await exerciseInto(tx, mover, t, o, input.pair), {
        spot: market.spot,
        spotAt: market.spotAt,
      });
      if (override) details.override = true;
      // Staff's exercise after the client's window (with an override, refused otherwise).
      if (mover.kind === 'caller' && Date.now() > exerciseWindowEnd(o.expiresAt).getTime())
        details.afterWindow = true;
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

  /**
   * Settles one option the window left, in `tx` under its lock: a knock-in never knocked in
   * expires; a live one is exercised when the sheet's rate at its cut put it in the money, and
   * expires when not. What was moved since it was listed (a re-run, staff) is left alone.
   * @returns the move made, or null
   * @throws when the sheet had no rate at the cut (staff decide), or what the move refuses
   */
  async function settleExpiry(tx: Tx, id: number, businessDate: string, pair: TFxPair | undefined) {
    const t = await lockTrade(tx, id);
    if (t?.type !== 'FX_OPTION' || !LIVE_OPTION_STATUSES.includes(t.status)) return null;
    const o = (await optionRow(tx, id, true))!;
    if (Date.now() <= exerciseWindowEnd(o.expiresAt).getTime()) return null;
    const cutLabel = `${o.expiryDate} ${OPTION_CUT_TIMES[o.cut as OptionCut].label}`;
    let action: 'EXERCISE' | 'EXPIRE' = 'EXPIRE';
    let reason = `Expired unexercised: never knocked in by its expiry cut (${cutLabel})`;
    if (t.status === 'OPEN') {
      const market = await inTheMoney(tx, t, o);
      if (market.spot === null)
        throw new Error(
          `${t.symbol} has no recorded rate at or before the expiry cut (${cutLabel}): the house’s dealing staff exercise or expire it`,
        );
      action = market.itm ? 'EXERCISE' : 'EXPIRE';
      const at = `the sheet’s ${t.symbol} at the expiry cut (${cutLabel}) was ${market.spot}, against the strike ${new Money(t.rate)}`;
      reason = market.itm ? `Exercised at expiry, in the money: ${at}` : `Expired, out of the money: ${at}`;
    }
    await apply(tx, { kind: 'system', businessDate }, action, { tradeId: id, reason, pair });
    return action;
  }

  /**
   * The end of day's expiries: every live option (open, or a knock-in not yet in) whose
   * client's exercise window has closed by the cut-off (and by now) is settled by the system —
   * exercised into its underlying deliverable trade at the strike when it was in the money at
   * its cut, expired when not — each in a transaction of its own under the trade's lock; its
   * status is judged again there, so a re-run moves nothing twice. One that fails (no rate at
   * its cut, the account cannot cover the underlying's pay side) is named with its ticket and
   * left live for staff; the others go on. Runs after the barriers: an option knocked out by
   * its cut is no longer live, one knocked in is.
   */
  async function settleExpiriesDue(
    businessDate: string,
    cutoff: Date,
    opts: { signal?: AbortSignal } = {},
  ): Promise<ExpiryRun> {
    const closedBy = new Date(Math.min(cutoff.getTime(), Date.now()));
    // The window closed by then: its cut at least the window's length before it.
    const cutBy = new Date(closedBy.getTime() - CLIENT_EXERCISE_WINDOW_MINUTES * 60_000);
    const due = await db
      .select({ id: trades.id, ticket: trades.ticket, instrumentId: trades.instrumentId })
      .from(trades)
      .innerJoin(fxOptions, eq(fxOptions.tradeId, trades.id))
      .where(
        and(
          eq(trades.type, 'FX_OPTION'),
          inArray(trades.status, LIVE_OPTION_STATUSES),
          lte(fxOptions.expiresAt, cutBy),
        ),
      )
      .orderBy(asc(trades.id));
    const run: ExpiryRun = { exercised: 0, expired: 0, failures: [] };
    if (!due.length) return run;
    // The pairs, read once before any transaction holds a connection.
    const ids = [...new Set(due.map((d) => d.instrumentId).filter((i): i is number => i !== null))];
    const pairs = await instruments.catalog.getMany(ids);
    for (const c of due) {
      opts.signal?.throwIfAborted();
      try {
        const found = c.instrumentId === null ? undefined : pairs.get(c.instrumentId);
        const pair = found?.kind === 'FX' ? found : undefined;
        const done = await db.transaction((tx) => settleExpiry(tx, c.id, businessDate, pair));
        if (done === 'EXERCISE') run.exercised += 1;
        else if (done === 'EXPIRE') run.expired += 1;
      } catch (err) {
        run.failures.push({ tradeId: c.id, ticket: c.ticket, error: (err as Error).message });
      }
    }
    return run;
  }

  const barrierEvents = createBarrierEvents({
    db,
    standing,
    isStaff: (who, entityId) => context.isStaff(who, entityId),
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
    settleExpiriesDue,
    undo,
    ...barrierEvents,
  };
}
