import {
  effectivePermissions,
  type Grant,
  SCOPE_TYPES,
  type ScopeType,
} from '@clearway/contracts/authorization';
import type { EntityPermissions, PermissionKey } from '@clearway/contracts/permissions';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, createUser, grant, signedInUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { ancestorsOfPath } from '../entities/entity-path';
import { grantTables } from './rights-test-kit';

/**
 * Issue 19's acceptance (extended by issue 25 with a user's roles and groups and an API
 * key's groups, roles and direct permissions): random sequences of rights changes, each made over HTTP by the
 * administrator of a random subtree. Whatever the sequence, no step gives any principal a
 * key on an entity where the acting administrator did not hold it, and each refused step
 * answers 403 (or 404/409 for what it may not see or what clashes) and changes nothing.
 * The oracle reads the grant tables itself and resolves them with the contracts' resolver.
 */

// A few keys, so that held and not-held keys meet often.
const KEYS: PermissionKey[] = [
  'authorization_management',
  'account_view',
  'order_management',
  'system_management',
  'approve_deposit',
];

type Ref = { kind: 'user' | 'apiKey'; id: string };
type World = {
  entities: { id: number; path: string }[];
  admins: { agent: Agent; user: Ref; home: number }[];
  others: Ref[];
  /** API keys issued on each entity (issue 25): their groups, roles and direct keys change too. */
  keys: { id: string; home: number }[];
};

/** Every principal's grants, read from the tables (not through the server's SQL). */
async function allGrants(t: ReturnType<typeof useTestApp>): Promise<Map<string, Grant[]>> {
  const q = async <T extends Record<string, unknown>>(s: ReturnType<typeof sql>) =>
    (await t.database.db.execute<T>(s)).rows;
  const scopes = await q<{ group_id: number; entity_id: number; scope_type: ScopeType }>(
    sql`select group_id, entity_id, scope_type from permission_scopes`,
  );
  const keys = await q<{ group_id: number; permissions: PermissionKey[] }>(
    sql`select gr.group_id, r.permissions from group_roles gr join roles r on r.id = gr.role_id`,
  );
  const members = await q<{ group_id: number; principal_id: string }>(
    sql`select group_id, principal_id from group_members`,
  );
  const direct = await q<{
    principal_id: string;
    entity_id: number;
    permission: PermissionKey;
    scope_type: ScopeType;
  }>(sql`select principal_id, entity_id, permission, scope_type from direct_permissions`);
  const own = await q<{
    principal_id: string;
    entity_id: number;
    permissions: PermissionKey[];
    scope_type: ScopeType;
  }>(
    sql`select pr.principal_id, pr.entity_id, r.permissions, pr.scope_type from principal_roles pr join roles r on r.id = pr.role_id`,
  );
  const out = new Map<string, Grant[]>();
  const add = (who: string, g: Grant) => out.set(who, [...(out.get(who) ?? []), g]);
  for (const o of own)
    for (const k of o.permissions)
      add(o.principal_id, { entityId: Number(o.entity_id), key: k, scope: o.scope_type });
  for (const m of members)
    for (const s of scopes.filter((s) => s.group_id === m.group_id))
      for (const k of keys.filter((k) => k.group_id === m.group_id).flatMap((k) => k.permissions))
        add(m.principal_id, { entityId: Number(s.entity_id), key: k, scope: s.scope_type });
  for (const d of direct)
    add(d.principal_id, { entityId: Number(d.entity_id), key: d.permission, scope: d.scope_type });
  return out;
}

type Held = Map<string, Map<number, EntityPermissions>>;
function resolveAll(world: World, grants: Map<string, Grant[]>): Held {
  const held: Held = new Map();
  for (const [who, gs] of grants) {
    const perEntity = new Map<number, EntityPermissions>();
    for (const e of world.entities)
      perEntity.set(e.id, effectivePermissions(gs, e.id, ancestorsOfPath(e.path)));
    held.set(who, perEntity);
  }
  return held;
}

const op = fc.record({
  actor: fc.nat(),
  kind: fc.constantFrom(
    'roleCreate',
    'roleUpdate',
    'roleDelete',
    'groupCreate',
    'groupMembers',
    'groupRename',
    'groupDelete',
    'roleAppend',
    'rolesSet',
    'scopeCreate',
    'scopeUpdate',
    'scopeDelete',
    'directCreate',
    'directDelete',
    'userRoles',
    'userGroups',
    'keyGroups',
    'keyRoles',
    'keyDirect',
  ),
  pick: fc.nat(),
  pick2: fc.nat(),
  entity: fc.nat(),
  keys: fc.subarray(KEYS, { minLength: 1 }),
  key: fc.constantFrom(...KEYS),
  scope: fc.constantFrom(...SCOPE_TYPES),
  members: fc.array(fc.nat(), { maxLength: 3 }),
});
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

