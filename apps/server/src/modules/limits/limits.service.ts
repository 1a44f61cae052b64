import type {
  CeilingKind,
  TCeiling,
  TPendingChange,
  ZLimitUpdate,
} from '@clearway/contracts/endpoints/limits.schemas';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { parseAmount } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import { entityPathOf } from '../entities/entity-lookups';
import { idsOfPath } from '../entities/entity-path';
import type { RequestEngine, TypedRequest } from '../requests/request-engine.service';
import {
  breachMessage,
  breachOf,
  ceilingText,
  inForce,
  type Line,
  type RateSheet,
  type Sheet,
} from './ceilings';
import { ceilingsSetBy, ownCeiling, writeCeiling } from './limits.repo';
import { EVERY_ASSET } from './limits.tables';

type Who = { principal: Principal; entityId: number };
type Deps = {
  db: Db;
  engine: RequestEngine;
  rates: RateSheet;
  /** The entity's line, root first (the entities module's). @throws NotFound */
  ancestry: (entityId: number) => Promise<Line>;
  /** An asset's scale (the ledger's). @throws BadRequest (unknown asset) */
  scaleOf: (asset: string) => Promise<number>;
};

export const FROM_ABOVE = 'A change of an entity’s ceiling is approved from above it, never by its own users';

/**
 * Ceilings: the most one back-office cash entry or one money request may move, per entity and
 * asset, inherited down the tree (the nearest entity up the line that sets one wins; none: the
 * platform default), each in the asset's units and as a value in a base currency — the
 * stricter binds. A change is a 'LIMIT' request, applied when another person approves it.
 */
export function createLimitsService(deps: Deps) {
  const { db, engine } = deps;

  /** The ceilings in force at an entity, read through `tx` (a booking's own transaction). @throws NotFound */
  async function effective(entityId: number, tx: DbOrTx = db): Promise<TCeiling[]> {
    const path = await entityPathOf(tx, entityId);
    if (path === null) throw notFound('Entity not found');
    const line = idsOfPath(path);
    return inForce(line, await ceilingsSetBy(tx, line));
  }

  /** The rate sheet, read once and only when an amount must be valued in another currency. */
  function lazySheet(): () => Promise<Sheet> {
    let read: Promise<Sheet> | null = null;
    return () => {
      read ??= deps.rates.sheet().then((rates) => ({ rates, quoteFrom: deps.rates.quoteFrom }));
      return read;
    };
  }

  /** The ceiling of `kind` at any of these entities that `amount` of `asset` is above (the first found), or null. */
  async function breach(
    kind: CeilingKind,
    entityIds: number[],
    asset: string,
    amount: string,
    tx: DbOrTx = db,
    sheet = lazySheet(),
  ) {
    for (const entityId of new Set(entityIds)) {
      const over = await breachOf(await effective(entityId, tx), kind, asset, amount, sheet);
      if (over) return over;
    }
    return null;
  }

  /**
   * A ceiling binds an entity's own users: they may ask for a change, but only a principal
   * whose home lies strictly above the entity (or, for the platform's root, at it) decides one
   * — so a client never loosens its own ceiling, however many of its users agree.
   * @throws Forbidden
   */
  async function assertFromAbove(principal: Principal, entityId: number) {
    const line = await deps.ancestry(entityId);
    const above = line.slice(0, -1).some((e) => e.id === principal.homeEntityId);
    const rootStaff = line.length === 1 && principal.homeEntityId === entityId;
    if (!above && !rootStaff) throw forbidden(FROM_ABOVE);
  }

  engine.register('LIMIT', {
    assertDecider: (_db, request, who) => assertFromAbove(who.principal, request.entityId),
    onApproved: (tx, request, who) => apply(tx as Tx, request, who.principal),
    completesOnApproval: () => true,
  });

  async function apply(tx: Tx, request: TypedRequest<'LIMIT'>, approver: Principal) {
    const p = request.payload;
    const c = { entityId: request.entityId, kind: p.kind, asset: p.ceilingAsset ?? EVERY_ASSET };
    const before = await ownCeiling(tx, c.entityId, c.kind, c.asset);
    await writeCeiling(tx, { ...c, maximum: p.maximum, currency: p.currency }, request.id);
    await recordAudit(
      tx,
      { principal: approver, entityId: request.entityId },
      {
        action: 'limits.update',
        outcome: 'success',
        target: `${c.entityId}:${c.kind}:${c.asset}`,
        details: {
          requestId: request.id,
          from: before ? `${before.maximum} ${before.currency}` : null,
          to: p.maximum === null ? null : `${p.maximum} ${p.currency}`,
        },
      },
    );
  }

  return {
    /** The ceilings in force at an entity, each with where it comes from. */
    list: (entityId: number) => effective(entityId),

    /**
     * Asks for the entity's own ceiling to change: a 'LIMIT' request; nothing changes until
     * another person approves it.
     * @throws BadRequest (asset, scale, nothing to remove),
     * Conflict (the same change is already pending, the entity frozen)
     */
    async propose(who: Who, body: z.output<typeof ZLimitUpdate>): Promise<TPendingChange> {
      const line = await deps.ancestry(who.entityId);
      const currency = body.asset ?? line.at(-1)?.currencyCode ?? 'USD';
      const maximum =
        body.maximum === null
          ? null
          : parseAmount(body.maximum, await deps.scaleOf(currency), 'maximum').toFixed();
      const asset = body.asset ?? EVERY_ASSET;
      const now = await effective(who.entityId);
      const current = now.find((c) => c.kind === body.kind && (c.asset ?? EVERY_ASSET) === asset);
      if (maximum === null && current?.setAt !== who.entityId)
        throw badRequest('maximum: this entity sets no ceiling of its own to remove', {
          maximum: 'this entity sets no ceiling of its own to remove',
        });
      const request = await db.transaction((tx) =>
        engine.submit(tx, who, 'LIMIT', {
          kind: body.kind,
          ceilingAsset: body.asset,
          maximum,
          currency,
          current: current ? ceilingText(current) : 'none of its own for this asset',
        }),
      );
      return {
        pendingRequest: {
          id: request.id,
          type: 'LIMIT',
          requiredApprovals: Math.max(1, request.requiredApprovals),
          message: `Sent for approval as request #${request.id}: the ceiling changes once another person approves it`,
        },
      };
    },

    /**
     * For each cash entry, the ceiling it is above at any of its owners, as it reads (null:
     * within); the sheet read at most once. Read on the pool, never on the booking's
     * transaction: its pipelined posting may already have failed (a refusal for funds) and
     * aborted it while these reads would still be on their way.
     */
    async cashEntryBreaches(
      entries: { entityIds: number[]; asset: string; amount: string }[],
    ): Promise<(string | null)[]> {
      const sheet = lazySheet();
      const found: (string | null)[] = [];
      for (const e of entries) {
        const over = await breach('CASH_ENTRY', e.entityIds, e.asset, e.amount, db, sheet);
        found.push(over ? ceilingText(over) : null);
      }
      return found;
    },

    /**
     * Refuses a money request above the ceiling of the account owner's line (422, naming the
     * limit: its amount and asset).
     */
    async assertRequestWithin(entityId: number, asset: string, amount: string): Promise<void> {
      const over = await breach('MONEY_REQUEST', [entityId], asset, amount);
      if (over)
        throw new AppError('BadRequest', 422, breachMessage('MONEY_REQUEST', over), {
          amount: `at most ${over.maximum} ${over.currency}${over.asset === null ? ' by value' : ''}`,
        });
    },
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
