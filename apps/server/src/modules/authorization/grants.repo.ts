import type { Grant } from '@clearway/contracts/authorization';
import { type SQL, sql } from 'drizzle-orm';
import { createBatcher, type Outcome } from '../../platform/batcher';
import { type Db, type DbOrTx, queryPrepared } from '../../platform/db';
import type { Principal } from '../../platform/principal';

/** Grant rows of the principal named by two SQL expressions (values or outer columns). */
const grantRows = (kind: SQL | string, id: SQL | string) => sql`
    select ps.entity_id, unnest(r.permissions) as key, ps.scope_type as scope
      from group_members gm
      join permission_scopes ps on ps.group_id = gm.group_id
      join group_roles gr on gr.group_id = gm.group_id
      join roles r on r.id = gr.role_id
     where gm.principal_kind = ${kind} and gm.principal_id = ${id}
    union
    select pr.entity_id, unnest(r.permissions), pr.scope_type
      from principal_roles pr
      join roles r on r.id = pr.role_id
     where pr.principal_kind = ${kind} and pr.principal_id = ${id}
    union
    select dp.entity_id, dp.permission, dp.scope_type
      from direct_permissions dp
     where dp.principal_kind = ${kind} and dp.principal_id = ${id}`;

type GrantRow = { entity_id: number | null; key: string | null; scope: Grant['scope'] | null };
const toGrants = (rows: GrantRow[]): Grant[] =>
  rows
    .filter((r) => r.entity_id !== null)
    .map((r) => ({ entityId: Number(r.entity_id), key: r.key as Grant['key'], scope: r.scope! }));

/** Every grant a principal holds: roles through its groups' scopes, its own roles, and direct permissions. */
export async function grantsOf(db: DbOrTx, principal: Pick<Principal, 'kind' | 'id'>): Promise<Grant[]> {
  return toGrants((await db.execute<GrantRow>(grantRows(principal.kind, principal.id))).rows);
}

type PathQuestion = { principal: Pick<Principal, 'kind' | 'id'>; entityId: number };
type PathAndGrants = { path: string; grants: Grant[] } | null;

/**
 * The entity's materialized path and the principal's grants (the access guard asks for
 * both on every request). Questions asked at the same moment share one round trip — read
 * when asked, so a changed grant still applies to the very next call; null when the
 * entity does not exist.
 */
export function pathAndGrantsReader(db: Db) {
  return createBatcher(
    async (questions: PathQuestion[]): Promise<Outcome<PathAndGrants>[]> => {
      const rows = await queryPrepared<GrantRow & { i: string; path: string }>(
        db,
        'paths_and_grants',
        sql`select q.i, e.path, g.entity_id, g.key, g.scope
              from unnest(${sql.param(questions.map((q) => q.principal.kind))}::principal_kind[],
                          ${sql.param(questions.map((q) => q.principal.id))}::text[],
                          ${sql.param(questions.map((q) => q.entityId))}::int[]) with ordinality as q(kind, pid, entity, i)
              join entities e on e.id = q.entity
              left join lateral (${grantRows(sql`q.kind`, sql`q.pid`)}) g on true`,
      );
      const byQuestion = questions.map((): typeof rows => []);
      for (const r of rows) byQuestion[Number(r.i) - 1]!.push(r);
      return byQuestion.map((group) => ({
        ok: true,
        value: group.length ? { path: group[0]!.path, grants: toGrants(group) } : null,
      }));
    },
    { name: 'paths_and_grants', maxInFlight: 2 },
  );
}
