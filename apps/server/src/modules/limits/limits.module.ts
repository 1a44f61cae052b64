import { satisfies } from '@clearway/contracts/permissions';
import type { Db, Tx } from '../../platform/db';
import { forbidden } from '../../platform/errors';
import type { PermissionResolver } from '../../platform/principal';
import type { CashEntriesService } from '../ledger/cash-entries.service';
import type { RequestEngine } from '../requests/request-engine.service';
import type { Line, RateSheet } from './ceilings';
import { createLimitsService } from './limits.service';

export const OUTFLOW_NEEDS_KEY = 'Approving money that leaves an account needs approve_withdrawal';

/**
 * The limits module: the ceilings service ('LIMIT' requests), and the four eyes on a
 * back-office cash entry above its ceiling — a 'LARGE CASH ENTRY' request the ledger books,
 * as it was asked, when another person approves it.
 */
export function createLimitsModule(deps: {
  db: Db;
  engine: RequestEngine;
  rates: RateSheet;
  ancestry: (entityId: number) => Promise<Line>;
  scaleOf: (asset: string) => Promise<number>;
  resolve: PermissionResolver;
  cash: CashEntriesService;
}) {
  const { engine, cash } = deps;
  const limits = createLimitsService(deps);

  engine.register('LARGE CASH ENTRY', {
    // Every decider could book it themselves: the entry's accounts lie in the request's
    // entity's tree and are not of the decider's own entity; money out needs approve_withdrawal.
    assertDecider: async (db, request, who) => {
      const as = { principal: who.principal, entityId: request.entityId };
      await cash.assertMayBook(db, as, request.payload);
      if (request.payload.type === 'DEPOSIT') return;
      const held = await deps.resolve(who.principal, request.entityId);
      if (!held || !satisfies(held, { keys: ['approve_withdrawal'] })) throw forbidden(OUTFLOW_NEEDS_KEY);
    },
    onApproved: async (tx, request, who) => {
      await cash.bookApproved(
        tx as Tx,
        { principal: who.principal, entityId: request.entityId },
        request.id,
        request.payload,
      );
    },
    completesOnApproval: () => true,
  });

  cash.attachCeilings({
    breaches: limits.cashEntryBreaches,
    submit: (tx, who, payload) => engine.submit(tx, who, 'LARGE CASH ENTRY', payload),
  });
  return limits;
}
export type LimitsModule = ReturnType<typeof createLimitsModule>;
