import { sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { DbOrTx, Tx } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import type { Resolver } from '../authorization/resolver.service';
import type { RequestEngine } from '../requests/request-engine.service';
import { findEntity, updateEntityRow } from './entities.repo';
import { entities } from './entities.tables';
import { freezeHolding, frozenMessage, parseFreezeHolder } from './entity-lookups';
import { idsOfPath } from './entity-path';
import { entityPath, pathWithin } from './entity-sql';

type Who = { principal: Principal; entityId?: number | null };
/** A move as asked: the entity, the parent it leaves and the one it goes to. */
export type Move = { entityId: number; fromParentId: number; toParentId: number };

export const BELOW_ITSELF = 'An entity cannot move below itself';
export const MOVED_SINCE = 'This entity has moved since this move was asked for; ask again';
export const REQUESTER_GONE = 'The one who asked for this move may no longer make it';
export const MOVE_FROM_ABOVE =
  'Only an administrator above this entity and at its new parent may approve its move';

/**
 * Moving an entity (issue 38): governance and freezes go with it. A freeze covers the frozen
 * entity's subtree wherever its members move, so no move leaves or enters a frozen subtree,
 * nor carries a freeze away from the level that set it (the only one, with those above it,
 * that may lift it). A move changes the approval rules the subtree inherits, so where approval
 * policies are under four eyes ('APPROVAL POLICY' in force at the old parent, the new parent,
 * the entity or below it) it is an 'ENTITY MOVE' request, applied when another administrator
 * approves it and checked again then (freeze, place, reach).
 */
export function createEntityMoves(deps: { resolver: Resolver }) {
  const { resolver } = deps;
  let engine: RequestEngine | null = null;

  /**
   * Locks the rows of both lines (the entity's, up to the root, and the new parent's) against
   * a freeze or a move that would commit beside this one. The entity's row is locked for update.
   */
  async function lockLines(tx: Tx, m: Move) {
    await tx.execute(sql`select id from ${entities}
      where id in (select unnest(string_to_array(trim(both '/' from ${entityPath(m.toParentId)}), '/')::int[]))
         or id in (select unnest(string_to_array(trim(both '/' from ${entityPath(m.entityId)}), '/')::int[]))
      order by id for share`);
    await tx.execute(sql`select id from ${entities} where id = ${m.entityId} for update`);
  }

  /**
   * A move out of or into a frozen subtree, or of a subtree holding a freeze, is refused with
   * the freeze's message. @throws Conflict
   */
  async function refuseFrozen(tx: DbOrTx, m: Move) {
    const holder = (await freezeHolding(tx, m.entityId)) ?? (await freezeHolding(tx, m.toParentId));
    if (holder) throw conflict(frozenMessage(holder));
    const res = await tx.execute<{ holder: string }>(sql`select below.id || ':' || below.name as holder
      from ${entities} below
      where below.frozen_at is not null and ${pathWithin(sql`below.path`, entityPath(m.entityId))}
      order by below.path limit 1`);
    const inside = parseFreezeHolder(res.rows[0]?.holder);
    if (inside) throw conflict(frozenMessage(inside));
  }

  /**
   * Where the entity sits now: below `fromParentId`, and the new parent not within its own
   * subtree. `asked`: when the move is asked for (a 400 for a parent below itself), else when
   * it is applied (409: the tree changed since). @throws BadRequest, Conflict, NotFound
   */
  async function refuseMisplaced(tx: DbOrTx, m: Move, asked: boolean) {
    const found = await findEntity(tx, m.entityId);
    const target = await findEntity(tx, m.toParentId);
    if (!found || !target) throw notFound('Entity not found');
    if (found.entity.parentId !== m.fromParentId) throw conflict(MOVED_SINCE);
    if (idsOfPath(target.entity.path).includes(m.entityId))
      throw asked
        ? badRequest(BELOW_ITSELF, { parentId: 'cannot be the entity or one of its descendants' })
        : conflict(BELOW_ITSELF);
    return { entity: found.entity, toParentName: target.entity.name, fromParentName: found.parentName ?? '' };
  }

  /**
   * Whether approval policies are under four eyes for this move: a rule for 'APPROVAL POLICY'
   * in force at the old parent or the entity (its own or inherited), at the new parent, or set
   * anywhere in the moved subtree (whose inherited rules the move changes too).
   */
  async function governed(tx: DbOrTx, m: Move): Promise<boolean> {
    if (!engine) return false;
    const policies = engine.policies;
    const inForce = async (id: number) => (await policies.of(tx, id, 'APPROVAL POLICY')).setAt !== null;
    if ((await inForce(m.entityId)) || (await inForce(m.toParentId))) return true;
    const below = await tx.execute<{ id: number }>(sql`select below.id from ${entities} below
      where ${pathWithin(sql`below.path`, entityPath(m.entityId))} and below.id <> ${m.entityId}
      order by below.path`);
    for (const { id } of below.rows) if (await inForce(Number(id))) return true;
    return false;
  }

  /**
   * The move itself, audited: `viaRequest` names the approved request that applied it.
   * Checked first (place, freezes) under the lines' locks. @throws BadRequest, Conflict
   */
  async function applyIn(tx: Tx, who: Who, m: Move, viaRequest?: number) {
    await lockLines(tx, m);
    await refuseMisplaced(tx, m, viaRequest === undefined);
    await refuseFrozen(tx, m);
    await updateEntityRow(tx, m.entityId, { parentId: m.toParentId });
    await recordAudit(
      tx,
      { ...who, entityId: m.entityId },
      {
        action: 'entity.move',
        outcome: 'success',
        target: String(m.entityId),
        details: {
          fromParentId: m.fromParentId,
          toParentId: m.toParentId,
          ...(viaRequest === undefined ? {} : { requestId: viaRequest }),
        },
      },
    );
  }

  /**
   * A move in the caller's transaction: applied at once, or — where approval policies are
   * under four eyes — submitted as an 'ENTITY MOVE' request (its id returned), the parent
   * unchanged. @throws BadRequest (below itself), Conflict (a freeze; an identical move pending)
   */
  async function moveIn(tx: Tx, who: Who, m: Move): Promise<{ pendingRequestId?: number }> {
    await lockLines(tx, m);
    const place = await refuseMisplaced(tx, m, true);
    await refuseFrozen(tx, m);
    if (!engine || !(await governed(tx, m))) {
      await applyIn(tx, who, m);
      return {};
    }
    const request = await engine.submit(
      tx,
      { principal: who.principal, entityId: m.entityId },
      'ENTITY MOVE',
      {
        fromParentId: m.fromParentId,
        fromParentName: place.fromParentName,
        toParentId: m.toParentId,
        toParentName: place.toParentName,
      },
    );
    return { pendingRequestId: request.id };
  }

  /**
   * Whether a principal may move the entity from `fromParentId` to `toParentId` as the row
   * and the update ask of a mover: account_management for the entities below the old parent
   * (from above the entity) and at the new parent. Read when a move is decided, for the
   * approver and again for the one who asked (their rights may have changed since).
   */
  async function mayMove(principal: Principal, m: Move) {
    const [above, at] = await Promise.all([
      resolver.resolve(principal, m.fromParentId),
      resolver.resolve(principal, m.toParentId),
    ]);
    return (
      !!above?.childPermissions.includes('account_management') &&
      !!at?.permissions.includes('account_management')
    );
  }

  /**
   * The one who asked, as the resolver reads a principal: its grants are all that give it
   * account_management anywhere (a home entity adds visibility, never keys).
   */
  const requesterOf = (r: {
    requesterKind: string;
    requesterId: string;
    requesterName: string;
  }): Principal => ({
    kind: r.requesterKind === 'apiKey' ? 'apiKey' : 'user',
    id: r.requesterId,
    name: r.requesterName,
    homeEntityId: 0,
    via: r.requesterKind === 'apiKey' ? 'apiKey' : 'session',
    twoFactorPending: false,
  });

  /** Registers the 'ENTITY MOVE' request type's handler with the request engine. */
  function governWith(e: RequestEngine) {
    engine = e;
    e.register('ENTITY MOVE', {
      // Each decider could make the move themselves, and so still could the one who asked.
      assertDecider: async (_db, r, who, decision) => {
        const m = {
          entityId: r.entityId,
          fromParentId: r.payload.fromParentId,
          toParentId: r.payload.toParentId,
        };
        if (!(await mayMove(who.principal, m))) throw forbidden(MOVE_FROM_ABOVE);
        if (decision === 'APPROVED' && !(await mayMove(requesterOf(r), m))) throw conflict(REQUESTER_GONE);
      },
      // Applied under the lines' locks, checked again: still where it was, nothing frozen.
      onApproved: (tx, r, who) =>
        applyIn(
          tx as Tx,
          who,
          { entityId: r.entityId, fromParentId: r.payload.fromParentId, toParentId: r.payload.toParentId },
          r.id,
        ),
      completesOnApproval: () => true,
    });
  }

  return { moveIn, governWith };
}
export type EntityMoves = ReturnType<typeof createEntityMoves>;
