import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { actingAs, createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

describe('approval policies over HTTP', () => {
  const t = useTestApp();
  let broker = 0;
  let client = 0;
  let compliance: Agent;
  let approver: Agent;
  let requester: Agent;
  let requesterPrincipal: ReturnType<typeof actingAs>['principal'];

  const policyOf = async (a: Agent, entityId: number, type = 'WALLET ADDRESS') => {
    const res = await a.post('/api/requests/approval-policies', { entityId });
    expect(res.statusCode).toBe(200);
    return res.json().find((p: { requestType: string }) => p.requestType === type);
  };
  const setPolicy = (a: Agent, entityId: number, body: Record<string, unknown>) =>
    a.put('/api/requests/approval-policies', { entityId, ...body });

  beforeAll(async () => {
    broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    const c = await signedInUser(t, broker);
    await grant(t, c.user.id, broker, ['authorization_management', 'approve_whitelist']);
    compliance = c.agent;
    const a = await signedInUser(t, broker);
    await grant(t, a.user.id, broker, ['approve_whitelist']);
    approver = a.agent;
    const r = await signedInUser(t, client);
    await grant(t, r.user.id, client, ['request_whitelist'], 'SELF');
    requester = r.agent;
    requesterPrincipal = actingAs(client, r.user).principal;
  });

  it('lets compliance demand two approvers at a broker for all its clients, until a client sets its own', async () => {
    expect(await policyOf(requester, client)).toEqual({
      requestType: 'WALLET ADDRESS',
      requiredApprovals: 1,
      setAt: null,
      setAtName: null,
    });
    const set = await setPolicy(compliance, broker, { requestType: 'WALLET ADDRESS', requiredApprovals: 2 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ requiredApprovals: 2, setAt: broker });
    // The client inherits the broker's rule; a new request there needs two approvers.
    expect(await policyOf(requester, client)).toMatchObject({ requiredApprovals: 2, setAt: broker });
    const request = await t.database.db.transaction((tx) =>
      t.services.requestEngine.submit(
        tx,
        { principal: requesterPrincipal, entityId: client },
        'WALLET ADDRESS',
        { address: uniqueName('bc1q'), network: 'BTC', friendlyName: 'Cold store', digitalAssets: ['BTC'] },
      ),
    );
    expect(request.requiredApprovals).toBe(2);
    // Nearer wins; cleared, the inherited rule applies again.
    await setPolicy(compliance, client, { requestType: 'WALLET ADDRESS', requiredApprovals: 3 });
    expect(await policyOf(requester, client)).toMatchObject({ requiredApprovals: 3, setAt: client });
    await setPolicy(compliance, client, { requestType: 'WALLET ADDRESS', requiredApprovals: null });
    expect(await policyOf(requester, client)).toMatchObject({ requiredApprovals: 2, setAt: broker });
    // Other request types are untouched; every change is audited with the rule it replaced.
    expect(await policyOf(requester, client, 'DEPOSIT')).toMatchObject({ requiredApprovals: 1, setAt: null });
    const audit = (
      await t.database.db.execute<{ details: { from: number | null; to: number | null } }>(
        sql`select details from audit_events where action = 'requests.approval-policy' and target = ${`${client}:WALLET ADDRESS`} order by id`,
      )
    ).rows.map((r) => [r.details.from, r.details.to]);
    expect(audit).toEqual([
      [null, 3],
      [3, null],
    ]);
    await setPolicy(compliance, broker, { requestType: 'WALLET ADDRESS', requiredApprovals: null });
  });

  it('refuses an approver (who could lower the bar for themselves) and out-of-range numbers, changing nothing', async () => {
    await setPolicy(compliance, broker, { requestType: 'DEPOSIT', requiredApprovals: 2 });
    const byApprover = await setPolicy(approver, broker, { requestType: 'DEPOSIT', requiredApprovals: 1 });
    expect(byApprover.statusCode).toBe(403);
    for (const bad of [
      { requestType: 'DEPOSIT', requiredApprovals: 0 },
      { requestType: 'DEPOSIT', requiredApprovals: 11 },
      { requestType: 'DEPOSIT', requiredApprovals: 1.5 },
      { requestType: 'PAYMENT', requiredApprovals: 1 },
    ]) {
      const res = await setPolicy(compliance, broker, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await policyOf(compliance, broker, 'DEPOSIT')).toMatchObject({
      requiredApprovals: 2,
      setAt: broker,
    });
    await setPolicy(compliance, broker, { requestType: 'DEPOSIT', requiredApprovals: null });
  });

  it('lets a policy name the approvers’ group: only its members decide, and only their inbox lists the request', async () => {
    const member = await signedInUser(t, broker);
    await grant(t, member.user.id, broker, ['approve_whitelist']);
    const group = await compliance.post('/api/groups/create', {
      entityId: broker,
      name: uniqueName('Whitelist desk '),
      members: [{ kind: 'user', id: member.user.id }],
    });
    expect(group.statusCode).toBe(200);
    const groupId = group.json().id;
    const set = await setPolicy(compliance, client, {
      requestType: 'WALLET ADDRESS',
      requiredApprovals: 1,
      approverGroupId: groupId,
    });
    expect(set.json()).toMatchObject({ requiredApprovals: 1, setAt: client, approverGroupId: groupId });
    expect((await policyOf(requester, client)).approverGroupName).toBe(group.json().name);
    const request = await t.database.db.transaction((tx) =>
      t.services.requestEngine.submit(
        tx,
        { principal: requesterPrincipal, entityId: client },
        'WALLET ADDRESS',
        { address: uniqueName('bc1q'), network: 'BTC', friendlyName: 'Group store', digitalAssets: ['BTC'] },
      ),
    );
    const inbox = async (a: Agent) =>
      (await a.post('/api/requests/inbox', { entityId: broker, limit: 50 }))
        .json()
        .items.map((r: { id: number }) => r.id);
    expect(await inbox(approver)).not.toContain(request.id);
    expect(await inbox(member.agent)).toContain(request.id);
    const decide = (a: Agent) =>
      a.post('/api/requests/status/update', { entityId: client, requestId: request.id, status: 'APPROVED' });
    const outsider = await decide(approver);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(
      'Only members of the approvers’ group this request’s policy names may decide it',
    );
    expect((await decide(member.agent)).json().status).not.toBe('PENDING');

    // A group the caller cannot name (none it may see has this id) is refused, changing nothing.
    const hidden = 2_147_483_000;
    const refused = await setPolicy(compliance, client, {
      requestType: 'WALLET ADDRESS',
      requiredApprovals: 1,
      approverGroupId: hidden,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ approverGroupId: 'no such group among yours' });
    expect((await policyOf(requester, client)).approverGroupId).toBe(groupId);
    await setPolicy(compliance, client, { requestType: 'WALLET ADDRESS', requiredApprovals: null });
  });
});
