import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { Agent } from '../../test/agent';
import type { TestContext } from '../../test/test-app';
import { DEMO_PASSWORD } from '../demo/demo-data.seed';

/** Test helpers for the grant rule: demo personas, ids by name, and the grant tables. */

/** A demo persona signed in (its two-factor step switched off for the test). */
export async function signInAs(t: TestContext, username: string): Promise<Agent> {
  await t.database.db.execute(sql`update users set two_factor_required = false where username = ${username}`);
  const agent = new Agent(t.app);
  const res = await agent.post('/api/auth/login', { username, password: DEMO_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.body}`);
  return agent;
}

export async function idOf(t: TestContext, table: 'entities' | 'groups' | 'roles', name: string) {
  const rows = await t.database.db.execute<{ id: number }>(
    sql`select id from ${sql.identifier(table)} where name = ${name}`,
  );
  if (!rows.rows[0]) throw new Error(`no ${table} named ${name}`);
  return Number(rows.rows[0].id);
}

export async function userIdOf(t: TestContext, username: string) {
  const rows = await t.database.db.execute<{ id: string }>(
    sql`select id from users where username = ${username}`,
  );
  return rows.rows[0]!.id;
}

/** Every row of every table that grants rights, in a fixed order: equal snapshots, equal rights. */
export async function grantTables(t: TestContext): Promise<string> {
  const q = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows;
  return JSON.stringify([
    await q(sql`select id, name, description, permissions, owner_entity_id from roles order by id`),
    await q(sql`select id, name, description, owner_entity_id from groups order by id`),
    await q(sql`select * from group_roles order by group_id, role_id`),
    await q(sql`select * from group_members order by group_id, principal_kind, principal_id`),
    await q(sql`select * from permission_scopes order by id`),
    await q(sql`select * from direct_permissions order by id`),
    await q(
      sql`select * from principal_roles order by principal_kind, principal_id, role_id, entity_id, scope_type`,
    ),
  ]);
}

/** A refusal in the section 8 shape. */
export function expectRefused(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ status: 403, title: 'Access Denied', message: expect.any(String) });
}

type Node = { entityId: number; permissions: string[]; children: Node[] };

/** The caller's permissions on an entity as its entity forest shows them (null: not visible). */
export async function permissionsOn(agent: Agent, entityId: number): Promise<string[] | null> {
  const find = (nodes: Node[]): Node | undefined => {
    for (const n of nodes) {
      if (n.entityId === entityId) return n;
      const hit = find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  return find((await agent.get('/api/entity')).json())?.permissions ?? null;
}