describe('the grant rule (property: random rights changes by random subtree administrators)', () => {
  const t = useTestApp();
  const world = { entities: [], admins: [], others: [], keys: [] } as unknown as World;
  let counter = 0;

  beforeAll(async () => {
    // root ─ A ─ A1, A2 ; root ─ B ─ B1
    const root = await createEntity(t, 'Root');
    const a = await createEntity(t, 'A', root.id);
    const b = await createEntity(t, 'B', root.id);
    const made = [root, a, b, await createEntity(t, 'A1', a.id), await createEntity(t, 'A2', a.id)];
    made.push(await createEntity(t, 'B1', b.id));
    world.entities = made.map((e) => ({ id: e.id, path: e.path }));
    // One administrator at home on each entity; their keys there are drawn per run.
    for (const e of made) {
      const s = await signedInUser(t, e.id);
      world.admins.push({ agent: s.agent, user: { kind: 'user', id: s.user.id }, home: e.id });
    }
    // Two users who administer nothing, in either subtree (a principal must exist and lie in
    // the acting administrator's tree to be named at all: else 404).
    for (const home of [a.id, b.id])
      world.others.push({ kind: 'user', id: (await createUser(t, { homeEntityId: home })).id });
    for (const e of made)
      world.keys.push({
        id: (await t.services.auth.tokens.createApiKey({ name: `key ${e.id}`, homeEntityId: e.id })).id,
        home: e.id,
      });
  });

  const principals = () => [
    ...world.admins.map((a) => a.user),
    ...world.others,
    ...world.keys.map((k) => ({ kind: 'apiKey' as const, id: k.id })),
  ];

  async function ids(table: string): Promise<number[]> {
    const rows = await t.database.db.execute<{ id: number }>(sql.raw(`select id from ${table} order by id`));
    return rows.rows.map((r) => Number(r.id));
  }
  const pickOf = (list: number[], n: number) => (list.length ? list[n % list.length]! : 2_000_000_000);

  /** The HTTP call an operation makes, acting on the administrator's home entity. */
  async function perform(o: Op) {
    const admin = world.admins[o.actor % world.admins.length]!;
    const acting = admin.home;
    const entityId = world.entities[o.entity % world.entities.length]!.id;
    const members = o.members.map((m) => principals()[m % principals().length]!);
    const a = admin.agent;
    const del = (url: string, payload: object) => a.call({ method: 'DELETE', url, payload });
    switch (o.kind) {
      case 'roleCreate':
        return {
          admin,
          res: await a.post('/api/roles/create', {
            entityId: acting,
            name: `r${counter++}`,
            permissions: o.keys,
          }),
        };
      case 'roleUpdate':
        return {
          admin,
          res: await a.put('/api/roles/update', {
            entityId: acting,
            roleId: pickOf(await ids('roles'), o.pick),
            permissions: o.keys,
          }),
        };
      case 'roleDelete':
        return {
          admin,
          res: await del('/api/roles/delete', {
            entityId: acting,
            roleId: pickOf(await ids('roles'), o.pick),
          }),
        };
      case 'groupCreate': {
        const roles = await ids('roles');
        const roleIds = roles.length ? [...new Set([pickOf(roles, o.pick), pickOf(roles, o.pick2)])] : [];
        return {
          admin,
          res: await a.post('/api/groups/create', {
            entityId: acting,
            name: `g${counter++}`,
            roleIds,
            members,
          }),
        };
      }
      case 'groupMembers':
        return {
          admin,
          res: await a.put('/api/groups/update', {
            entityId: acting,
            groupId: pickOf(await ids('groups'), o.pick),
            members,
          }),
        };
      case 'groupRename':
        return {
          admin,
          res: await a.put('/api/groups/update', {
            entityId: acting,
            groupId: pickOf(await ids('groups'), o.pick),
            name: `g${counter++}`,
          }),
        };
      case 'groupDelete':
        return {
          admin,
          res: await del('/api/groups/delete', {
            entityId: acting,
            groupId: pickOf(await ids('groups'), o.pick),
          }),
        };
      case 'roleAppend':
        return {
          admin,
          res: await a.post('/api/groups/role/append', {
            entityId: acting,
            groupId: pickOf(await ids('groups'), o.pick),
            roleId: pickOf(await ids('roles'), o.pick2),
          }),
        };
      case 'rolesSet': {
        const roles = await ids('roles');
        return {
          admin,
          res: await a.put('/api/groups/role/update', {
            entityId: acting,
            groupId: pickOf(await ids('groups'), o.pick),
            roleIds: roles.length ? [pickOf(roles, o.pick2)] : [],
          }),
        };
      }
      case 'scopeCreate':
        return {
          admin,
          res: await a.post('/api/permission-scopes/create', {
            groupId: pickOf(await ids('groups'), o.pick),
            entityId,
            scopeType: o.scope,
          }),
        };
      case 'scopeUpdate':
      case 'scopeDelete': {
        const rows = (
          await t.database.db.execute<{ id: number; entity_id: number }>(
            sql`select id, entity_id from permission_scopes order by id`,
          )
        ).rows;
        const s = rows.length ? rows[o.pick % rows.length]! : { id: 2_000_000_000, entity_id: entityId };
        const body = { id: Number(s.id), entityId: Number(s.entity_id) };
        return o.kind === 'scopeUpdate'
          ? { admin, res: await a.put('/api/permission-scopes/update', { ...body, scopeType: o.scope }) }
          : { admin, res: await a.post('/api/permission-scopes/delete', body) };
      }
      case 'directCreate':
        return {
          admin,
          res: await a.post('/api/direct-permissions/create', {
            principal: members[0] ?? principals()[o.pick % principals().length],
            entityId,
            permission: o.key,
            scopeType: o.scope,
          }),
        };
      case 'userRoles': {
        const roles = await ids('roles');
        return {
          admin,
          res: await a.put('/api/user-management/roles/update', {
            entityId: acting,
            userId: world.admins[o.pick % world.admins.length]!.user.id,
            roles: roles.length ? [{ roleId: pickOf(roles, o.pick2), scopeType: o.scope }] : [],
          }),
        };
      }
      case 'userGroups':
        return {
          admin,
          res: await a.post('/api/user-management/assign', {
            entityId: acting,
            userId: world.admins[o.pick % world.admins.length]!.user.id,
            groupIds: [pickOf(await ids('groups'), o.pick2)],
          }),
        };
      case 'keyGroups':
        return {
          admin,
          res: await a.put('/api/user-management/api-keys/groups', {
            entityId: acting,
            apiKeyId: world.keys[o.pick % world.keys.length]!.id,
            groupIds: [pickOf(await ids('groups'), o.pick2)],
          }),
        };
      case 'keyRoles': {
        const roles = await ids('roles');
        return {
          admin,
          res: await a.put('/api/user-management/api-keys/roles', {
            entityId: acting,
            apiKeyId: world.keys[o.pick % world.keys.length]!.id,
            roles: roles.length ? [{ roleId: pickOf(roles, o.pick2), scopeType: o.scope }] : [],
          }),
        };
      }
      case 'keyDirect':
        return {
          admin,
          res: await a.put('/api/user-management/api-keys/direct-permissions', {
            entityId: acting,
            apiKeyId: world.keys[o.pick % world.keys.length]!.id,
            permissions: o.keys.map((key) => ({ key, scopeType: o.scope })),
          }),
        };
      case 'directDelete': {
        const rows = (
          await t.database.db.execute<{ id: number; entity_id: number }>(
            sql`select id, entity_id from direct_permissions order by id`,
          )
        ).rows;
        const d = rows.length ? rows[o.pick % rows.length]! : { id: 2_000_000_000, entity_id: entityId };
        return {
          admin,
          res: await del('/api/direct-permissions/delete', {
            id: Number(d.id),
            entityId: Number(d.entity_id),
          }),
        };
      }
    }
  }

  /** Each run starts from empty grant tables and gives each administrator random keys at home. */
  async function reset(adminKeys: PermissionKey[][]) {
    await t.database.db.execute(
      sql`truncate group_members, group_roles, permission_scopes, direct_permissions, principal_roles, groups, roles restart identity cascade`,
    );
    for (const [i, admin] of world.admins.entries())
      await grant(t, admin.user.id, admin.home, ['authorization_management', ...adminKeys[i]!]);
  }

  it('never grants a key the acting administrator lacked there; a refused step changes nothing', async () => {
    const stats = { ok: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.subarray(KEYS), { minLength: 6, maxLength: 6 }),
        fc.array(op, { minLength: 4, maxLength: 14 }),
        async (adminKeys, ops) => {
          await reset(adminKeys);
          for (const o of ops) {
            const beforeTables = await grantTables(t);
            const before = resolveAll(world, await allGrants(t));
            const { admin, res } = await perform(o);
            if (res.statusCode >= 300) {
              stats.refused++;
              expect({
                kind: o.kind,
                status: res.statusCode,
                refusal: [403, 404, 409].includes(res.statusCode),
              }).toEqual({
                kind: o.kind,
                status: res.statusCode,
                refusal: true,
              });
              expect(res.json()).toMatchObject({ status: res.statusCode, title: expect.any(String) });
              expect(await grantTables(t)).toEqual(beforeTables);
              continue;
            }
            stats.ok++;
            const after = resolveAll(world, await allGrants(t));
            const actor = before.get(admin.user.id);
            for (const [who, perEntity] of after)
              for (const [entityId, now] of perEntity) {
                const was = before.get(who)?.get(entityId) ?? { permissions: [], childPermissions: [] };
                const mine = actor?.get(entityId) ?? { permissions: [], childPermissions: [] };
                for (const k of now.permissions.filter((k) => !was.permissions.includes(k)))
                  expect([o.kind, entityId, k, mine.permissions.includes(k)]).toEqual([
                    o.kind,
                    entityId,
                    k,
                    true,
                  ]);
                for (const k of now.childPermissions.filter((k) => !was.childPermissions.includes(k)))
                  expect([o.kind, entityId, k, mine.childPermissions.includes(k)]).toEqual([
                    o.kind,
                    entityId,
                    k,
                    true,
                  ]);
              }
          }
        },
      ),
      { numRuns: 35 },
    );
    // The property means something only if both kinds of step happened.
    expect(stats.ok).toBeGreaterThan(20);
    expect(stats.refused).toBeGreaterThan(20);
  }, 240_000);
});
