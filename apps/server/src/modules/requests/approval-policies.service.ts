import type { TApprovalPolicy } from '@clearway/contracts/endpoints/requests.schemas';
import { REQUEST_TYPES, type RequestType } from '@clearway/contracts/enums';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { entityPathOf } from '../entities/entity-lookups';
import { idsOfPath } from '../entities/entity-path';
import { entityNameOf } from '../entities/entity-sql';
import { approvalPolicies } from './requests.tables';

type Who = { principal: Principal | null; request?: FastifyRequest };

/** What the policies read of groups (the authorization module's): names, and whether the caller may see one. */
export type PolicyGroups = {
  namesOf: (ids: number[]) => Promise<Map<number, string>>;
  visibleTo: (db: DbOrTx, principal: Principal, groupId: number) => Promise<boolean>;
};

/**
 * Approval policies: how many distinct approvers a request type needs. A rule set at an
 * entity applies to it and to everything below it, unless an entity nearer the request
 * sets its own (so a broker can demand 2-of-N for all its clients' whitelisting); with no
 * rule anywhere above, one approval is enough.
 */
export function createApprovalPolicies(db: Db, groups: PolicyGroups) {
  /** Each request type's rule as seen from an entity: its own, the nearest ancestor's, or the default. */
  async function effective(tx: DbOrTx, entityId: number): Promise<TApprovalPolicy[]> {
    const path = await entityPathOf(tx, entityId);
    if (path === null) throw notFound('Entity not found');
    const chain = idsOfPath(path); // root first, the entity itself last
    const rules = await tx
      .select({
        type: approvalPolicies.requestType,
        required: approvalPolicies.requiredApprovals,
        groupId: approvalPolicies.approverGroupId,
        entityId: approvalPolicies.entityId,
        entityName: entityNameOf(approvalPolicies.entityId),
      })
      .from(approvalPolicies)
      .where(inArray(approvalPolicies.entityId, chain));
    const depth = (id: number) => chain.indexOf(id);
    const names = await groups.namesOf(rules.flatMap((r) => (r.groupId === null ? [] : [r.groupId])));
    return REQUEST_TYPES.map((type) => {
      const nearest = rules
        .filter((r) => r.type === type)
        .sort((a, b) => depth(b.entityId) - depth(a.entityId))[0];
      return {
        requestType: type,
        requiredApprovals: nearest?.required ?? 1,
        setAt: nearest?.entityId ?? null,
        setAtName: nearest?.entityName ?? null,
        ...(nearest?.groupId
          ? {
              approverGroupId: nearest.groupId,
              approverGroupName: names.get(nearest.groupId) ?? `#${nearest.groupId}`,
            }
          : {}),
      };
    });
  }

  /** A group named as approvers must be one the caller may see (else refused, as if it did not exist). */
  async function assertGroupNameable(tx: DbOrTx, who: Who, approverGroupId: number | null) {
    if (
      approverGroupId !== null &&
      !(who.principal && (await groups.visibleTo(tx, who.principal, approverGroupId)))
    )
      throw badRequest('approverGroupId: no such group among yours', {
        approverGroupId: 'no such group among yours',
      });
  }

  async function setIn(
    tx: Tx,
    who: Who,
    entityId: number,
    type: RequestType,
    required: number | null,
    approverGroupId: number | null = null,
    /** Set when a second administrator's approval applies the change (its group was checked when asked for). */
    viaRequest?: number,
  ): Promise<TApprovalPolicy> {
    if (viaRequest === undefined) await assertGroupNameable(tx, who, approverGroupId);
    const where = and(eq(approvalPolicies.entityId, entityId), eq(approvalPolicies.requestType, type));
    const [before] = await tx.select().from(approvalPolicies).where(where).for('update');
    if (required === null) await tx.delete(approvalPolicies).where(where);
    else
      await tx
        .insert(approvalPolicies)
        .values({ entityId, requestType: type, requiredApprovals: required, approverGroupId })
        .onConflictDoUpdate({
          target: [approvalPolicies.entityId, approvalPolicies.requestType],
          set: { requiredApprovals: required, approverGroupId },
        });
    await recordAudit(
      tx,
      { ...who, entityId },
      {
        action: 'requests.approval-policy',
        outcome: 'success',
        target: `${entityId}:${type}`,
        details: {
          requestType: type,
          from: before?.requiredApprovals ?? null,
          to: required,
          groupFrom: before?.approverGroupId ?? null,
          groupTo: required === null ? null : approverGroupId,
          ...(viaRequest === undefined ? {} : { requestId: viaRequest }),
        },
      },
    );
    return (await effective(tx, entityId)).find((p) => p.requestType === type)!;
  }

  return {
    list: (entityId: number) => effective(db, entityId),

    /** How many distinct approvers a new request of `type` at `entityId` needs, and from which group. */
    async requiredFor(tx: DbOrTx, entityId: number, type: RequestType) {
      const p = (await effective(tx, entityId)).find((x) => x.requestType === type)!;
      return { required: p.requiredApprovals, groupId: p.approverGroupId ?? null };
    },

    /**
     * Sets the entity's own rule for a type (1–10 approvers), or clears it (null) so the
     * inherited rule applies again; audited with the rule it replaced. Requests already
     * submitted keep the number they were submitted with.
     */
    set: (
      who: Who,
      entityId: number,
      type: RequestType,
      required: number | null,
      approverGroupId: number | null = null,
    ): Promise<TApprovalPolicy> =>
      db.transaction((tx) => setIn(tx, who, entityId, type, required, approverGroupId)),

    /** `set` in the caller's transaction (a template sets its policies with the new entity). */
    setIn,
    assertGroupNameable,
    /** The policy of one type as seen from an entity. */
    async of(tx: DbOrTx, entityId: number, type: RequestType): Promise<TApprovalPolicy> {
      return (await effective(tx, entityId)).find((p) => p.requestType === type)!;
    },
  };
}
export type ApprovalPolicies = ReturnType<typeof createApprovalPolicies>;
