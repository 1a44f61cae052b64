import { z } from 'zod';
import { RELATIONSHIP_TYPES } from '../enums';
import { PERMISSION_KEYS } from '../permissions';
import { text, trimmed, ZId, ZIdParam, ZOffset } from '../primitives';

/** The address types and name sources the platform starts with (seeded; staff keep the lists since issue 26). */
export const ADDRESS_TYPES = ['Registered', 'Business', 'Mailing', 'Billing'] as const;
export const NAME_SOURCES = ['Internal', 'TradingPlatform', 'Bank', 'LEI Registry'] as const;

/**
 * A code of the entity reference lists (address types, name sources, attributes): what an
 * entity's rows store. Which codes exist is data (the server checks it against the lists).
 */
export const ZRefCode = trimmed(50)
  .min(1, 'Enter a code')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]*$/, 'Use letters, digits, spaces, _ or -');
/** Attributes an entity may carry at once: every code is at most once, the list is bounded. */
const MAX_ATTRIBUTES = 50;

const ZKeys = z.array(z.enum(PERMISSION_KEYS));

export const ZAddress = z.strictObject({
  addressType: ZRefCode,
  line1: trimmed(200).min(1),
  line2: trimmed(200).nullish(),
  city: trimmed(100).min(1),
  postalCode: trimmed(20).nullish(),
  countryCode: text(2, 'Use the ISO 3166 two-letter code').regex(
    /^[A-Z]{2}$/,
    'Use the ISO 3166 two-letter code',
  ),
});
export const ZNameMapping = z.strictObject({
  source: ZRefCode,
  name: trimmed(200).min(1),
});

/** A node of the entity selector's forest. */
export type TEntityNode = {
  entityId: number;
  entityName: string;
  parentId: number;
  parentName: string | null;
  attributes: string[];
  permissions: string[];
  childPermissions: string[];
  active: boolean;
  tradingEnabled: boolean;
  /** The entity or one above it is frozen: no new requests, trades or bookings in its subtree. */
  frozen: boolean;
  children: TEntityNode[];
};
export const ZEntityNode: z.ZodType<TEntityNode> = z.object({
  entityId: z.number(),
  entityName: z.string(),
  parentId: z.number(),
  parentName: z.string().nullable(),
  attributes: z.array(z.string()),
  permissions: z.array(z.string()),
  childPermissions: z.array(z.string()),
  active: z.boolean(),
  tradingEnabled: z.boolean(),
  frozen: z.boolean(),
  get children() {
    return z.array(ZEntityNode);
  },
});

/** Every field of section 3 for one entity. */
export const ZEntity = z.object({
  entityId: z.number(),
  entityName: z.string(),
  parentId: z.number(),
  parentName: z.string().nullable(),
  permissions: ZKeys,
  childPermissions: ZKeys,
  attributes: z.array(z.string()),
  addresses: z.array(ZAddress),
  nameMappings: z.array(ZNameMapping),
  conversionProfileId: z.number().nullable(),
  rollProfileId: z.number().nullable(),
  currencyCode: z.string().nullable(),
  tradingEnabled: z.boolean(),
  active: z.boolean(),
  agentId: z.number().nullable(),
  /** The freeze that holds the entity (its own or the nearest one above it); null: none. */
  freeze: z
    .object({
      entityId: z.number(),
      entityName: z.string(),
      at: z.string(),
      by: z.string(),
      reason: z.string(),
    })
    .nullable(),
});
export type TEntity = z.infer<typeof ZEntity>;
/**
 * The answer to an update: the entity as it now stands and, when its move waits for a second
 * administrator (approval policies under four eyes at its old or new parent), the 'ENTITY
 * MOVE' request to approve — the parent is then unchanged.
 */
export const ZUpdatedEntity = ZEntity.extend({ pendingRequestId: z.number().optional() });

const entityFields = {
  entityName: trimmed(200).min(1, 'Enter a name'),
  attributes: z.array(ZRefCode).max(MAX_ATTRIBUTES).default([]),
  addresses: z.array(ZAddress).max(10).default([]),
  nameMappings: z.array(ZNameMapping).max(20).default([]),
  conversionProfileId: ZId.nullable().default(null),
  rollProfileId: ZId.nullable().default(null),
  currencyCode: text(3, 'Use a three-letter currency code')
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code')
    .nullable()
    .default(null),
  tradingEnabled: z.boolean().default(false),
  active: z.boolean().default(true),
  agentId: ZId.nullable().default(null),
};

