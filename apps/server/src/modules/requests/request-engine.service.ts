import { P } from '@clearway/contracts/endpoints/permission-sets';
import {
  REJECTION_NEEDS_REASON,
  type REQUEST_MOVES,
  type TApprovalPolicy,
  type TRequestView,
  ZRequestView,
} from '@clearway/contracts/endpoints/requests.schemas';
import type { RequestStatus, RequestType } from '@clearway/contracts/enums';
import { type EntityPermissions, satisfies } from '@clearway/contracts/permissions';
import {
  type PayloadInputOf,
  type PayloadOf,
  requestTypeOf,
} from '@clearway/contracts/request-types/request-types';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { createEvents } from '../../platform/events';
import { requestHash } from '../../platform/idempotency';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import type { Resolver } from '../authorization/resolver.service';
import { freezeHolding, frozenMessage } from '../entities/entity-lookups';
import { entityWithin } from '../entities/entity-sql';
import { createApprovalPolicies, type PolicyGroups } from './approval-policies.service';
import { type AwaitingFilter, listAwaiting, stillToDecide } from './awaiting-decision';
import type { RequestEvents, RequestSummary } from './request-events';
import { type Acting, type Identity, personOf } from './request-person';
import { loadViews, type RequestRow, storedPayload } from './request-views';
import { requestApprovals, requestHistory, requests } from './requests.tables';

type Move = (typeof REQUEST_MOVES)[number];
type Who = { principal: Principal; entityId?: number | null };

/** A request of type T as its handler sees it: the stored row, its payload read through the type's schema. */
export type TypedRequest<T extends RequestType> = Omit<RequestRow, 'type' | 'payload'> & {
  type: T;
  payload: PayloadOf<T>;
};

/**
 * What deciding a request of type T does (the server's half of the type's definition in
 * `@clearway/contracts/request-types`), registered by the module that owns the effect. Each
 * runs inside the deciding transaction; a throw undoes the decision.
 */
export type RequestHandler<T extends RequestType> = {
  /**
   * Who may decide a request of this type beyond the type's approve key, judged for EVERY
   * decision — each approval of a several-approver policy, a rejection, a completion — before
   * it is recorded, not only the final approval that runs `onApproved` (an earlier approver
   * is one of the four eyes too). It runs with the pool before the decision's transaction, as
   * the approve key is judged (`standing`): the request's entity, type and payload never
   * change, and its reads must not wait for a second connection while a transaction holds one.
   * A throw (Forbidden) refuses the decision with nothing written. Cancelling is the
   * requester's own and is not judged here.
   */
  assertDecider?: (db: DbOrTx, request: TypedRequest<T>, who: Who, decision: Decision) => Promise<void>;
  onApproved?: (tx: Tx, request: TypedRequest<T>, who: Who) => Promise<void>;
  onRejected?: (tx: Tx, request: TypedRequest<T>, who: Who) => Promise<void>;
  onCancelled?: (tx: Tx, request: TypedRequest<T>, who: Who) => Promise<void>;
  onCompleted?: (tx: Tx, request: TypedRequest<T>, who: Who) => Promise<void>;
  /**
   * Whether the final approval, through `onApproved`, moves the request's money all the way
   * (posted in the ledger, nothing left to do): the request is then COMPLETED in the same
   * transaction rather than left APPROVED. A crypto withdrawal is complete only once its
   * transaction hash is added.
   */
  completesOnApproval?: (request: TypedRequest<T>) => boolean;
};
type Phase = 'onApproved' | 'onRejected' | 'onCancelled' | 'onCompleted';
type Run = (phase: Phase, tx: Tx, row: RequestRow, who: Who) => Promise<void>;
/** A decision on a request (cancelling is the requester's, not a decision). */
export type Decision = Exclude<Move, 'CANCELLED'>;
type Decider = (db: DbOrTx, row: RequestRow, who: Who, decision: Decision) => Promise<void>;

/** A list's filter: status, payload fields, creation time, order and page. */
export type RequestFilter = {
  status?: RequestStatus;
  /** Each: the value is in one of these payload fields (`asset`; `accountId` or `toAccountId`). */
  payload?: { fields: readonly string[]; value: string }[];
  /** Each of these payload fields is present (a withdrawal made as a transfer carries `transferFee`). */
  withPayload?: readonly string[];
  createdFrom?: Date;
  createdTo?: Date;
  direction?: 'asc' | 'desc';
  limit: number;
  offset: number;
};

