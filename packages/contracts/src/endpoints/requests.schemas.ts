import { z } from 'zod';
import { REQUEST_STATUSES, REQUEST_TYPES, type RequestType } from '../enums';
import { trimmed, ZBigId, ZId, ZOffset } from '../primitives';
import type { RequestTypeDefinition } from '../request-types/request-type';
import { REQUEST_TYPE_DEFINITIONS } from '../request-types/request-types';

/** The moves `requests/status/update` can ask for (PENDING is where every request starts). */
export const REQUEST_MOVES = ['APPROVED', 'REJECTED', 'CANCELLED', 'COMPLETED'] as const;

/** Why a rejection without a reason is refused: the requester is told why, always. */
export const REJECTION_NEEDS_REASON = 'Give a reason for the rejection';

export const ZRequestStatusUpdate = z
  .strictObject({
    entityId: ZId.optional(),
    requestId: ZBigId,
    status: z.enum(REQUEST_MOVES),
    reason: trimmed(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'REJECTED' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REJECTION_NEEDS_REASON, input: v.reason });
  });

/**
 * Who made or moved a request. An API key that a user owns acts for that user (the person
 * maker-checker counts): `onBehalfOf` names the owner.
 */
const ZActor = z.object({
  kind: z.string(),
  id: z.string(),
  name: z.string(),
  onBehalfOf: z.object({ id: z.string(), name: z.string() }).optional(),
});

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
  viewOf(D['APPROVAL POLICY']),
  viewOf(D['OFF MARKET TRADE']),
  viewOf(D['BARRIER EVENT']),
  viewOf(D.LIMIT),
  viewOf(D['LARGE CASH ENTRY']),
  viewOf(D['ENTITY MOVE']),
]);
export type TRequestView = z.infer<typeof ZRequestView>;

// Every request type has its view: a type missing from the union above does not compile.
const everyTypeHasAView: Exclude<RequestType, TRequestView['type']> extends never ? true : never = true;
void everyTypeHasAView;

/**
 * What a request carries beside its frozen payload, read where it is listed: the names an
 * approver recognises (entity, source account), its file proof and transaction hash
 * (section 3) and when its money was posted. A whitelisting request has no account, proof,
 * hash or posting (null).
 */
export const ZRequestFacts = z.object({
  entityName: z.string(),
  accountName: z.string().nullable(),
  proof: z.object({ mime: z.string(), size: z.number(), uploadedBy: z.string(), at: z.string() }).nullable(),
  transactionHash: z.object({ hash: z.string(), addedBy: z.string(), at: z.string() }).nullable(),
  /** When the approval posted the money in the ledger (its cash entry); null before. */
  postedAt: z.string().nullable(),
});
export type TRequestFacts = z.infer<typeof ZRequestFacts>;

/** A request of one type as lists show it: its view and its facts. */
const itemOf = <T extends RequestType, S extends z.ZodType>(d: RequestTypeDefinition<T, S>) =>
  viewOf(d).extend(ZRequestFacts.shape);

/** A money request as lists show it (`requests/list`, `requests/pending`). */
export const ZMoneyRequestItem = z.discriminatedUnion('type', [
  itemOf(D.DEPOSIT),
  itemOf(D.WITHDRAWAL),
  itemOf(D['INTERNAL TRANSFER']),
]);
export type TMoneyRequestItem = z.infer<typeof ZMoneyRequestItem>;

/** Any request as the approvals inbox and the request drawer show it. */
export const ZRequestItem = z.discriminatedUnion('type', [
  ...ZMoneyRequestItem.options,
  itemOf(D['BANK ACCOUNT']),
  itemOf(D['UPDATE BANK ACCOUNT']),
  itemOf(D['REMOVE BANK ACCOUNT']),
  itemOf(D['WALLET ADDRESS']),
  itemOf(D['UPDATE WALLET']),
  itemOf(D['REMOVE WALLET']),
  itemOf(D['APPROVAL POLICY']),
  itemOf(D['OFF MARKET TRADE']),
  itemOf(D['BARRIER EVENT']),
  itemOf(D.LIMIT),
  itemOf(D['LARGE CASH ENTRY']),
  itemOf(D['ENTITY MOVE']),
]);
export type TRequestItem = z.infer<typeof ZRequestItem>;

/** The inbox's kinds: money requests, or whitelisting (bank accounts and wallets). */
export const INBOX_KINDS = ['money', 'whitelist'] as const;

/**
 * The approvals inbox: pending requests at the entity and below it that the caller may
 * decide (their type's approve key held there, not their own, not approved by them yet),
 * oldest first unless asked otherwise.
 */
export const ZInboxRequest = z.strictObject({
  entityId: ZId.optional(),
  kind: z.enum(INBOX_KINDS).optional(),
  type: z.enum(REQUEST_TYPES).optional(),
  /** Matches the request number, the requester's name, the entity's name or the reference. */
  search: trimmed(100).optional(),
  direction: z.enum(['asc', 'desc']).default('asc'),
  limit: z.number().int().min(1).max(100).default(10),
  offset: ZOffset,
});
export const ZInboxPage = z.object({ items: z.array(ZRequestItem), total: z.number() });

/** One request, for its drawer: the request, and whether the caller may decide it now. */
export const ZRequestLookup = z.strictObject({ entityId: ZId.optional(), requestId: ZBigId });
export const ZRequestDetail = z.object({ request: ZRequestItem, decidable: z.boolean() });

/** How many distinct approvers a request type needs at an entity, and whose rule that is. */
export const ZApprovalPolicy = z.object({
  requestType: z.enum(REQUEST_TYPES),
  requiredApprovals: z.number().int(),
  /** The entity that set the rule (this one or the nearest ancestor); null: the default of 1. */
  setAt: z.number().nullable(),
  setAtName: z.string().nullable(),
  /** Approvers must be members of this group (absent: anyone holding the type's approve key there). */
  approverGroupId: z.number().optional(),
  approverGroupName: z.string().optional(),
  /**
   * Set in the answer to a change that waits for a second administrator (a rule for
   * 'APPROVAL POLICY' is in force here): the request to approve; the policy is unchanged.
   */
  pendingRequestId: z.number().optional(),
});
export type TApprovalPolicy = z.infer<typeof ZApprovalPolicy>;

export const MAX_APPROVERS = 10;

export const ZApprovalPolicySet = z.strictObject({
  entityId: ZId.optional(),
  requestType: z.enum(REQUEST_TYPES),
  /** 1–10 distinct approvers; null removes the entity's own rule (the inherited one applies). */
  requiredApprovals: z.number().int().min(1).max(MAX_APPROVERS).nullable(),
  /** The approvers' group (its members only), or null: anyone with the approve key. */
  approverGroupId: ZId.nullable().default(null),
});
