import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { actingAs, createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';

/** Spec sections 1, 2 and 6: templates, and creating an entity via a template. */
describe('entity templates', () => {
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0' });
  let broker = 0;
  let admin: Agent;
  let groupId = 0;
  let foreignGroupId = 0;

  const count = async (table: string) =>
    (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!
      .n;
  const counts = async () => ({
    entities: await count('entities'),
    accounts: await count('accounts'),
    scopes: await count('permission_scopes'),
    policies: await count('approval_policies'),
  });
  const template = (over: Record<string, unknown> = {}) => ({
    entityId: broker,
    name: uniqueName('Margin client '),
    description: 'A margin client with a USD trading account',
    attributes: ['Margin', 'Customer'],
    currencyCode: 'USD',
    tradingEnabled: true,
    accounts: [
      { accountType: 'MarginTrading', accountName: 'Trading USD', currencyId: 'USD' },
      { accountType: 'Bank', accountName: 'Settlement EUR', currencyId: 'EUR' },
    ],
    grants: [{ groupId, scopeType: 'SELF_AND_DESCENDANTS' }],
    approvalPolicies: [{ requestType: 'WITHDRAWAL', requiredApprovals: 2 }],
    ...over,
  });

  beforeAll(async () => {
    broker = (await createEntity(t, uniqueName('Broker '))).id;
    const a = await signedInUser(t, broker);
    await grant(t, a.user.id, broker, [
      'entity_template_management',
      'account_management',
      'account_view',
      'authorization_management',
      'approve_withdrawal',
    ]);
    admin = a.agent;
    groupId = (
      await admin.post('/api/groups/create', { entityId: broker, name: uniqueName('Desk approvers ') })
    ).json().id;
    await admin.post('/api/groups/role/append', {
      entityId: broker,
      groupId,
      roleId: (
        await admin.post('/api/roles/create', {
          entityId: broker,
          name: uniqueName('approver-'),
          permissions: ['approve_withdrawal'],
        })
      ).json().id,
    });
    // A group of another tenant: binding it is beyond what the broker's administrator may do.
    const other = (await createEntity(t, uniqueName('Other broker '))).id;
    foreignGroupId = (
      await t.database.db.execute<{ id: number }>(
        sql`insert into groups (name, owner_entity_id) values (${uniqueName('Foreign ')}, ${other}) returning id`,
      )
    ).rows[0]!.id;
  });

  it('creates, lists, views, updates and deletes a template, audited', async () => {
    const created = await admin.post('/api/template/create', template({ name: 'Margin client (standard)' }));
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      ownerEntityId: broker,
      name: 'Margin client (standard)',
      grants: [
        { groupId, scopeType: 'SELF_AND_DESCENDANTS', groupName: expect.stringMatching(/^Desk approvers /) },
      ],
      approvalPolicies: [{ requestType: 'WITHDRAWAL', requiredApprovals: 2 }],
    });
    const list = await admin.get(`/api/template?entityId=${broker}`);
    expect(list.json().map((x: { id: number }) => x.id)).toContain(id);
    expect((await admin.post('/api/template/view', { entityId: broker, templateId: id })).json().name).toBe(
      'Margin client (standard)',
    );
    const updated = await admin.put('/api/template/update', {
      ...template({ name: 'Margin client (premium)' }),
      templateId: id,
    });
    expect(updated.json().name).toBe('Margin client (premium)');
    const twice = await admin.post('/api/template/create', template({ name: 'Margin client (premium)' }));
    expect(twice.statusCode).toBe(409);
    const gone = await admin.call({
      method: 'DELETE',
      url: '/api/template/delete',
      payload: { entityId: broker, templateId: id },
    });
    expect(gone.json()).toEqual({ message: 'Template deleted' });
    expect((await admin.post('/api/template/view', { entityId: broker, templateId: id })).statusCode).toBe(
      404,
    );
    const audit = await t.database.db.execute<{ action: string }>(
      sql`select action from audit_events where target = ${String(id)} and action like 'template.%' order by id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'template.create',
      'template.update',
      'template.delete',
    ]);
  });

  it('refuses two policies for one request type (400), saving nothing', async () => {
    const res = await admin.post(
      '/api/template/create',
      template({
        approvalPolicies: [
          { requestType: 'WITHDRAWAL', requiredApprovals: 2 },
          { requestType: 'WITHDRAWAL', requiredApprovals: 3 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ approvalPolicies: 'one policy per request type' });
  });

  it('creates an entity via a template with its accounts, grants and approval policies together', async () => {
    const id = (await admin.post('/api/template/create', template())).json().id;
    const res = await admin.post(`/api/template/${id}/create`, {
      entityId: broker,
      parentId: broker,
      entityName: 'Northwind Capital',
      addresses: [{ addressType: 'Registered', line1: '1 King Street', city: 'London', countryCode: 'GB' }],
    });
    expect(res.statusCode).toBe(200);
    const entity = res.json();
    expect(entity).toMatchObject({
      entityName: 'Northwind Capital',
      parentId: broker,
      attributes: ['Margin', 'Customer'],
      currencyCode: 'USD',
      tradingEnabled: true,
      active: true,
    });
    const accounts = (await admin.post('/api/entity/accounts', { entityId: entity.entityId })).json();
    expect(accounts.map((a: { name: string; currencyCode: string }) => [a.name, a.currencyCode])).toEqual([
      ['Settlement EUR', 'EUR'],
      ['Trading USD', 'USD'],
    ]);
    const scopes = await t.database.db.execute<{ group_id: number; scope_type: string }>(
      sql`select group_id, scope_type from permission_scopes where entity_id = ${entity.entityId}`,
    );
    expect(scopes.rows).toEqual([{ group_id: groupId, scope_type: 'SELF_AND_DESCENDANTS' }]);
    const policy = (await admin.post('/api/requests/approval-policies', { entityId: entity.entityId }))
      .json()
      .find((p: { requestType: string }) => p.requestType === 'WITHDRAWAL');
    expect(policy).toMatchObject({ requiredApprovals: 2, setAt: entity.entityId });
  });

  it('makes a withdrawal at an entity made from a two-approver template need two distinct approvers', async () => {
    const id = (await admin.post('/api/template/create', template({ grants: [] }))).json().id;
    const entity = (
      await admin.post(`/api/template/${id}/create`, {
        entityId: broker,
        parentId: broker,
        entityName: uniqueName('Two approvers '),
      })
    ).json().entityId as number;
    const trading = (await admin.post('/api/entity/accounts', { entityId: entity }))
      .json()
      .find((a: { name: string }) => a.name === 'Trading USD').id;
    await fund(t.database.db, trading, 'USD', '500.00');
    const bankInfoId = (
      await t.services.bankInfo.createDirect(actingAs(entity), {
        entityId: entity,
        beneficiaryName: 'Client Treasury Ltd',
        beneficiaryAddress: '1 Bank Street, London',
        bankName: 'Barclays USD',
        iban: 'GB33 BUKB 2020 1555 5555 55',
        bic: 'BUKBGB22',
        currency: 'USD',
      })
    ).id;
    const r = await signedInUser(t, entity);
    await grant(t, r.user.id, entity, ['request_withdrawal', 'account_view'], 'SELF');
    const request = await r.agent.post(
      '/api/requests/withdrawal/fiat',
      { entityId: entity, accountId: trading, bankInfoId, asset: 'USD', amount: '100.00' },
      { headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(request.statusCode).toBe(200);
    const decide = (a: Agent) =>
      a.post('/api/requests/status/update', {
        entityId: entity,
        requestId: request.json().id,
        status: 'APPROVED',
      });
    const first = await decide(admin);
    expect(first.json().status).toBe('PENDING');
    expect((await decide(admin)).statusCode).toBe(409);
    const second = await signedInUser(t, broker);
    await grant(t, second.user.id, broker, ['approve_withdrawal']);
    expect((await decide(second.agent)).json().status).toBe('COMPLETED');
  });

  /** A template of the broker's whose grants name another tenant's group (as saved before issue 38). */
  const templateNamingForeignGroup = async () => {
    const id = (await admin.post('/api/template/create', template())).json().id as number;
    await t.database.db.execute(
      sql`update entity_templates set grants = ${JSON.stringify([{ groupId: foreignGroupId, scopeType: 'SELF' }])}::jsonb
          where id = ${id}`,
    );
    return id;
  };

  it('answers 404 to a template naming another tenant’s group, as a grant or as approvers, saving nothing', async () => {
    const templates = async () => count('entity_templates');
    const before = await templates();
    for (const over of [
      { grants: [{ groupId: foreignGroupId }] },
      {
        approvalPolicies: [
          { requestType: 'WITHDRAWAL', requiredApprovals: 2, approverGroupId: foreignGroupId },
        ],
      },
    ]) {
      const res = await admin.post('/api/template/create', template(over));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, title: 'Resource Not Found', message: 'Group not found' });
    }
    expect(await templates()).toBe(before);
    const id = (await admin.post('/api/template/create', template())).json().id;
    const update = await admin.put('/api/template/update', {
      ...template({ grants: [{ groupId: foreignGroupId }] }),
      templateId: id,
    });
    expect(update.statusCode).toBe(404);
    expect(
      (await admin.post('/api/template/view', { entityId: broker, templateId: id })).json().grants,
    ).toEqual([
      { groupId, scopeType: 'SELF_AND_DESCENDANTS', groupName: expect.stringContaining('Desk approvers') },
    ]);
  });

  it('never names another tenant’s group in a template’s answer', async () => {
    const id = await templateNamingForeignGroup();
    const foreignName = (
      await t.database.db.execute<{ name: string }>(sql`select name from groups where id = ${foreignGroupId}`)
    ).rows[0]!.name;
    const viewed = (await admin.post('/api/template/view', { entityId: broker, templateId: id })).json();
    expect(viewed.grants).toEqual([
      { groupId: foreignGroupId, scopeType: 'SELF', groupName: `#${foreignGroupId}` },
    ]);
    const listed = (await admin.get(`/api/template?entityId=${broker}`)).body;
    expect(listed).not.toContain(foreignName);
  });

  it('leaves nothing behind when a grant is refused half-way (403): no entity, account, scope or policy', async () => {
    const id = await templateNamingForeignGroup();
    const before = await counts();
    const res = await admin.post(`/api/template/${id}/create`, {
      entityId: broker,
      parentId: broker,
      entityName: uniqueName('Refused '),
    });
    expect(res.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('leaves nothing behind when the database fails half-way (a fault injected at the policies, after the entity, accounts and grants)', async () => {
    const id = (await admin.post('/api/template/create', template())).json().id;
    const db = t.database.db;
    await db.execute(sql`
      create function fail_policy_insert() returns trigger language plpgsql as $$
      begin raise exception 'injected fault'; end $$`);
    await db.execute(sql`
      create trigger inject_fault before insert on approval_policies
      for each row execute function fail_policy_insert()`);
    try {
      const before = await counts();
      const res = await admin.post(`/api/template/${id}/create`, {
        entityId: broker,
        parentId: broker,
        entityName: uniqueName('Faulted '),
      });
      expect(res.statusCode).toBe(500);
      expect(await counts()).toEqual(before);
    } finally {
      await db.execute(sql`drop trigger inject_fault on approval_policies`);
      await db.execute(sql`drop function fail_policy_insert()`);
    }
  });

  it('needs account_management besides entity_template_management to create an entity (403)', async () => {
    const id = (
      await admin.post('/api/template/create', template({ grants: [], approvalPolicies: [] }))
    ).json().id;
    const d = await signedInUser(t, broker);
    await grant(t, d.user.id, broker, ['entity_template_management']);
    const res = await d.agent.post(`/api/template/${id}/create`, {
      entityId: broker,
      parentId: broker,
      entityName: uniqueName('No accounts '),
    });
    expect(res.statusCode).toBe(403);
  });
});
