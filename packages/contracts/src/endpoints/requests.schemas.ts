import { z } from 'zod';
import { REQUEST_STATUSES, REQUEST_TYPES, type RequestType } from '../enums';
import { trimmed, ZBigId, ZId } from '../primitives';
import type { RequestTypeDefinition } from '../request-types/request-type';
import { REQUEST_TYPE_DEFINITIONS } from '../request-types/request-types';

/** The moves `requests/status/update` can ask for (PENDING is where every request starts). */
export const REQUEST_MOVES = ['APPROVED', 'REJECTED', 'CANCELLED', 'COMPLETED'] as const;

export const ZRequestStatusUpdate = z.strictObject({
  entityId: ZId.optional(),
  requestId: ZBigId,
  status: z.enum(REQUEST_MOVES),
  reason: trimmed(500).optional(),
});

const ZActor = z.object({ kind: z.string(), id: z.string(), name: z.string() });

/** What every request's view holds whatever its type. */
const ZRequestViewBase = z.object({
  id: z.number(),
  entityId: z.number(),
  requester: ZActor,
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

/** A request of one type: its type and exactly what was submitted (approvers decide on this). */
const viewOf = <T extends RequestType, S extends z.ZodType>(d: RequestTypeDefinition<T, S>) =>
  ZRequestViewBase.extend({ type: z.literal(d.type), payload: d.payload });

const D = REQUEST_TYPE_DEFINITIONS;
/** Deposits, withdrawals and internal transfers (`requests/list`, `requests/pending`). */
export const ZMoneyRequestView = z.discriminatedUnion('type', [
  viewOf(D.DEPOSIT),
  viewOf(D.WITHDRAWAL),
  viewOf(D['INTERNAL TRANSFER']),
]);
export type TMoneyRequestView = z.infer<typeof ZMoneyRequestView>;

/** Whitelisting requests (`whitelist/workflows`). */
export const ZWhitelistRequestView = z.discriminatedUnion('type', [
  viewOf(D['BANK ACCOUNT']),
  viewOf(D['UPDATE BANK ACCOUNT']),
  viewOf(D['REMOVE BANK ACCOUNT']),
  viewOf(D['WALLET ADDRESS']),
  viewOf(D['UPDATE WALLET']),
  viewOf(D['REMOVE WALLET']),
]);
export type TWhitelistRequestView = z.infer<typeof ZWhitelistRequestView>;

/** A request of any type, keyed by its type: `r.type === 'WITHDRAWAL'` narrows `r.payload`. */
export const ZRequestView = z.discriminatedUnion('type', [
  ...ZMoneyRequestView.options,
  ...ZWhitelistRequestView.options,
]);
export type TRequestView = z.infer<typeof ZRequestView>;

// Every request type has its view: a type missing from the union above does not compile.
const everyTypeHasAView: Exclude<RequestType, TRequestView['type']> extends never ? true : never = true;
void everyTypeHasAView;

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
