import { z } from 'zod';
import { SCOPE_TYPES } from '../authorization';
import { PERMISSION_KEYS } from '../permissions';
import { text, trimmed, ZDate, ZId, ZIdParam, ZOffset } from '../primitives';

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

/**
 * A change of rights to try without saving: the row's path and the body it would send
 * (members and principals flattened into lists of ids, so every field is a plain value).
 */
export const ZRightsPreviewRequest = z.strictObject({
  ...acting,
  change: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('roles/update'), body: ZUpdateRole }),
    z.strictObject({
      kind: z.literal('groups/update'),
      body: z.strictObject({
        groupId: id,
        userIds: z.array(text(36).uuid()).default([]),
        apiKeyIds: z.array(text(36).uuid()).default([]),
      }),
    }),
    z.strictObject({
      kind: z.literal('groups/create'),
      body: z.strictObject({
        name,
        description,
        roleIds: z.array(id).default([]),
        userIds: z.array(text(36).uuid()).default([]),
        apiKeyIds: z.array(text(36).uuid()).default([]),
      }),
    }),
    z.strictObject({ kind: z.literal('groups/role/update'), body: ZSetGroupRoles }),
    z.strictObject({ kind: z.literal('groups/delete'), body: ZDeleteGroup }),
    z.strictObject({ kind: z.literal('permission-scopes/create'), body: ZCreateScope }),
    z.strictObject({ kind: z.literal('permission-scopes/update'), body: ZUpdateScope }),
    z.strictObject({ kind: z.literal('permission-scopes/delete'), body: ZDeleteScope }),
    z.strictObject({
      kind: z.literal('direct-permissions/create'),
      body: z.strictObject({
        principalKind: z.enum(['user', 'apiKey']),
        principalId: text(36).uuid(),
        entityId,
        permission: z.enum(PERMISSION_KEYS),
        scopeType: z.enum(SCOPE_TYPES),
      }),
    }),
    z.strictObject({ kind: z.literal('direct-permissions/delete'), body: ZDeleteDirect }),
    z.strictObject({
      kind: z.literal('user-management/assign'),
      body: z.strictObject({ userId: text(36).uuid(), groupIds: z.array(id) }),
    }),
    z.strictObject({
      kind: z.literal('user-management/roles/update'),
      body: z.strictObject({ userId: text(36).uuid(), roleIds: z.array(id), scopeType: z.enum(SCOPE_TYPES) }),
    }),
    // An API key's groups, roles and direct permissions on the acting entity (the api-keys rows' bodies).
    z.strictObject({
      kind: z.literal('api-keys/groups'),
      body: z.strictObject({ apiKeyId: text(36).uuid(), groupIds: z.array(id) }),
    }),
    z.strictObject({
      kind: z.literal('api-keys/roles'),
      body: z.strictObject({
        apiKeyId: text(36).uuid(),
        roleIds: z.array(id),
        scopeType: z.enum(SCOPE_TYPES),
      }),
    }),
    z.strictObject({
      kind: z.literal('api-keys/direct-permissions'),
      body: z.strictObject({
        apiKeyId: text(36).uuid(),
        permissions: z.array(
          z.strictObject({ key: z.enum(PERMISSION_KEYS), scopeType: z.enum(SCOPE_TYPES) }),
        ),
      }),
    }),
  ]),
});
/** Who gains or loses which key where (own permissions, or child permissions when `child`). */
export const ZRightsPreview = z.object({
  changes: z.array(
    z.object({
      principal: z.object({ kind: z.enum(['user', 'apiKey']), id: z.string(), name: z.string() }),
      entityId: z.number(),
      entityName: z.string(),
      key: z.enum(PERMISSION_KEYS),
      child: z.boolean(),
      change: z.enum(['gain', 'lose']),
    }),
  ),
  /** Set when the change would be refused (the grant rule's reason); nothing is saved either way. */
  refused: z.string().nullable(),
});

/** An external identity that signs a user in: issuer + subject (Entra: issuer `ms-entra`, the object id). */
export const ZSsoLink = z.object({
  id: z.number(),
  userId: z.string(),
  username: z.string(),
  issuer: z.string(),
  subject: z.string(),
  createdAt: z.string(),
});
export const ZSsoListQuery = z.strictObject({ entityId: ZIdParam.optional() });
export const ZCreateSsoLink = z.strictObject({
  ...acting,
  userId: text(36).uuid('Pick a user'),
  issuer: trimmed(200).min(1, 'Enter the issuer'),
  subject: trimmed(200).min(1, 'Enter the subject'),
});
export const ZDeleteSsoLink = z.strictObject({ ...acting, id });

export const ZAuditListRequest = z.strictObject({
  ...acting,
  action: trimmed(100).optional(),
  actor: trimmed(100).optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  from: ZDate.optional(),
  to: ZDate.optional(),
  limit: z.number().int().min(1).max(1000).default(25),
  offset: ZOffset,
});
export const ZAuditPage = z.object({
  total: z.number(),
  items: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      actorKind: z.string(),
      actorId: z.string().nullable(),
      actorName: z.string().nullable(),
      entityId: z.number().nullable(),
      entityName: z.string().nullable(),
      action: z.string(),
      target: z.string().nullable(),
      outcome: z.string(),
      ip: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});