/** The new entity goes below `parentId`; the caller needs account_management there. */
export const ZCreateEntity = z.strictObject({
  entityId: ZId.optional(),
  parentId: ZId,
  ...entityFields,
});
export const ZUpdateEntity = z.strictObject({
  entityId: ZId,
  ...entityFields,
  parentId: ZId.optional(),
});
export const ZEntityRef = z.strictObject({ entityId: ZId });
export const ZEntityListRequest = z.strictObject({
  username: text(200).min(1),
  entityId: ZId.optional(),
});
export const ZEntitySummary = z.object({
  entityId: z.number(),
  entityName: z.string(),
  parentId: z.number(),
  attributes: z.array(z.string()),
  active: z.boolean(),
});
export const ZEntitySummaries = z.array(ZEntitySummary);
/**
 * The section 3 entity filters (an empty or absent list filters nothing; several values
 * match any of them), with a text search over name, id and name mappings.
 */
export const ZEntityFilters = z.strictObject({
  attributes: z.array(ZRefCode).max(MAX_ATTRIBUTES).optional(),
  addressTypes: z.array(ZRefCode).max(MAX_ATTRIBUTES).optional(),
  nameSources: z.array(ZRefCode).max(MAX_ATTRIBUTES).optional(),
  conversionProfiles: z.array(ZId).max(100).optional(),
  rollProfiles: z.array(ZId).max(100).optional(),
  baseCurrencies: z
    .array(
      text(3, 'Use a three-letter currency code').regex(/^[A-Z]{3}$/, 'Use a three-letter currency code'),
    )
    .max(300)
    .optional(),
  tradingEnabled: z.enum(['Enabled', 'Disabled']).optional(),
  status: z.enum(['Active', 'Inactive']).optional(),
  search: text(200).optional(),
});
export type TEntityFilters = z.input<typeof ZEntityFilters>;
export const ZChildListRequest = ZEntityFilters.extend({
  limit: z.number().int().min(1).max(500).default(100),
  offset: ZOffset,
});
/** One row of the flat entity list. */
export const ZEntityListItem = ZEntitySummary.extend({
  parentName: z.string().nullable(),
  currencyCode: z.string().nullable(),
  tradingEnabled: z.boolean(),
  conversionProfileId: z.number().nullable(),
  rollProfileId: z.number().nullable(),
});
export type TEntityListItem = z.infer<typeof ZEntityListItem>;
export const ZChildListResponse = z.object({ items: z.array(ZEntityListItem), total: z.number() });

/**
 * Beyond the spec: a freeze of an entity (`targetEntityId`, the acting entity or one below
 * it) and its subtree, or its lifting, with the reason.
 */
export const ZFreezeRequest = z.strictObject({
  entityId: ZId.optional(),
  targetEntityId: ZId,
  reason: trimmed(500).min(1, 'Give a reason'),
});
export const ZRelated = z.array(
  z.object({ entityId: z.number(), entityName: z.string(), relationshipType: z.enum(RELATIONSHIP_TYPES) }),
);
export const ZCodeName = z.array(z.object({ code: z.string(), name: z.string() }));

/**
 * Beyond section 7 (issue 26): one row of an entity reference list as its keepers see it.
 * `required`: the system's behaviour depends on it (an entity-type flag or menu gating), so
 * it may be relabelled but never disabled.
 */
export const ZRefCodeRow = z.object({
  code: z.string(),
  label: z.string(),
  active: z.boolean(),
  required: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRefCodeRow = z.infer<typeof ZRefCodeRow>;
export const ZRefCodeRows = z.array(ZRefCodeRow);
export const ZRefCodeListQuery = z.strictObject({ entityId: ZIdParam.optional() });
/** A new code (immutable once created) with its label. */
export const ZRefCodeCreate = z.strictObject({
  entityId: ZId.optional(),
  code: ZRefCode,
  label: trimmed(100).min(1, 'Enter a label'),
});
/** A code relabelled, disabled or enabled (never deleted: the entities that have it keep it). */
export const ZRefCodeUpdate = z.strictObject({
  entityId: ZId.optional(),
  code: ZRefCode,
  label: trimmed(100).min(1, 'Enter a label').optional(),
  active: z.boolean().optional(),
});
export const ZProfile = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
});
/** Beyond section 7: a conversion or roll profile created, or edited and disabled (never deleted: entities keep it). */
export const ZProfileCreate = z.strictObject({
  entityId: ZId.optional(),
  name: trimmed(100).min(1, 'Enter a name'),
  description: trimmed(500).default(''),
});
export const ZProfileUpdate = z.strictObject({
  entityId: ZId.optional(),
  id: ZId,
  name: trimmed(100).min(1, 'Enter a name').optional(),
  description: trimmed(500).optional(),
  active: z.boolean().optional(),
});
export const ZProfiles = z.array(ZProfile);
/** GET calls carry the acting entity in the query like every other call may. */
export const ZProfileQuery = z.strictObject({ id: ZIdParam, entityId: ZIdParam.optional() });
