import type { PayloadInputOf } from '@clearway/contracts/request-types/request-types';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/principal';
import type { Agent } from '../../test/agent';
import { actingAs, createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { ALREADY_DECIDED, SELF_APPROVAL } from './request-engine.service';

describe('request engine', () => {
  const t = useTestApp();
  let client = 0;
  let requester: { agent: Agent; principal: Principal; password: string; username: string };
  let approver: Agent;
  let approver2: Agent;
  const decided: string[] = [];

  beforeAll(async () => {
    const broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    const r = await signedInUser(t, client);
    await grant(t, r.user.id, client, ['request_whitelist', 'account_view'], 'SELF');
    requester = {
      agent: r.agent,
      principal: actingAs(client, r.user).principal,
      password: r.user.password,
      username: r.user.username,
    };
    for (const slot of [0, 1]) {
      const a = await signedInUser(t, broker);
      await grant(t, a.user.id, broker, ['approve_whitelist'], 'DESCENDANTS');
      if (slot === 0) approver = a.agent;
      else approver2 = a.agent;
    }
    t.services.requestEngine.register('WALLET ADDRESS', {
      onApproved: async (_tx, req) => void decided.push(`approved:${req.id}`),
      onRejected: async (_tx, req) => void decided.push(`rejected:${req.id}`),
      onCancelled: async (_tx, req) => void decided.push(`cancelled:${req.id}`),
    });
  });

  /** A wallet request's payload (its contract: request-types/whitelist-request-types.ts). */
  const wallet = (address: string): PayloadInputOf<'WALLET ADDRESS'> => ({
    address,
    network: 'BTC',
    friendlyName: 'Cold store',
    digitalAssets: ['BTC'],
  });
  const submit = (payload = wallet(uniqueName('bc1q'))) =>
    t.database.db.transaction((tx) =>
      t.services.requestEngine.submit(
        tx,
        { principal: requester.principal, entityId: client },
        'WALLET ADDRESS',
        payload,
      ),
    );
  // The web sends the selected entity: here, the client the request belongs to.
  const move = (a: Agent, requestId: number, status: string, reason?: string) =>
    a.post('/api/requests/status/update', {
      entityId: client,
      requestId,
      status,
      ...(reason ? { reason } : {}),
    });

  it('lets an approver approve; the approver sees exactly the submitted payload; every move is history', async () => {
    const payload = wallet('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    const req = await submit(payload);
    const res = await move(approver, req.id, 'APPROVED', 'checked with the client by phone');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'APPROVED', payload, requiredApprovals: 1 });
    expect(res.json().history.map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([
      [null, 'PENDING'],
      ['PENDING', 'APPROVED'],
    ]);
    expect(decided).toContain(`approved:${req.id}`);
  });

  it('never lets the requester approve their own request, over any sign-in path (403)', async () => {
    const req = await submit();
    const bySession = await move(requester.agent, req.id, 'APPROVED');
    expect(bySession.statusCode).toBe(403);
    // Even if the requester also held the approve key.
    await grant(t, requester.principal.id, client, ['approve_whitelist'], 'SELF');
    expect((await move(requester.agent, req.id, 'APPROVED')).json().message).toBe(SELF_APPROVAL);
    const { accessToken } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/exchange',
        payload: { username: requester.username, password: requester.password },
      })
    ).json();
    const byBearer = await t.app.inject({
      method: 'POST',
      url: '/api/requests/status/update',
      payload: { entityId: client, requestId: req.id, status: 'APPROVED' },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(byBearer.statusCode).toBe(403);
    const { id: keyId, key } = await t.services.auth.tokens.createApiKey({
      name: 'requester bot',
      homeEntityId: client,
      createdBy: requester.principal.id,
    });
    await t.services.authorization.grantDirect(
      t.database.db,
      { kind: 'apiKey', id: keyId },
      client,
      ['approve_whitelist'],
      'SELF',
    );
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/api/requests/status/update',
      payload: { entityId: client, requestId: req.id, status: 'APPROVED' },
      headers: { 'x-api-key': key },
    });
    expect(byKey.statusCode).toBe(403);
    await t.database.db.execute(
      sql`delete from direct_permissions where principal_id = ${requester.principal.id} and permission = 'approve_whitelist'`,
    );
  });

  it('needs two distinct approvers under a 2-approver policy', async () => {
    await t.services.requestEngine.policies.set({ principal: null }, client, 'WALLET ADDRESS', 2);
    try {
      const req = await submit();
      const first = await move(approver, req.id, 'APPROVED');
      expect(first.json()).toMatchObject({ status: 'PENDING', requiredApprovals: 2 });
      expect(first.json().approvals).toHaveLength(1);
      expect((await move(approver, req.id, 'APPROVED')).statusCode).toBe(409);
      const second = await move(approver2, req.id, 'APPROVED');
      expect(second.json()).toMatchObject({ status: 'APPROVED' });
      expect(second.json().approvals).toHaveLength(2);
    } finally {
      await t.services.requestEngine.policies.set({ principal: null }, client, 'WALLET ADDRESS', null);
    }
  });

  it('lets only one of two simultaneous approvals through; the other gets 409', async () => {
    const req = await submit();
    const [a, b] = await Promise.all([
      move(approver, req.id, 'APPROVED'),
      move(approver2, req.id, 'APPROVED'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(ALREADY_DECIDED);
  });

  it('refuses to approve after a rejection (409), and lets only the requester cancel', async () => {
    const rejected = await submit();
    expect((await move(approver, rejected.id, 'REJECTED', 'address not verified')).json().status).toBe(
      'REJECTED',
    );
    expect((await move(approver2, rejected.id, 'APPROVED')).statusCode).toBe(409);
    expect(decided).toContain(`rejected:${rejected.id}`);

    const mine = await submit();
    expect((await move(approver, mine.id, 'CANCELLED')).statusCode).toBe(403);
    expect((await move(requester.agent, mine.id, 'CANCELLED')).json().status).toBe('CANCELLED');
    expect(decided).toContain(`cancelled:${mine.id}`);
  });

  it('refuses a second identical request while one is pending', async () => {
    const payload = wallet('bc1qduplicate');
    const first = await submit(payload);
    await expect(submit(payload)).rejects.toMatchObject({ status: 409 });
    await move(requester.agent, first.id, 'CANCELLED');
    await expect(submit(payload)).resolves.toMatchObject({ status: 'PENDING' });
  });

  it('completes only an approved request', async () => {
    const req = await submit();
    expect((await move(approver, req.id, 'COMPLETED')).statusCode).toBe(409);
    await move(approver, req.id, 'APPROVED');
    expect((await move(approver, req.id, 'COMPLETED')).json().status).toBe('COMPLETED');
  });

  it('hides another entity’s request (404) and rejects an unknown move (400)', async () => {
    const stranger = await signedInUser(t, (await createEntity(t)).id);
    await grant(t, stranger.user.id, stranger.user.homeEntityId, ['approve_whitelist']);
    const req = await submit();
    expect((await move(stranger.agent, req.id, 'APPROVED')).statusCode).toBe(404);
    expect((await move(approver, req.id, 'PENDING')).statusCode).toBe(400);
  });

  it('keeps the history append-only', async () => {
    await expect(t.database.db.execute(sql`delete from request_history`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
  });
});
