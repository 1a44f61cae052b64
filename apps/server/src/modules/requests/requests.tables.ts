import { REQUEST_STATUSES, REQUEST_TYPES } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { groups } from '../authorization/authorization.tables';
import { entities } from '../entities/entities.tables';

export const requestTypeEnum = pgEnum('request_type', REQUEST_TYPES);
export const requestStatusEnum = pgEnum('request_status', REQUEST_STATUSES);

/**
 * A request: what was asked (the payload, frozen at submission), for which entity, by
 * whom, and where it stands. Only the request engine changes `status`.
 */
export const requests = pgTable(
  'requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: requestTypeEnum('type').notNull(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    requesterKind: text('requester_kind').notNull(),
    requesterId: text('requester_id').notNull(),
    requesterName: text('requester_name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    payloadHash: text('payload_hash').notNull(),
    status: requestStatusEnum('status').notNull().default('PENDING'),
    requiredApprovals: integer('required_approvals').notNull().default(1),
    /** Approvers must be members of this group (the policy's, frozen at submission); null: anyone with the key. */
    approverGroupId: integer('approver_group_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('requests_entity_status_idx').on(t.entityId, t.status, t.createdAt),
    // A second identical request while one is pending is refused.
    uniqueIndex('requests_pending_unique_idx')
      .on(t.entityId, t.type, t.payloadHash)
      .where(sql`${t.status} = 'PENDING'`),
    check('requests_required_approvals', sql`${t.requiredApprovals} between 1 and 10`),
  ],
);

/**
 * Distinct approvers of a request (one row each): distinct people, not credentials. A
 * person is a user (whatever the credential: session, bearer token or one of the API keys
 * the user owns), or an API key no user owns; `approver_person` says which ('user:<id>',
 * 'apiKey:<id>'), and a person approves a request once, however many approvals land at once.
 */
export const requestApprovals = pgTable(
  'request_approvals',
  {
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => requests.id),
    approverKind: text('approver_kind').notNull(),
    approverId: text('approver_id').notNull(),
    approverName: text('approver_name').notNull(),
    approverPerson: text('approver_person').notNull(),
    /** The owner of the API key that approved (null: a user approved, or a key no user owns). */
    onBehalfOfId: text('on_behalf_of_id'),
    onBehalfOfName: text('on_behalf_of_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.approverKind, t.approverId] }),
    uniqueIndex('request_approvals_person_idx').on(t.requestId, t.approverPerson),
  ],
);

/** Every move of a request: who, when, from, to, why. Append-only. */
export const requestHistory = pgTable(
  'request_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => requests.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    byKind: text('by_kind').notNull(),
    byId: text('by_id').notNull(),
    byName: text('by_name').notNull(),
    /** The owner of the API key that moved it (null: a user moved it, or a key no user owns). */
    onBehalfOfId: text('on_behalf_of_id'),
    onBehalfOfName: text('on_behalf_of_name'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_history_request_idx').on(t.requestId, t.id)],
);

/** How many distinct approvers a request type needs at an entity (default 1). */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    requestType: requestTypeEnum('request_type').notNull(),
    requiredApprovals: integer('required_approvals').notNull(),
    /** Approvers must be members of this group; null: anyone holding the type's approve key there. */
    approverGroupId: integer('approver_group_id').references(() => groups.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.requestType] }),
    check('approval_policies_range', sql`${t.requiredApprovals} between 1 and 10`),
  ],
);
