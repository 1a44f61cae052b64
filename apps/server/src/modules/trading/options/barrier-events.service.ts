import type { TRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import type { TBarrierEvent } from '@clearway/contracts/endpoints/trades.schemas';
import type { BarrierKind } from '@clearway/contracts/enums';
import { and, asc, eq, lte, or } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../platform/db';
import { conflict, forbidden, notFound } from '../../../platform/errors';
import { withIdempotency } from '../../../platform/idempotency';
import { Money } from '../../../platform/money';
import type { RequestEngine } from '../../requests/request-engine.service';
import type { Who } from '../trade-context';
import { refuseTerms } from '../trade-terms';
import type { OptionRow, TradeRow } from '../trades.repo';
import { fxOptions, trades } from '../trading.tables';
import { barrierOf, observedProblem, type Touch, watchEnd } from './barrier-evidence';
import { barrierRefusalOf } from './option-lifecycle';
import type { MoveInput, Mover } from './option-moves.service';

type Deps = {
  db: Db;
  /** The trading gate and the caller's standing on an option (option-moves.service.ts). */
  standing: (who: Who, tradeId: number) => Promise<Extract<Mover, { kind: 'caller' }>>;
  /** Whether the caller is the house's staff for the entity (no trading gate: a rejection moves nothing). */
  isStaff: (who: Who, entityId: number) => Promise<boolean>;
  /** The one path of every option move. */
  apply: (tx: Tx, mover: Mover, action: BarrierKind, input: MoveInput) => Promise<void>;
  /** An option's trade and terms, locked. */
  option: (tx: DbOrTx, tradeId: number) => Promise<{ t: TradeRow; o: OptionRow | null } | null>;
  /** The sheet's first recorded touch of the option's barrier up to `until` (null: none). */
  recordedTouch: (tx: DbOrTx, t: TradeRow, o: OptionRow, until: Date) => Promise<Touch | null>;
};

/** What the end of day's barrier step did: options knocked in and out, and those it could not move (and why). */
export type BarrierRun = {
  knockedIn: number;
  knockedOut: number;
  failures: { tradeId: number; ticket: string; error: string }[];
};

const DESK = 'the house’s dealing staff';

/**
 * Barrier events that do not wait for a caller: the end of day's scan of every live barrier
 * against the sheet's record, and a touch the sheet missed, reported by staff as a 'BARRIER
 * EVENT' request and applied when another staff member approves it. Both knock in or out
 * through the moves' one path (`apply`), with their evidence.
 */
export function createBarrierEvents(deps: Deps) {
  const { db, standing, apply, option } = deps;
  let engine: RequestEngine | null = null;

  /** Knocks one option in or out when the sheet's record up to the cut-off touched its barrier. */
  async function applyIfTouched(id: number, kind: BarrierKind, businessDate: string, cutoff: Date) {
    return db.transaction(async (tx) => {
      const found = await option(tx, id);
      // Moved since it was listed (a re-run, staff, an approved event): nothing to do.
      const barrierKind = found?.o?.barrierKind as BarrierKind | undefined;
      if (!found?.o || barrierRefusalOf(kind, found.t.status, barrierKind ?? null) !== null) return false;
      const { t, o } = found;
      const touch = await deps.recordedTouch(tx, t, o, cutoff);
      if (!touch) return false;
      const b = barrierOf(o)!;
      const reason = `The rate sheet recorded ${t.symbol} at ${touch.rate} (${touch.at.toISOString()}): the ${b.direction} barrier at ${b.level} was touched`;
      await apply(tx, { kind: 'system', businessDate }, kind, {
        tradeId: id,
        reason,
        evidence: touch,
        until: cutoff,
      });
      return true;
    });
  }

  /**
   * The end of day's barriers: every live barrier option booked by the cut-off (a knock-out
   * active, a knock-in not yet in) is judged against the sheet's record from its booking to
   * the cut-off (or its expiry cut, when earlier); one touched is knocked in or out by the
   * system, each in a transaction of its own. The status is judged again under the trade's
   * lock, so a re-run of the day pays no rebate twice; one that fails is named, the others go on.
   */
  async function applyBarriersDue(
    businessDate: string,
    cutoff: Date,
    opts: { signal?: AbortSignal } = {},
  ): Promise<BarrierRun> {
    const live = await db
      .select({ id: trades.id, ticket: trades.ticket, kind: fxOptions.barrierKind })
      .from(trades)
      .innerJoin(fxOptions, eq(fxOptions.tradeId, trades.id))
      .where(
        and(
          eq(trades.type, 'FX_OPTION'),
          lte(trades.bookedAt, cutoff),
          or(
            and(eq(fxOptions.barrierKind, 'KNOCK_OUT'), eq(trades.status, 'OPEN')),
            and(eq(fxOptions.barrierKind, 'KNOCK_IN'), eq(trades.status, 'INACTIVE')),
          ),
        ),
      )
      .orderBy(asc(trades.id));
    const run: BarrierRun = { knockedIn: 0, knockedOut: 0, failures: [] };
    for (const c of live) {
      opts.signal?.throwIfAborted();
      const kind = c.kind as BarrierKind;
      try {
        if (!(await applyIfTouched(c.id, kind, businessDate, cutoff))) continue;
        if (kind === 'KNOCK_IN') run.knockedIn += 1;
        else run.knockedOut += 1;
      } catch (err) {
        run.failures.push({ tradeId: c.id, ticket: c.ticket, error: (err as Error).message });
      }
    }
    return run;
  }

  /**
   * Staff report a touch the sheet missed: a 'BARRIER EVENT' request at the option's owner,
   * with the rate observed, when and where — applied when another staff member approves it.
   * @throws NotFound; the trading gate's refusals; Forbidden for a caller who is not staff;
   *   Conflict for an option the event cannot move; 422 for a rate that does not touch the
   *   barrier or a time outside the option's life up to now; IdempotencyKeyConflict
   */
  async function requestBarrierEvent(who: Who, key: string, body: TBarrierEvent): Promise<TRequestView> {
    if (!engine) throw new Error('Barrier events are not wired to the request engine');
    const requests = engine;
    const mover = await standing(who, body.tradeId);
    if (!mover.staff) throw forbidden(`Only ${DESK} report a barrier event`);
    return withIdempotency(db, who.principal, key, body, async (tx) => {
      const found = await option(tx, body.tradeId);
      if (!found) throw notFound('Trade not found');
      const { t, o } = found;
      if (!o) throw conflict(`Trade ${t.ticket} is not an option`);
      const refusal = barrierRefusalOf(body.event, t.status, o.barrierKind as BarrierKind | null);
      if (refusal) throw conflict(refusal);
      const at = new Date(body.observedAt);
      const window = { from: t.bookedAt, to: watchEnd(o.expiresAt) };
      const problem = observedProblem(barrierOf(o)!, { rate: body.observedRate, at }, window);
      if (problem) throw refuseTerms(problem.field, problem.message);
      const row = await requests.submit(tx, { ...who, entityId: t.entityId }, 'BARRIER EVENT', {
        tradeId: t.id,
        ticket: t.ticket,
        event: body.event,
        observedRate: new Money(body.observedRate).toString(),
        observedAt: at.toISOString(),
        source: body.source,
        reason: body.reason,
      });
      return requests.view(row.id, tx);
    });
  }

  /**
   * Wires barrier events to the request engine: submitting them, and on approval — by another
   * person (the engine's maker-checker) who is staff for the option's owner too — applying the
   * knock-in or knock-out with the request's evidence, through the trading gate.
   */
  function registerBarrierEvents(e: RequestEngine) {
    engine = e;
    e.register('BARRIER EVENT', {
      // Every approver (each of a several-approver policy, not only the last) and rejecter is
      // the house's staff: a client's trader holding the approve key at its own entity is none
      // of the four eyes. An approval passes the trading gate too (a rejection moves nothing).
      assertDecider: async (_db, r, decider, decision) => {
        const who = { principal: decider.principal, entityId: r.entityId };
        if (decision !== 'APPROVED') {
          if (!(await deps.isStaff(who, r.entityId))) throw forbidden(`Only ${DESK} decide a barrier event`);
          return;
        }
        const mover = await standing(who, r.payload.tradeId);
        if (!mover.staff) throw forbidden(`Only ${DESK} approve a barrier event`);
      },
      // The decider was judged before the transaction (above); judged again here, at the final
      // approval, with the trading gate as it stands when the option moves.
      onApproved: async (tx, r, decider) => {
        const p = r.payload;
        const mover = await standing({ principal: decider.principal, entityId: r.entityId }, p.tradeId);
        if (!mover.staff) throw forbidden(`Only ${DESK} approve a barrier event`);
        const evidence: Touch = {
          rate: p.observedRate,
          at: new Date(p.observedAt),
          source: p.source,
          requestId: r.id,
          requestedBy: r.requesterName,
        };
        await apply(tx as Tx, mover, p.event, { tradeId: p.tradeId, reason: p.reason, evidence });
      },
      // Applied with the approval: nothing is left to do.
      completesOnApproval: () => true,
    });
  }

  return { applyBarriersDue, requestBarrierEvent, registerBarrierEvents };
}
