import { z } from 'zod';
import { SCOPE_TYPES } from '../authorization';
import { PERMISSION_KEYS } from '../permissions';
import { text, trimmed, ZId } from '../primitives';

const name = trimmed(100).min(1, 'Enter a name');
const description = trimmed(500).default('');
const id = ZId;
const entityId = ZId;
/** The selected entity the web sends with every call; the guard checks the caller there. */
const acting = { entityId: ZId.optional() };

export const ZPrincipalRef = z.strictObject({ kind: z.enum(['user', 'apiKey']), id: text(36).uuid() });

export const ZRole = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  /** The entity it was created on; null: the platform's own. */
  ownerEntityId: z.number().nullable(),
  /** False for a role shared from above (or used beyond the caller's tree): read-only here. */
  editable: z.boolean(),
});
export const ZGroup = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  ownerEntityId: z.number().nullable(),
  roleIds: z.array(z.number()),
  members: z.array(z.object({ kind: z.enum(['user', 'apiKey']), id: z.string() })),
});
export const ZScope = z.object({
  id: z.number(),
  groupId: z.number(),
  groupName: z.string(),
  entityId: z.number(),
  entityName: z.string(),
  scopeType: z.enum(SCOPE_TYPES),
});
export const ZPermissionInfo = z.array(z.object({ key: z.enum(PERMISSION_KEYS), label: z.string() }));
export const ZScopeTypes = z.array(z.object({ code: z.enum(SCOPE_TYPES), name: z.string() }));
export const ZDirectPermission = z.object({
  id: z.number(),
  principalKind: z.enum(['user', 'apiKey']),
  principalId: z.string(),
  entityId: z.number(),
  permission: z.enum(PERMISSION_KEYS),
  scopeType: z.enum(SCOPE_TYPES),
});

export const ZCreateRole = z.strictObject({
  ...acting,
  name,
  description,
  permissions: z.array(z.enum(PERMISSION_KEYS)).min(1, 'Pick at least one permission'),
});
export const ZUpdateRole = z.strictObject({
  ...acting,
  roleId: id,
  name: name.optional(),
  description: trimmed(500).optional(),
  permissions: z.array(z.enum(PERMISSION_KEYS)).min(1).optional(),
});
export const ZDeleteRole = z.strictObject({ ...acting, roleId: id });
export const ZCreateGroup = z.strictObject({
  ...acting,
  name,
  description,
  roleIds: z.array(id).default([]),
  members: z.array(ZPrincipalRef).default([]),
});
export const ZUpdateGroup = z.strictObject({
  ...acting,
  groupId: id,
  name: name.optional(),
  description: trimmed(500).optional(),
  members: z.array(ZPrincipalRef).optional(),
});
export const ZDeleteGroup = z.strictObject({ ...acting, groupId: id });
export const ZAppendGroupRole = z.strictObject({ ...acting, groupId: id, roleId: id });
export const ZSetGroupRoles = z.strictObject({ ...acting, groupId: id, roleIds: z.array(id) });
export const ZCreateScope = z.strictObject({ groupId: id, entityId, scopeType: z.enum(SCOPE_TYPES) });
/** The scope's current entity travels too, so the guard checks the caller there. */
export const ZUpdateScope = z.strictObject({ id, entityId, scopeType: z.enum(SCOPE_TYPES) });
export const ZDeleteScope = z.strictObject({ id, entityId });
export const ZCreateDirect = z.strictObject({
  principal: ZPrincipalRef,
  entityId,
  permission: z.enum(PERMISSION_KEYS),
  scopeType: z.enum(SCOPE_TYPES),
});
export const ZDeleteDirect = z.strictObject({ id, entityId });
export const ZOk = z.object({ message: z.string() });
