import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { actingAs, createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { clientAccount } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';

/**
 * Issue 26: four eyes on the four-eyes rules. Where a rule for 'APPROVAL POLICY' is in
 * force, a change of an approval policy is a request another administrator approves in the
 * approvals inbox; it is not applied by the one who asked.
 */
describe('approval-policy changes under four eyes', () => {
  const t = useTestApp();
  let broker = 0;
  let client = 0;
  let maker: Agent;
  let makerId = '';
  let checker: Agent;

  const policyOf = async (a: Agent, entityId: number, type: string) =>
    (await a.post('/api/requests/approval-policies', { entityId }))
      .json()
      .find((p: { requestType: string }) => p.requestType === type);
  const setPolicy = (a: Agent, entityId: number, body: Record<string, unknown>) =>
    a.put('/api/requests/approval-policies', { entityId, ...body });
  const decide = (a: Agent, entityId: number, requestId: number, status: string, reason?: string) =>
    a.post('/api/requests/status/update', { entityId, requestId, status, ...(reason ? { reason } : {}) });

  beforeAll(async () => {
    broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    const m = await signedInUser(t, broker);
    await grant(t, m.user.id, broker, ['authorization_management', 'account_view']);
    maker = m.agent;
    makerId = m.user.id;
    const c = await signedInUser(t, broker);
    await grant(t, c.user.id, broker, ['authorization_management', 'account_view']);
    checker = c.agent;
    // Governance switched on at the broker: every policy change below it needs one other administrator.
    const on = await setPolicy(maker, broker, { requestType: 'APPROVAL POLICY', requiredApprovals: 1 });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ requiredApprovals: 1, setAt: broker });
    expect(on.json().pendingRequestId).toBeUndefined();
  });

  it('turns a policy change into a request: nothing changes until another administrator approves it in the inbox', async () => {
    const asked = await setPolicy(maker, client, { requestType: 'WITHDRAWAL', requiredApprovals: 2 });
    expect(asked.statusCode).toBe(200);
    const requestId = asked.json().pendingRequestId as number;
    expect(requestId).toEqual(expect.any(Number));
    expect(asked.json()).toMatchObject({ requestType: 'WITHDRAWAL', requiredApprovals: 1, setAt: null });
    expect(await policyOf(maker, client, 'WITHDRAWAL')).toMatchObject({ requiredApprovals: 1, setAt: null });

    // The one who asked cannot approve it; the request waits in the other administrator's inbox.
    const own = await decide(maker, client, requestId, 'APPROVED');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot decide a request you made yourself');
    const inbox = (await checker.post('/api/requests/inbox', { entityId: broker, limit: 50 })).json();
    expect(inbox.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: requestId,
          type: 'APPROVAL POLICY',
          payload: { requestType: 'WITHDRAWAL', requiredApprovals: 2, approverGroupId: null },
        }),
      ]),
    );

    const approved = await decide(checker, client, requestId, 'APPROVED');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('COMPLETED');
    expect(await policyOf(maker, client, 'WITHDRAWAL')).toMatchObject({
      requiredApprovals: 2,
      setAt: client,
    });
    const audit = (
      await t.database.db.execute<{ details: { to: number; requestId: number } }>(
        sql`select details from audit_events where action = 'requests.approval-policy' and target = ${`${client}:WITHDRAWAL`}`,
      )
    ).rows.map((r) => r.details);
    expect(audit).toEqual([expect.objectContaining({ to: 2, requestId })]);
  });

  it('keeps a template’s approval policies under four eyes too: the new entity inherits until another administrator approves them', async () => {
    await grant(t, makerId, broker, ['entity_template_management', 'account_management']);
    const template = await maker.post('/api/template/create', {
      entityId: broker,
      name: uniqueName('One approver '),
      attributes: ['Customer'],
      currencyCode: 'USD',
      tradingEnabled: false,
      accounts: [],
      grants: [],
      approvalPolicies: [{ requestType: 'WITHDRAWAL', requiredApprovals: 1 }],
    });
    expect(template.statusCode, template.body).toBe(200);
    const made = await maker.post(`/api/template/${template.json().id}/create`, {
      entityId: broker,
      parentId: broker,
      entityName: uniqueName('From template '),
    });
    expect(made.statusCode, made.body).toBe(200);
    const entity = made.json().entityId as number;
    expect(await policyOf(maker, entity, 'WITHDRAWAL')).toMatchObject({ setAt: null });
    const [pending] = (
      await t.database.db.execute<{ id: number; status: string }>(
        sql`select id, status::text from requests where type = 'APPROVAL POLICY' and entity_id = ${entity}`,
      )
    ).rows;
    expect(pending).toMatchObject({ status: 'PENDING' });
    const approved = await decide(checker, entity, Number(pending!.id), 'APPROVED');
    expect(approved.json().status, approved.body).toBe('COMPLETED');
    expect(await policyOf(maker, entity, 'WITHDRAWAL')).toMatchObject({
      requiredApprovals: 1,
      setAt: entity,
    });
  });

  it('opens an approval-policy request to its deciders, but not a money request: authorization_management alone is 404 there', async () => {
    const asked = await setPolicy(maker, client, { requestType: 'DEPOSIT', requiredApprovals: 2 });
    const policyRequest = asked.json().pendingRequestId as number;
    const view = (requestId: number) => checker.post('/api/requests/view', { entityId: client, requestId });
    expect((await view(policyRequest)).statusCode).toBe(200);
    const account = await clientAccount(t.database.db, client);
    const deposit = await t.services.moneyRequests.depositFiat(actingAs(client), `four-eyes-${client}`, {
      entityId: client,
      accountId: account,
      asset: 'USD',
      amount: '10.00',
      reference: 'Wire from the client',
    });
    const refused = await view(deposit.id);
    expect([refused.statusCode, refused.json().message]).toEqual([404, 'Request not found']);
  });

  it('changes nothing when the request is rejected, and keeps governance itself under four eyes', async () => {
    const asked = await setPolicy(maker, client, { requestType: 'DEPOSIT', requiredApprovals: 3 });
    const rejected = await decide(checker, client, asked.json().pendingRequestId, 'REJECTED', 'Too strict');
    expect(rejected.json().status).toBe('REJECTED');
    expect(await policyOf(maker, client, 'DEPOSIT')).toMatchObject({ requiredApprovals: 1, setAt: null });

    // Switching the four eyes off is itself a change that waits for a second administrator.
    const off = await setPolicy(maker, broker, { requestType: 'APPROVAL POLICY', requiredApprovals: null });
    expect(off.json().pendingRequestId).toEqual(expect.any(Number));
    expect(await policyOf(maker, broker, 'APPROVAL POLICY')).toMatchObject({
      requiredApprovals: 1,
      setAt: broker,
    });
  });

  it('refuses a group the administrator may not name when the change is asked for, submitting nothing', async () => {
    const before = (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from requests where type = 'APPROVAL POLICY'`,
      )
    ).rows[0]!.n;
    const res = await setPolicy(maker, client, {
      requestType: 'WALLET ADDRESS',
      requiredApprovals: 2,
      approverGroupId: 2_147_483_000,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ approverGroupId: 'no such group among yours' });
    const after = (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from requests where type = 'APPROVAL POLICY'`,
      )
    ).rows[0]!.n;
    expect(after).toBe(before);
  });
});
