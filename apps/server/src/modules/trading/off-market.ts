import type { TPendingBooking, TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import type { OffMarketBooking } from '@clearway/contracts/enums';
import type { PayloadOf } from '@clearway/contracts/request-types/request-types';
import type { Db, Tx } from '../../platform/db';
import { forbidden } from '../../platform/errors';
import { withIdempotency } from '../../platform/idempotency';
import type { Principal } from '../../platform/principal';
import type { Approved, Pricing } from './booking-price';
import type { TradeContext, Who } from './trade-context';

type Payload = PayloadOf<'OFF MARKET TRADE'>;
/** The request engine's submission, as this module uses it (attached once the engine exists). */
type Submit = (
  tx: Tx,
  who: { principal: Principal; entityId: number },
  type: 'OFF MARKET TRADE',
  payload: Payload,
) => Promise<{ id: number; requiredApprovals: number }>;
/** How a booking service books an approved request's frozen body, in the approval's transaction. */
type Rebook = (tx: Tx, who: Who, key: string, body: never, approved: Approved) => Promise<unknown>;

/**
 * Off-market bookings under four eyes: staff's booking at a price beyond the tolerance is
 * submitted as an 'OFF MARKET TRADE' request (idempotent by the booking's key) with its
 * terms frozen; when another staff member approves it, the same booking service books it in
 * the approval's transaction — the trade and the approval commit together, or neither.
 */
export function createOffMarket(deps: { db: Db; context: TradeContext }) {
  let submitRequest: Submit | null = null;
  const rebookers = new Map<OffMarketBooking, Rebook>();

  return {
    /** Wires the request engine (created after trading). */
    attach(submit: Submit) {
      submitRequest = submit;
    },
    /** A booking service says how it books an approved request of its kind. */
    register(kind: OffMarketBooking, rebook: Rebook) {
      rebookers.set(kind, rebook);
    },

    /** Submits the booking as a request under four eyes, answering the pending request. */
    submit(
      who: Who,
      key: string,
      body: object,
      r: {
        booking: OffMarketBooking;
        entityId: number;
        symbol: string;
        side: 'BUY' | 'SELL';
        amount: string;
      },
      pricing: Pricing,
    ): Promise<TPendingBooking> {
      const facts = pricing.offMarket!;
      return withIdempotency(deps.db, who.principal, key, body, async (tx) => {
        const request = await submitRequest!(
          tx as Tx,
          { principal: who.principal, entityId: r.entityId },
          'OFF MARKET TRADE',
          {
            booking: r.booking,
            symbol: r.symbol,
            side: r.side,
            amount: r.amount,
            price: pricing.price.toString(),
            market: facts.market,
            deviationPct: facts.deviationPct,
            tolerancePct: facts.tolerancePct,
            reason: (body as { reason?: string }).reason ?? '',
            terms: JSON.stringify(body),
          },
        );
        return {
          pendingRequest: {
            id: request.id,
            type: 'OFF MARKET TRADE',
            requiredApprovals: Math.max(1, request.requiredApprovals),
            message: `Off-market: sent for approval as request #${request.id} — another staff member must approve it before it is booked`,
          },
        };
      });
    },

    /**
     * Refuses a decider of an 'OFF MARKET TRADE' request who is not the house's staff for its
     * entity — judged for every approval and rejection (the request engine's `assertDecider`),
     * so under a several-approver policy a client's own trader, who holds the type's approve
     * key (manual_trade_booking) at its own entity, is none of the four eyes.
     * @throws Forbidden
     */
    async assertDecider(request: { entityId: number }, decider: Principal, decision = 'APPROVED') {
      const who = { principal: decider, entityId: request.entityId };
      if (!(await deps.context.isStaff(who, request.entityId)))
        throw forbidden(
          `Only the house’s dealing staff may ${decision === 'REJECTED' ? 'reject' : 'approve'} an off-market trade`,
        );
    },

    /**
     * Books an approved request, as the approver, in the approval's transaction.
     * @throws Forbidden when the approver is not the house's staff for the entity
     */
    async approve(tx: Tx, request: { id: number; entityId: number; payload: Payload }, approver: Principal) {
      const who = { principal: approver, entityId: request.entityId };
      if (!(await deps.context.isStaff(who, request.entityId)))
        throw forbidden('Only the house’s dealing staff may approve an off-market trade');
      const rebook = rebookers.get(request.payload.booking)!;
      return (await rebook(tx, who, `off-market-${request.id}`, JSON.parse(request.payload.terms) as never, {
        requestId: request.id,
      })) as TTradeView;
    },
  };
}
export type OffMarket = ReturnType<typeof createOffMarket>;
