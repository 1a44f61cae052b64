import { z } from 'zod';
import { SCOPE_TYPES } from '../authorization';
import { ACCOUNT_TYPES, ENTITY_ATTRIBUTES, REQUEST_TYPES } from '../enums';
import { text, trimmed, ZId, ZIdParam } from '../primitives';
import { ZAddress, ZNameMapping } from './entity.schemas';
import { MAX_APPROVERS } from './requests.schemas';

const currencyCode = text(3, 'Use a three-letter currency code').regex(
  /^[A-Z]{3}$/,
  'Use a three-letter currency code',
);

/** An account a template opens for each entity made from it. */
export const ZTemplateAccount = z.strictObject({
  accountType: z.enum(ACCOUNT_TYPES),
  accountName: trimmed(200).min(1, 'Enter a name'),
  currencyId: currencyCode.nullable().default(null),
});
/** A group the template binds to each new entity (a permission scope), with the roles it holds. */
export const ZTemplateGrant = z.strictObject({
  groupId: ZId,
  scopeType: z.enum(SCOPE_TYPES).default('SELF_AND_DESCENDANTS'),
});
/** An approval policy the template sets on each new entity. */
export const ZTemplatePolicy = z.strictObject({
  requestType: z.enum(REQUEST_TYPES),
  requiredApprovals: z.number().int().min(1).max(MAX_APPROVERS),
  approverGroupId: ZId.nullable().default(null),
});

/** The defaults of a kind of client: everything a new entity made from the template gets. */
const templateFields = {
  name: trimmed(200).min(1, 'Enter a name'),
  description: trimmed(1000).default(''),
  /** Where new entities go by default (null: the caller picks each time). */
  parentId: ZId.nullable().default(null),
  attributes: z.array(z.enum(ENTITY_ATTRIBUTES)).max(ENTITY_ATTRIBUTES.length).default([]),
  currencyCode: currencyCode.nullable().default(null),
  conversionProfileId: ZId.nullable().default(null),
  rollProfileId: ZId.nullable().default(null),
  tradingEnabled: z.boolean().default(false),
  accounts: z.array(ZTemplateAccount).max(20).default([]),
  grants: z.array(ZTemplateGrant).max(20).default([]),
  approvalPolicies: z.array(ZTemplatePolicy).max(REQUEST_TYPES.length).default([]),
};

export const ZTemplate = z.object({
  id: z.number(),
  ownerEntityId: z.number(),
  ownerEntityName: z.string(),
  name: z.string(),
  description: z.string(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  attributes: z.array(z.string()),
  currencyCode: z.string().nullable(),
  conversionProfileId: z.number().nullable(),
  rollProfileId: z.number().nullable(),
  tradingEnabled: z.boolean(),
  accounts: z.array(ZTemplateAccount),
  grants: z.array(ZTemplateGrant.extend({ groupName: z.string() })),
  approvalPolicies: z.array(ZTemplatePolicy),
});
export type TTemplate = z.infer<typeof ZTemplate>;

/** GET template: the templates owned at the acting entity or below it. */
export const ZTemplateListQuery = z.strictObject({ entityId: ZIdParam.optional() });
export const ZTemplateCreate = z.strictObject({ entityId: ZId.optional(), ...templateFields });
export type TTemplateCreate = z.input<typeof ZTemplateCreate>;
export const ZTemplateUpdate = z.strictObject({
  entityId: ZId.optional(),
  templateId: ZId,
  ...templateFields,
});
export const ZTemplateRef = z.strictObject({ entityId: ZId.optional(), templateId: ZId });

/**
 * A new entity from a template: its parent (the form offers the template's), name and own
 * details. The template's fields, accounts, grants and policies come with it, in one
 * transaction.
 */
export const ZCreateViaTemplate = z.strictObject({
  entityId: ZId.optional(),
  parentId: ZId,
  entityName: trimmed(200).min(1, 'Enter a name'),
  addresses: z.array(ZAddress).max(10).default([]),
  nameMappings: z.array(ZNameMapping).max(20).default([]),
});
export type TCreateViaTemplate = z.input<typeof ZCreateViaTemplate>;
