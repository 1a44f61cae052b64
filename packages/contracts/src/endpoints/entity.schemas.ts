import { z } from 'zod';
import { ENTITY_ATTRIBUTES, RELATIONSHIP_TYPES } from '../enums';
import { PERMISSION_KEYS } from '../permissions';

export const ADDRESS_TYPES = ['Registered', 'Business', 'Mailing', 'Billing'] as const;
export const NAME_SOURCES = ['Internal', 'TradingPlatform', 'Bank', 'LEI Registry'] as const;

const ZKeys = z.array(z.enum(PERMISSION_KEYS));
const ZId = z.coerce.number().int().positive();

export const ZAddress = z.strictObject({
  addressType: z.enum(ADDRESS_TYPES),
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).nullish(),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().max(20).nullish(),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'Use the ISO 3166 two-letter code'),
});
export const ZNameMapping = z.strictObject({
  source: z.enum(NAME_SOURCES),
  name: z.string().trim().min(1).max(200),
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
});
export type TEntity = z.infer<typeof ZEntity>;

const entityFields = {
  entityName: z.string().trim().min(1, 'Enter a name').max(200),
  attributes: z.array(z.enum(ENTITY_ATTRIBUTES)).max(ENTITY_ATTRIBUTES.length).default([]),
  addresses: z.array(ZAddress).max(10).default([]),
  nameMappings: z.array(ZNameMapping).max(20).default([]),
  conversionProfileId: z.number().int().positive().nullable().default(null),
  rollProfileId: z.number().int().positive().nullable().default(null),
  currencyCode: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code')
    .nullable()
    .default(null),
  tradingEnabled: z.boolean().default(false),
  active: z.boolean().default(true),
  agentId: z.number().int().positive().nullable().default(null),
};

/** The new entity goes below `parentId`; the caller needs account_management there. */
export const ZCreateEntity = z.strictObject({
  entityId: ZId.optional(),
  parentId: z.number().int().positive(),
  ...entityFields,
});
export const ZUpdateEntity = z.strictObject({
  entityId: z.number().int().positive(),
  ...entityFields,
  parentId: z.number().int().positive().optional(),
});
export const ZEntityRef = z.strictObject({ entityId: z.number().int().positive() });
export const ZEntityListRequest = z.strictObject({
  username: z.string().min(1).max(200),
  entityId: z.number().int().positive().optional(),
});
export const ZEntitySummary = z.object({
  entityId: z.number(),
  entityName: z.string(),
  parentId: z.number(),
  attributes: z.array(z.string()),
  active: z.boolean(),
});
export const ZEntitySummaries = z.array(ZEntitySummary);
export const ZChildListRequest = z.strictObject({
  status: z.enum(['Active', 'Inactive']).optional(),
  search: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(500).default(100),
  offset: z.number().int().min(0).default(0),
});
export const ZChildListResponse = z.object({ items: ZEntitySummaries, total: z.number() });
export const ZRelated = z.array(
  z.object({ entityId: z.number(), entityName: z.string(), relationshipType: z.enum(RELATIONSHIP_TYPES) }),
);
export const ZCodeName = z.array(z.object({ code: z.string(), name: z.string() }));
export const ZProfile = z.object({ id: z.number(), name: z.string(), description: z.string() });
export const ZProfiles = z.array(ZProfile);
/** GET calls carry the acting entity in the query like every other call may. */
export const ZProfileQuery = z.strictObject({ id: ZId, entityId: ZId.optional() });