const summaryOf = (r: RequestRow): RequestSummary => ({
  id: r.id,
  type: r.type,
  entityId: r.entityId,
  requesterKind: r.requesterKind,
  requesterId: r.requesterId,
  requesterName: r.requesterName,
});

/**
 * The audit row of what an approved request changed (the wallet it whitelisted, the bank
 * account it removed …), on the request's entity and naming the request.
 */
export function auditApprovedEffect(
  tx: Tx,
  request: { id: number; entityId: number },
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

export const ALREADY_DECIDED = 'This request has already been decided';
export const SELF_APPROVAL = 'You cannot decide a request you made yourself';
export const ALREADY_APPROVED = 'You have already approved this request';

/**
 * The request engine: PENDING → APPROVED | REJECTED (with a reason) | CANCELLED (by the
 * requester), and APPROVED → COMPLETED — at once when the approval moved the request's
 * money all the way (`completesOnApproval`), later otherwise. Each move locks the request
 * row, so concurrent moves happen one at a time and a second decision answers 409. The requester never decides their own
 * request (maker-checker, whatever credential either side used: `humanOf` names the person
 * behind a user or an API key). An approval policy can ask for several distinct approvers:
 * distinct people, never one person's session, bearer token and API keys counted apart
 * (`request-person.ts`; the database holds one approval per person and request). A move
 * made by an API key names the key and the user it acts for.
 * Every move is a history row and an audit row. Payloads are typed by their request type's
 * definition, checked when stored and when read. Submissions and decisions are announced
 * as `events` (request-events.ts), inside their transaction.
 */
export function createRequestEngine(deps: {
  db: Db;
  resolver: Resolver;
  humanOf: (principal: { kind: string; id: string }) => Promise<string | null>;
  /** Every principal of the same person (the user and the API keys it created). */
  identitiesOf: (principal: { kind: string; id: string }) => Promise<Identity[]>;
  /** A user's name as people know it (an API key's owner, named beside the key). */
  nameOf: (userId: string) => Promise<string>;
  /** Groups (the authorization module's): names, visibility, and a principal's memberships. */
  groups: PolicyGroups & { idsOf: (principal: { kind: string; id: string }) => Promise<number[]> };
}) {
  const { db, resolver } = deps;
  const handlers = new Map<RequestType, Run>();
  const deciders = new Map<RequestType, Decider>();
  const completions = new Map<RequestType, (row: RequestRow) => boolean>();
  const policyStore = createApprovalPolicies(db, deps.groups);
  const events = createEvents<RequestEvents>();

  /** The person behind a principal, and the owner an API key acts for (`request-person.ts`). */
  async function actingOf(p: Principal): Promise<Acting> {
    const human = await deps.humanOf(p);
    const owned = p.kind === 'apiKey' && human !== null;
    return {
      person: personOf(p, human),
      onBehalfOf: owned ? { id: human, name: await deps.nameOf(human) } : null,
    };
  }

  async function view(tx: DbOrTx, id: number): Promise<TRequestView> {
    const [r] = await tx.select().from(requests).where(eq(requests.id, id));
    if (!r) throw notFound('Request not found');
    return (await loadViews(tx, [r], ZRequestView))[0]!;
  }

  async function run(phase: Phase, tx: Tx, r: RequestRow, who: Who) {
    await handlers.get(r.type)?.(phase, tx, r, who);
  }

  /** A move's history row and audit row; `acting` names the owner an API key decided for. */
  async function record(
    tx: Tx,
    who: Who,
    r: RequestRow,
    from: string | null,
    to: string,
    reason: string | null,
    acting: Acting | null = null,
  ) {
    const p = who.principal;
    const owner = acting?.onBehalfOf ?? null;
    await tx.insert(requestHistory).values({
      requestId: r.id,
      fromStatus: from,
      toStatus: to,
      byKind: p.kind,
      byId: p.id,
      byName: p.name,
      onBehalfOfId: owner?.id ?? null,
      onBehalfOfName: owner?.name ?? null,
      reason,
    });
    await recordAudit(
      tx,
      { ...who, entityId: r.entityId },
      {
        action: `request.${to.toLowerCase()}`,
        outcome: 'success',
        target: String(r.id),
        details: { type: r.type, from, to, reason, ...(owner ? { onBehalfOf: owner } : {}) },
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
    // Maker-checker compares people: the maker's own API key or bearer token is the maker.
    const requester = { kind: r.requesterKind, id: r.requesterId };
    const acting = await actingOf(who.principal);
    const isRequester = acting.person === personOf(requester, await deps.humanOf(requester));
    // A policy may name the approvers' group: then only its members decide (frozen at submission).
    const outsideGroup =
      r.approverGroupId !== null && !(await deps.groups.idsOf(who.principal)).includes(r.approverGroupId);
    return {
      request: r,
      acting,
      isRequester,
      outsideGroup,
      mayDecide: !outsideGroup && satisfies(held, { keys: [requestTypeOf(r.type).approveKey] }),
    };
  }

  /**
   * The type's own check of a decider (`RequestHandler.assertDecider`), for a caller the
   * engine's rules let decide: the others are refused by `assertApprover` as before.
   */
  async function assertDecider(s: Awaited<ReturnType<typeof standing>>, who: Who, decision: Decision) {
    const check = deciders.get(s.request.type);
    if (check && !s.isRequester && s.mayDecide) await check(db, s.request, who, decision);
  }

  /**
   * Refuses a decision by the requester, by anyone without the type's approve key there, and
   * by anyone outside the approvers' group the request's policy names.
   */
  function assertApprover(s: { isRequester: boolean; mayDecide: boolean; outsideGroup: boolean }) {
    if (s.isRequester) throw forbidden(SELF_APPROVAL);
    if (s.outsideGroup)
      throw forbidden('Only members of the approvers’ group this request’s policy names may decide it');
    if (!s.mayDecide) throw forbidden();
  }

  /**
   * Submits a request; its payload, checked against the type's schema, is frozen from
   * here on. @throws Conflict (an identical request is pending); Error when the payload
   * does not fit its type (the submitting module built it wrong)
   */
  async function submit<T extends RequestType>(
    tx: Tx,
    who: Who & { entityId: number },
    type: T,
    input: PayloadInputOf<T>,
  ) {
    const definition = requestTypeOf(type);
    const checked = definition.payload.safeParse(input);
    if (!checked.success) throw new Error(`A ${type} request's payload does not fit: ${checked.error}`);
    const payload: Record<string, unknown> = checked.data;
    // A frozen subtree takes no new requests; those pending before the freeze stay pending.
    const holder = await freezeHolding(tx, who.entityId);
    if (holder) throw conflict(frozenMessage(holder));
    const policy = await policyStore.requiredFor(tx, who.entityId, type);
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
          requiredApprovals: policy.required,
          approverGroupId: policy.groupId,
        })
        .returning();
      await record(tx, who, row!, null, 'PENDING', null);
      await events.emit(tx, 'submitted', { request: summaryOf(row!), approverKey: definition.approveKey });
      return row!;
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw conflict('An identical request is already pending');
      throw err;
    }
  }

  /**
   * Approval policies, with four eyes on themselves: where a rule for 'APPROVAL POLICY' is
   * in force (set at the entity or above), a change is submitted as a request of that type
   * and applied only when approved by enough other administrators (the handler below);
   * elsewhere it applies at once.
   */
  /** A policy change in `tx`: applied at once, or submitted as an 'APPROVAL POLICY' request where governed. */
  async function proposePolicyIn(
    tx: Tx,
    who: Parameters<typeof policyStore.set>[0],
    entityId: number,
    type: RequestType,
    required: number | null,
    approverGroupId: number | null = null,
  ): Promise<TApprovalPolicy> {
    const governed = (await policyStore.of(tx, entityId, 'APPROVAL POLICY')).setAt !== null;
    if (!governed || !who.principal)
      return policyStore.setIn(tx, who, entityId, type, required, approverGroupId);
    await policyStore.assertGroupNameable(tx, who, approverGroupId);
    const request = await submit(tx, { principal: who.principal, entityId }, 'APPROVAL POLICY', {
      requestType: type,
      requiredApprovals: required,
      approverGroupId: required === null ? null : approverGroupId,
    });
    return { ...(await policyStore.of(tx, entityId, type)), pendingRequestId: request.id };
  }

  const policies = {
    ...policyStore,
    proposeIn: proposePolicyIn,
    set: (
      who: Parameters<typeof policyStore.set>[0],
      entityId: number,
      type: RequestType,
      required: number | null,
      approverGroupId: number | null = null,
    ): Promise<TApprovalPolicy> =>
      db.transaction((tx) => proposePolicyIn(tx, who, entityId, type, required, approverGroupId)),
  };

  const engine = {
    /** Subscribe to submissions and decisions (request-events.ts). */
    events: { on: events.on },

    /** What deciding a request of `type` does; a second registration replaces the first. */
    register<T extends RequestType>(type: T, handler: RequestHandler<T>) {
      const definition = requestTypeOf(type);
      const typed = (row: RequestRow): TypedRequest<T> => ({
        ...row,
        type,
        payload: storedPayload(definition, row),
      });
      handlers.set(type, async (phase, tx, row, who) => {
        const react = handler[phase];
        if (react) await react(tx, typed(row), who);
      });
      const decider = handler.assertDecider;
      if (decider) deciders.set(type, (d, row, who, decision) => decider(d, typed(row), who, decision));
      else deciders.delete(type);
      const completes = handler.completesOnApproval;
      if (completes) completions.set(type, (row) => completes(typed(row)));
      else completions.delete(type);
    },

    submit,

    view: (id: number, tx: DbOrTx = db) => view(tx, id),

    /**
     * @throws BadRequest (a rejection without a reason), NotFound (not visible), Forbidden
     * (maker-checker, keys), Conflict (already decided)
     */
    async move(who: Who, requestId: number, to: Move, reason: string | null): Promise<TRequestView> {
      if (to === 'REJECTED' && !reason?.trim())
        throw badRequest(`reason: ${REJECTION_NEEDS_REASON}`, { reason: REJECTION_NEEDS_REASON });
      const s = await standing(who, requestId);
      if (to !== 'CANCELLED') await assertDecider(s, who, to);
      return db.transaction(async (tx) => {
        const [r] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
        if (!r) throw notFound('Request not found');
        switch (to) {
          case 'CANCELLED': {
            if (r.status !== 'PENDING') throw conflict(ALREADY_DECIDED);
            if (!s.isRequester) throw forbidden('Only the requester can cancel a request');
            await setStatus(tx, r, 'CANCELLED');
            await run('onCancelled', tx, r, who);
            break;
          }
          case 'REJECTED': {
            if (r.status !== 'PENDING') throw conflict(ALREADY_DECIDED);
            assertApprover(s);
            await setStatus(tx, r, 'REJECTED');
            await run('onRejected', tx, r, who);
            break;
          }
          case 'APPROVED': {
            if (r.status !== 'PENDING') throw conflict(ALREADY_DECIDED);
            assertApprover(s);
            const p = who.principal;
            // One approval per person whatever the credential, in the database too: of two
            // approvals landing at once by one person's session and key, one counts.
            const added = await tx
              .insert(requestApprovals)
              .values({
                requestId: r.id,
                approverKind: p.kind,
                approverId: p.id,
                approverName: p.name,
                approverPerson: s.acting.person,
                onBehalfOfId: s.acting.onBehalfOf?.id ?? null,
                onBehalfOfName: s.acting.onBehalfOf?.name ?? null,
              })
              .onConflictDoNothing()
              .returning({ id: requestApprovals.requestId });
            if (!added.length) throw conflict(ALREADY_APPROVED);
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
                s.acting,
              );
              return view(tx, r.id);
            }
            await setStatus(tx, r, 'APPROVED');
            await run('onApproved', tx, r, who);
            if (completions.get(r.type)?.(r)) {
              // The money moved with the approval: one status says so, and the history
              // shows the decision and the completion as the two steps they are.
              await setStatus(tx, r, 'COMPLETED');
              await record(tx, who, r, 'PENDING', 'APPROVED', reason, s.acting);
              await record(tx, who, r, 'APPROVED', 'COMPLETED', null, s.acting);
              await events.emit(tx, 'decided', {
                request: summaryOf(r),
                to,
                status: 'COMPLETED',
                reason,
                by: who,
              });
              return view(tx, r.id);
            }
            break;
          }
          case 'COMPLETED': {
            if (r.status !== 'APPROVED')
              throw new AppError('Conflict', 409, 'Only an approved request can be completed');
            assertApprover(s);
            await setStatus(tx, r, 'COMPLETED');
            await run('onCompleted', tx, r, who);
            break;
          }
        }
        await record(tx, who, r, r.status, to, reason, s.acting);
        await events.emit(tx, 'decided', { request: summaryOf(r), to, status: to, reason, by: who });
        return view(tx, r.id);
      });
    },

    /**
     * Whether the caller may decide request `requestId` now: it is pending, the caller holds
     * its type's approve key where it is, did not make it and has not approved it yet.
     * @throws NotFound (not visible)
     */
    /**
     * Refuses (404) a request whose type the caller neither works with (the request keys) nor
     * decides (its approve key): authorization_management opens approval-policy changes, never
     * a withdrawal's bank details.
     */
    async assertViewable(who: Who, requestId: number): Promise<void> {
      const [r] = await db
        .select({ type: requests.type, entityId: requests.entityId })
        .from(requests)
        .where(eq(requests.id, requestId));
      const held = r ? await resolver.resolve(who.principal, r.entityId) : null;
      const approves = r && held && satisfies(held, { keys: [requestTypeOf(r.type).approveKey] });
      if (!held || !(approves || satisfies(held, P.viewRequests))) throw notFound('Request not found');
    },

    async decidable(who: Who, requestId: number): Promise<boolean> {
      const s = await standing(who, requestId);
      if (s.isRequester || !s.mayDecide) return false;
      try {
        await assertDecider(s, who, 'APPROVED');
      } catch (err) {
        // The type refuses this decider (not staff, the owner frozen …): nothing to decide.
        if (err instanceof AppError) return false;
        throw err;
      }
      return stillToDecide(db, requestId, s.acting.person);
    },

    /**
     * The requests waiting for the caller's decision at `entityId` and below it
     * (`awaiting-decision.ts`), oldest first unless asked otherwise, each read through
     * `schema`. `held`: the caller's permissions there, as the access guard resolved them.
     */
    async awaiting<S extends z.ZodType>(
      who: Who & { entityId: number },
      held: EntityPermissions,
      f: AwaitingFilter,
      schema: S,
    ): Promise<{ items: z.output<S>[]; total: number }> {
      const identities = await deps.identitiesOf(who.principal);
      const person = personOf(who.principal, await deps.humanOf(who.principal));
      const groups = await deps.groups.idsOf(who.principal);
      return listAwaiting(db, who.entityId, held, { identities, person }, groups, f, schema);
    },

    /**
     * Requests of some types at entity `entityId` and below it (newest first unless asked
     * otherwise), each read through `schema` — the union of those types' views.
     */
    async list<S extends z.ZodType>(
      entityId: number,
      types: readonly RequestType[],
      f: RequestFilter,
      schema: S,
    ): Promise<{ items: z.output<S>[]; total: number }> {
      const where = and(
        entityWithin(requests.entityId, entityId),
        inArray(requests.type, [...types]),
        f.status ? eq(requests.status, f.status) : undefined,
        ...(f.payload ?? []).map(
          (m): SQL =>
            sql`${m.value} in (${sql.join(
              m.fields.map((k) => sql`${requests.payload}->>${k}`),
              sql`, `,
            )})`,
        ),
        ...(f.withPayload ?? []).map((k): SQL => sql`(${requests.payload} -> ${k}) is not null`),
        f.createdFrom ? gte(requests.createdAt, f.createdFrom) : undefined,
        f.createdTo ? lte(requests.createdAt, f.createdTo) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(requests)
          .where(where)
          .orderBy(
            f.direction === 'asc' ? asc(requests.createdAt) : desc(requests.createdAt),
            desc(requests.id),
          )
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(requests).where(where),
      ]);
      return { items: await loadViews(db, rows, schema), total: count?.n ?? 0 };
    },

    /** Approval policies (how many distinct approvers each request type needs). */
    policies,
  };
  // An approved policy change applies at once, under the approver's name, naming the request.
  engine.register('APPROVAL POLICY', {
    onApproved: async (tx, r, who) => {
      const p = r.payload;
      await policyStore.setIn(
        tx,
        who,
        r.entityId,
        p.requestType,
        p.requiredApprovals,
        p.approverGroupId,
        r.id,
      );
    },
    completesOnApproval: () => true,
  });
  return engine;
}
export type RequestEngine = ReturnType<typeof createRequestEngine>;
