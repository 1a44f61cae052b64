import { z } from 'zod';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../enums';
import { trimmed, ZBigId, ZId } from '../primitives';

/** The moves `requests/status/update` can ask for (PENDING is where every request starts). */
export const REQUEST_MOVES = ['APPROVED', 'REJECTED', 'CANCELLED', 'COMPLETED'] as const;

export const ZRequestStatusUpdate = z.strictObject({
  entityId: ZId.optional(),
  requestId: ZBigId,
  status: z.enum(REQUEST_MOVES),
  reason: trimmed(500).optional(),
});

const ZActor = z.object({ kind: z.string(), id: z.string(), name: z.string() });

export const ZRequestView = z.object({
  id: z.number(),
  type: z.enum(REQUEST_TYPES),
  entityId: z.number(),
  requester: ZActor,
  /** Exactly what was submitted; approvers decide on this. */
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(REQUEST_STATUSES),
  requiredApprovals: z.number(),
  approvals: z.array(ZActor.extend({ at: z.string() })),
  history: z.array(
    z.object({
      from: z.string().nullable(),
      to: z.string(),
      by: ZActor,
      reason: z.string().nullable(),
      at: z.string(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRequestView = z.infer<typeof ZRequestView>;

/** How many distinct approvers a request type needs at an entity, and whose rule that is. */
export const ZApprovalPolicy = z.object({
  requestType: z.enum(REQUEST_TYPES),
  requiredApprovals: z.number().int(),
  /** The entity that set the rule (this one or the nearest ancestor); null: the default of 1. */
  setAt: z.number().nullable(),
  setAtName: z.string().nullable(),
});
export type TApprovalPolicy = z.infer<typeof ZApprovalPolicy>;

export const MAX_APPROVERS = 10;

export const ZApprovalPolicySet = z.strictObject({
  entityId: ZId.optional(),
  requestType: z.enum(REQUEST_TYPES),
  /** 1–10 distinct approvers; null removes the entity's own rule (the inherited one applies). */
  requiredApprovals: z.number().int().min(1).max(MAX_APPROVERS).nullable(),
});
