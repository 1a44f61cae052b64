import type { REQUEST_MOVES, TRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import type { RequestType } from '@clearway/contracts/enums';
import { type PermissionKey, satisfies } from '@clearway/contracts/permissions';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import { type Db, type DbOrTx, groupBy, inBigIds, inIds } from '../../platform/db';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { requestHash } from '../../platform/idempotency';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import type { Resolver } from '../authorization/resolver.service';
import { createApprovalPolicies } from './approval-policies.service';
import { requestApprovals, requestHistory, requests } from './requests.tables';

type Move = (typeof REQUEST_MOVES)[number];
type RequestRow = typeof requests.$inferSelect;
type Who = { principal: Principal; entityId?: number | null };

/** What a request type does when it is decided; each runs in the deciding transaction. */
export type RequestHandler = {
  onApproved?: (tx: DbOrTx, request: RequestRow, who: Who) => Promise<void>;
  onRejected?: (tx: DbOrTx, request: RequestRow, who: Who) => Promise<void>;
  onCancelled?: (tx: DbOrTx, request: RequestRow, who: Who) => Promise<void>;
  onCompleted?: (tx: DbOrTx, request: RequestRow, who: Who) => Promise<void>;
};

/**
 * The audit row of what an approved request changed (the wallet it whitelisted, the bank
 * account it removed …), on the request's entity and naming the request.
 */
export function auditApprovedEffect(
  tx: DbOrTx,
  request: RequestRow,
  who: Who,
  action: string,
  target: number,
): Promise<void> {
  return recordAudit(
    tx,
    { ...who, entityId: request.entityId },
    { action, outcome: 'success', target: String(target), details: { requestId: request.id } },
  );
}

/** The key an approver needs, by request type. */
export const APPROVAL_KEY: Record<RequestType, PermissionKey> = {
  'BANK ACCOUNT': 'approve_whitelist',
  'WALLET ADDRESS': 'approve_whitelist',
  'REMOVE BANK ACCOUNT': 'approve_whitelist',
  'REMOVE WALLET': 'approve_whitelist',
  'UPDATE WALLET': 'approve_whitelist',
  'UPDATE BANK ACCOUNT': 'approve_whitelist',
  WITHDRAWAL: 'approve_withdrawal',
  'INTERNAL TRANSFER': 'approve_withdrawal',
  DEPOSIT: 'approve_deposit',
};

export const ALREADY_DECIDED = 'This request has already been decided';
export const SELF_APPROVAL = 'You cannot decide a request you made yourself';

/**
 * The request engine: PENDING → APPROVED | REJECTED | CANCELLED (by the requester), and
 * APPROVED → COMPLETED. Each move locks the request row, so concurrent moves happen one
 * at a time and a second decision answers 409. The requester never decides their own
 * request (maker-checker, whatever credential either side used). An approval policy can
 * ask for several distinct approvers. Every move is a history row and an audit row.
 */
/** Hooks run inside the submitting / deciding transaction (e.g. to notify people). */
export type RequestEvents = {
  submitted?: (tx: DbOrTx, request: RequestRow, approverKey: PermissionKey) => Promise<void>;
  decided?: (tx: DbOrTx, request: RequestRow, to: string, who: Who) => Promise<void>;
};

export function createRequestEngine(
  db: Db,
  resolver: Resolver,
  sameHuman: (a: Principal, requester: { kind: string; id: string }) => Promise<boolean>,
  events: RequestEvents = {},
) {
  const handlers = new Map<RequestType, RequestHandler>();
  const policies = createApprovalPolicies(db);

  /**
   * Requests as views with their approvals and history: one statement per relation whatever
   * the number of rows, and one after another — `tx` may be a transaction's single client.
   */
  async function viewsOf(tx: DbOrTx, rows: RequestRow[]): Promise<TRequestView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const approvals = await tx
      .select()
      .from(requestApprovals)
      .where(inBigIds(requestApprovals.requestId, ids))
      .orderBy(asc(requestApprovals.at));
    const history = await tx
      .select()
      .from(requestHistory)
      .where(inBigIds(requestHistory.requestId, ids))
      .orderBy(asc(requestHistory.id));
    const approvalsOf = groupBy(approvals, (a) => a.requestId);
    const historyOf = groupBy(history, (h) => h.requestId);
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      entityId: r.entityId,
      requester: { kind: r.requesterKind, id: r.requesterId, name: r.requesterName },
      payload: r.payload,
      status: r.status,
      requiredApprovals: r.requiredApprovals,
      approvals: (approvalsOf.get(r.id) ?? []).map((a) => ({
        kind: a.approverKind,
        id: a.approverId,
        name: a.approverName,
        at: a.at.toISOString(),
      })),
      history: (historyOf.get(r.id) ?? []).map((h) => ({
        from: h.fromStatus,
        to: h.toStatus,
        by: { kind: h.byKind, id: h.byId, name: h.byName },
        reason: h.reason,
        at: h.at.toISOString(),
      })),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  async function view(tx: DbOrTx, id: number): Promise<TRequestView> {
    const [r] = await tx.select().from(requests).where(eq(requests.id, id));
    if (!r) throw notFound('Request not found');
    return (await viewsOf(tx, [r]))[0]!;
  }

  async function record(
    tx: DbOrTx,
    who: Who,
    r: RequestRow,
    from: string | null,
    to: string,
    reason: string | null,
  ) {
    const p = who.principal;
    await tx.insert(requestHistory).values({
      requestId: r.id,
      fromStatus: from,
      toStatus: to,
      byKind: p.kind,
      byId: p.id,
      byName: p.name,
      reason,
    });
    await recordAudit(
      tx,
      { ...who, entityId: r.entityId },
      {
        action: `request.${to.toLowerCase()}`,
        outcome: 'success',
        target: String(r.id),
        details: { type: r.type, from, to, reason },
      },
    );
  }

  async function setStatus(tx: DbOrTx, r: RequestRow, to: RequestRow['status']) {
    await tx.update(requests).set({ status: to, updatedAt: new Date() }).where(eq(requests.id, r.id));
  }

  /**
   * Who the caller is to this request, worked out before the row is locked: the request's
   * entity, type and requester never change, and these reads must not wait for a second
   * pooled connection while a transaction holds one.
   */
  async function standing(who: Who, requestId: number) {
    const [r] = await db.select().from(requests).where(eq(requests.id, requestId));
    const held = r ? await resolver.resolve(who.principal, r.entityId) : null;
    if (!r || !held) throw notFound('Request not found');
    const isRequester = await sameHuman(who.principal, { kind: r.requesterKind, id: r.requesterId });
    return { isRequester, mayDecide: satisfies(held, { keys: [APPROVAL_KEY[r.type]] }) };
  }

  /** Refuses a decision by the requester or by anyone without the type's approve key there. */
  function assertApprover(s: { isRequester: boolean; mayDecide: boolean }) {
    if (s.isRequester) throw forbidden(SELF_APPROVAL);
    if (!s.mayDecide) throw forbidden();
  }

  return {
    register(type: RequestType, handler: RequestHandler) {
      handlers.set(type, handler);
    },

    /** Submits a request; its payload is frozen from here on. @throws Conflict (duplicate) */
    async submit(
      tx: DbOrTx,
      who: Who & { entityId: number },
      type: RequestType,
      payload: Record<string, unknown>,
    ) {
      const requiredApprovals = await policies.requiredFor(tx, who.entityId, type);
      const p = who.principal;
      try {
        const [row] = await tx
          .insert(requests)
          .values({
            type,
            entityId: who.entityId,
            requesterKind: p.kind,
            requesterId: p.id,
            requesterName: p.name,
            payload,
            payloadHash: requestHash(payload),
            requiredApprovals,
          })
          .returning();
        await record(tx, who, row!, null, 'PENDING', null);
        await events.submitted?.(tx, row!, APPROVAL_KEY[type]);
        return row!;
      } catch (err) {
        if (pgErrorCode(err) === '23505') throw conflict('An identical request is already pending');
        throw err;
      }
    },

    view: (id: number, tx: DbOrTx = db) => view(tx, id),

    /** @throws NotFound (not visible), Forbidden (maker-checker, keys), Conflict (already decided) */
    async move(who: Who, requestId: number, to: Move, reason: string | null): Promise<TRequestView> {
      const s = await standing(who, requestId);
      return db.transaction(async (tx) => {
        const [r] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
        if (!r) throw notFound('Request not found');
        const handler = handlers.get(r.type) ?? {};
        switch (to) {
          case 'CANCELLED': {
            if (r.status !== 'PENDING') throw conflict(ALREADY_DECIDED);
            if (!s.isRequester) throw forbidden('Only the requester can cancel a request');
            await setStatus(tx, r, 'CANCELLED');
            await handler.onCancelled?.(tx, r, who);
            break;
          }
          case 'REJECTED': {
            if (r.status !== 'PENDING') throw conflict(ALREADY_DECIDED);
            assertApprover(s);
            await setStatus(tx, r, 'REJECTED');
            await handler.onRejected?.(tx, r, who);
            break;
          }
          case 'APPROVED': {
            if (r.status !== 'PENDING') throw conflict(ALREADY_DECIDED);
            assertApprover(s);
            const p = who.principal;
            const added = await tx
              .insert(requestApprovals)
              .values({ requestId: r.id, approverKind: p.kind, approverId: p.id, approverName: p.name })
              .onConflictDoNothing()
              .returning({ id: requestApprovals.requestId });
            if (!added.length) throw conflict('You have already approved this request');
            const [{ n }] = (
              await tx.execute<{ n: number }>(
                sql`select count(*)::int as n from request_approvals where request_id = ${r.id}`,
              )
            ).rows as [{ n: number }];
            if (n < r.requiredApprovals) {
              await record(
                tx,
                who,
                r,
                'PENDING',
                'PENDING',
                `approval ${n} of ${r.requiredApprovals}${reason ? `: ${reason}` : ''}`,
              );
              return view(tx, r.id);
            }
            await setStatus(tx, r, 'APPROVED');
            await handler.onApproved?.(tx, r, who);
            break;
          }
          case 'COMPLETED': {
            if (r.status !== 'APPROVED')
              throw new AppError('Conflict', 409, 'Only an approved request can be completed');
            assertApprover(s);
            await setStatus(tx, r, 'COMPLETED');
            await handler.onCompleted?.(tx, r, who);
            break;
          }
        }
        await record(tx, who, r, r.status, to, reason);
        await events.decided?.(tx, r, to, who);
        return view(tx, r.id);
      });
    },

    /** Requests of some types at some entities, newest first, with their approvals. */
    async list(
      entityIds: number[],
      types: readonly RequestType[],
      f: { status?: RequestRow['status']; limit: number; offset: number },
    ) {
      if (!entityIds.length) return { items: [], total: 0 };
      const where = and(
        inIds(requests.entityId, entityIds),
        inArray(requests.type, [...types]),
        f.status ? eq(requests.status, f.status) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(requests)
          .where(where)
          .orderBy(desc(requests.createdAt), desc(requests.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(requests).where(where),
      ]);
      return { items: await viewsOf(db, rows), total: count?.n ?? 0 };
    },

    /** These request rows as views, in their order (a list's page: a fixed number of statements). */
    views: (rows: RequestRow[], tx: DbOrTx = db) => viewsOf(tx, rows),

    /** Approval policies (how many distinct approvers each request type needs). */
    policies,
  };
}
export type RequestEngine = ReturnType<typeof createRequestEngine>;
