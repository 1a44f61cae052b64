import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/**
 * `GET /groups` lists only the groups the caller may administer — and what it lists is
 * all it may name as an approval policy's approvers (issue 25, item 5).
 */
describe('groups an administrator may see and name', () => {
  const t = useTestApp();
  let root = 0;
  let tenant = 0;
  let desk = 0;
  let other = 0;
  let tenantAdmin: Agent;

  /** A group written as set-up (outside the rule): owner and one binding, each optional. */
  const groupAt = async (owner: number | null, boundAt: number | null) => {
    const r = await t.database.db.execute<{ id: number }>(
      sql`insert into groups (name, description, owner_entity_id)
          values (${uniqueName('Group ')}, '', ${owner}) returning id`,
    );
    const id = Number(r.rows[0]!.id);
    if (boundAt !== null)
      await t.database.db.execute(
        sql`insert into permission_scopes (group_id, entity_id, scope_type) values (${id}, ${boundAt}, 'SELF')`,
      );
    return id;
  };

  beforeAll(async () => {
    // The platform root is the first top-level entity; the tenants sit under it.
    root = (await createEntity(t, uniqueName('Platform '))).id;
    tenant = (await createEntity(t, uniqueName('Tenant '), root)).id;
    desk = (await createEntity(t, uniqueName('Desk '), tenant)).id;
    other = (await createEntity(t, uniqueName('Other tenant '), root)).id;
    const a = await signedInUser(t, tenant);
    await grant(t, a.user.id, tenant, ['authorization_management', 'approve_whitelist']);
    tenantAdmin = a.agent;
  });

  it('lists a tenant administrator its own groups and those bound only in its tree, never an unowned, platform or other tenant’s group, and refuses naming those as approvers', async () => {
    const mine = {
      own: await groupAt(tenant, null),
      ownBoundAtDesk: await groupAt(tenant, desk),
      platformMadeForDesk: await groupAt(null, desk),
    };
    const notMine = {
      unownedUnbound: await groupAt(null, null),
      unownedAtRoot: await groupAt(null, root),
      unownedAtOther: await groupAt(null, other),
      otherTenants: await groupAt(other, null),
      platformOwned: await groupAt(root, null),
      ownButBoundInOther: await groupAt(tenant, other),
    };
    const listed = ((await tenantAdmin.get(`/api/groups?entityId=${tenant}`)).json() as { id: number }[]).map(
      (g) => g.id,
    );
    expect(listed).toEqual(expect.arrayContaining(Object.values(mine)));
    for (const [what, id] of Object.entries(notMine))
      expect({ what, listed: listed.includes(id) }).toEqual({ what, listed: false });

    for (const [what, id] of Object.entries(notMine)) {
      const res = await tenantAdmin.put('/api/requests/approval-policies', {
        entityId: tenant,
        requestType: 'WALLET ADDRESS',
        requiredApprovals: 2,
        approverGroupId: id,
      });
      expect({ what, status: res.statusCode }).toEqual({ what, status: 400 });
      expect(res.json().errors).toEqual({ approverGroupId: 'no such group among yours' });
    }
    const policies = (await tenantAdmin.post('/api/requests/approval-policies', { entityId: tenant })).json();
    expect(policies.find((p: { requestType: string }) => p.requestType === 'WALLET ADDRESS')).toMatchObject({
      requiredApprovals: 1,
      setAt: null,
    });
    // What is listed can be named.
    const named = await tenantAdmin.put('/api/requests/approval-policies', {
      entityId: tenant,
      requestType: 'WALLET ADDRESS',
      requiredApprovals: 2,
      approverGroupId: mine.platformMadeForDesk,
    });
    expect(named.statusCode).toBe(200);
  });
});
