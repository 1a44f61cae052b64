import { SCOPE_TYPES } from '@clearway/contracts/authorization';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';

export const scopeTypeEnum = pgEnum('scope_type', SCOPE_TYPES);
export const principalKindEnum = pgEnum('principal_kind', ['user', 'apiKey']);

/**
 * A named set of permission keys, owned by the entity it was created on (null: the
 * platform's own). A role is available in its owner's subtree and changed only by an
 * administrator of its owner, so a role shared across tenants is read-only to each of them.
 */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  permissions: text('permissions').array().notNull(),
  ownerEntityId: integer('owner_entity_id').references(() => entities.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Holds roles and members; its permission scopes say where the roles apply. Owned by the
 * entity it was created on (null: the platform's own), which decides who sees it before
 * it is bound anywhere.
 */
export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  ownerEntityId: integer('owner_entity_id').references(() => entities.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const groupRoles = pgTable(
  'group_roles',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.roleId] })],
);

/** Users and API keys in a group (principal ids are UUIDs of either table). */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    principalKind: principalKindEnum('principal_kind').notNull(),
    principalId: text('principal_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.principalKind, t.principalId] }),
    index('group_members_principal_idx').on(t.principalKind, t.principalId),
  ],
);

/** Binds a group's roles to an entity: the entity, its descendants, or both. */
export const permissionScopes = pgTable(
  'permission_scopes',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    scopeType: scopeTypeEnum('scope_type').notNull(),
  },
  (t) => [unique('permission_scopes_unique').on(t.groupId, t.entityId, t.scopeType)],
);

/** One key for one principal on one entity. */
export const directPermissions = pgTable(
  'direct_permissions',
  {
    id: serial('id').primaryKey(),
    principalKind: principalKindEnum('principal_kind').notNull(),
    principalId: text('principal_id').notNull(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    scopeType: scopeTypeEnum('scope_type').notNull(),
  },
  (t) => [
    unique('direct_permissions_unique').on(
      t.principalKind,
      t.principalId,
      t.entityId,
      t.permission,
      t.scopeType,
    ),
    index('direct_permissions_principal_idx').on(t.principalKind, t.principalId),
  ],
);

/** A role held by one principal (user or API key) on an entity, without a group. */
export const principalRoles = pgTable(
  'principal_roles',
  {
    principalKind: principalKindEnum('principal_kind').notNull(),
    principalId: text('principal_id').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    scopeType: scopeTypeEnum('scope_type').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.principalKind, t.principalId, t.roleId, t.entityId, t.scopeType] }),
    index('principal_roles_role_idx').on(t.roleId),
  ],
);
