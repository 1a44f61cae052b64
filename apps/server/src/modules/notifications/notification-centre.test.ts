import type { TNotificationPage } from '@clearway/contracts/endpoints/platform.endpoints';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, randomEthAddress, signedInUser, uniqueName } from '../../test/fixtures';
import { clientAccount } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';

type Person = { agent: Agent; user: { id: string } };

describe('the notification centre: each user’s stored notifications', () => {
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0' });
  let client = 0;
  let account = 0;
  let requester: Person;
  let approver: Person;
  let other: Person;

  /** Stores notifications for a user as the modules do, `ageDays` old (oldest first in `titles`). */
  async function store(userId: string, titles: string[], ageDays = 0) {
    for (const [i, title] of titles.entries())
      await t.database.db.execute(sql`
        insert into notifications (recipient_kind, recipient_id, title, message, link, created_at)
        values ('user', ${userId}, ${title}, 'stored', '/deposit-and-withdrawals/requests',
                now() - make_interval(days => ${ageDays}) + make_interval(secs => ${i}))`);
  }
  const page = async (a: Agent, body: object = {}) => {
    const res = await a.post('/api/notifications/list', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TNotificationPage;
  };
  const titlesOf = (p: TNotificationPage) => p.items.map((n) => n.title);

  beforeAll(async () => {
    const broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    account = await clientAccount(t.database.db, client);
    requester = await signedInUser(t, client);
    await grant(
      t,
      requester.user.id,
      client,
      ['request_whitelist', 'request_deposit', 'account_view'],
      'SELF',
    );
    approver = await signedInUser(t, broker);
    await grant(t, approver.user.id, broker, ['approve_whitelist', 'approve_deposit'], 'DESCENDANTS');
    other = await signedInUser(t, client);
  });

  it('lists the caller’s notifications newest first, a page at a time, with the total and the unread count', async () => {
    const reader = await signedInUser(t, client);
    await store(reader.user.id, ['First', 'Second', 'Third', 'Fourth', 'Fifth']);
    const first = await page(reader.agent, { limit: 2 });
    expect(titlesOf(first)).toEqual(['Fifth', 'Fourth']);
    expect(first).toMatchObject({ total: 5, unread: 5 });
    expect(first.items[0]).toMatchObject({ read: false, link: '/deposit-and-withdrawals/requests' });
    expect(titlesOf(await page(reader.agent, { limit: 2, offset: 4 }))).toEqual(['First']);
    expect((await page(reader.agent, { offset: 10 })).items).toEqual([]);
  });

  it('marks one notification read, lowering the unread count; reading it again changes nothing', async () => {
    const reader = await signedInUser(t, client);
    await store(reader.user.id, ['One', 'Two']);
    const [two] = (await page(reader.agent)).items;
    const read = await reader.agent.post('/api/notifications/read', { notificationId: two!.id });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unread: 1 });
    expect((await reader.agent.post('/api/notifications/read', { notificationId: two!.id })).json()).toEqual({
      unread: 1,
    });
    const after = await page(reader.agent);
    expect(after.items.map((n) => [n.title, n.read])).toEqual([
      ['Two', true],
      ['One', false],
    ]);
    expect(after).toMatchObject({ total: 2, unread: 1 });
  });

  it('marks all the caller’s notifications read, and no one else’s', async () => {
    const reader = await signedInUser(t, client);
    const neighbour = await signedInUser(t, client);
    await store(reader.user.id, ['A', 'B', 'C']);
    await store(neighbour.user.id, ['Theirs']);
    const res = await reader.agent.post('/api/notifications/read-all', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: 0 });
    expect(await page(reader.agent)).toMatchObject({ total: 3, unread: 0 });
    expect(await page(neighbour.agent)).toMatchObject({ total: 1, unread: 1 });
  });

  it('never lists another user’s notifications, and answers 404 to marking one, leaving it unread', async () => {
    const owner = await signedInUser(t, client);
    await store(owner.user.id, ['Private']);
    const [mine] = (await page(owner.agent)).items;
    expect(titlesOf(await page(other.agent))).not.toContain('Private');
    const res = await other.agent.post('/api/notifications/read', { notificationId: mine!.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 404,
      title: 'Resource Not Found',
      message: 'Notification not found',
    });
    expect(await page(owner.agent)).toMatchObject({ unread: 1 });
    // An id nobody holds is answered the same way.
    expect((await other.agent.post('/api/notifications/read', { notificationId: 2 ** 40 })).statusCode).toBe(
      404,
    );
  });

  it('refuses bad input with a 400 in the section 8 shape, changing nothing', async () => {
    const reader = await signedInUser(t, client);
    await store(reader.user.id, ['Kept unread']);
    for (const [url, body, field] of [
      ['/api/notifications/list', { limit: 0 }, 'limit'],
      ['/api/notifications/list', { limit: 101 }, 'limit'],
      ['/api/notifications/list', { offset: -1 }, 'offset'],
      ['/api/notifications/read', { notificationId: 'one' }, 'notificationId'],
      ['/api/notifications/read', { notificationId: 0 }, 'notificationId'],
      ['/api/notifications/read', {}, 'notificationId'],
      ['/api/notifications/read-all', { everyone: true }, 'everyone'],
    ] as const) {
      const res = await reader.agent.post(url, body);
      expect([url, field, res.statusCode]).toEqual([url, field, 400]);
      expect(res.json()).toMatchObject({
        status: 400,
        title: 'Invalid Request',
        errors: { [field]: expect.any(String) },
      });
    }
    expect(await page(reader.agent)).toMatchObject({ total: 1, unread: 1 });
  });

  it('answers 401 to a caller without a session', async () => {
    const { Agent: AnonymousAgent } = await import('../../test/agent');
    const anonymous = new AnonymousAgent(t.app);
    expect((await anonymous.post('/api/notifications/list', {})).statusCode).toBe(401);
    expect((await anonymous.post('/api/notifications/read-all', {})).statusCode).toBe(401);
  });

  it('keeps a whitelist request for an approver who was away, and tells the requester the decision', async () => {
    const req = (
      await requester.agent.post('/api/whitelist/wallet/create', {
        entityId: client,
        network: 'ETH',
        address: randomEthAddress(),
        friendlyName: 'Cold storage',
        digitalAssets: ['ETH'],
      })
    ).json();
    // Nobody had a stream open: the approver finds it on signing in.
    const waiting = (await page(approver.agent)).items.find((n) => n.message.includes(`#${req.id}`));
    // Each notice links to its object: the approver's inbox with the request open.
    expect(waiting).toMatchObject({
      title: 'New wallet address request',
      read: false,
      link: `/approvals?request=${req.id}`,
    });

    const decided = await approver.agent.post('/api/requests/status/update', {
      entityId: client,
      requestId: req.id,
      status: 'APPROVED',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const told = await page(requester.agent);
    expect(told.items[0]).toMatchObject({
      title: `Request #${req.id} approved`,
      read: false,
      link: `/whitelist-requests?request=${req.id}`,
    });
    expect(told.unread).toBeGreaterThanOrEqual(1);
  });

  it('keeps a money request for an approver who was away, and tells the requester it was rejected', async () => {
    const res = await requester.agent.post(
      '/api/requests/deposit/fiat',
      { entityId: client, accountId: account, asset: 'USD', amount: '250.00' },
      { headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const req = res.json();
    const waiting = (await page(approver.agent)).items.find((n) => n.message.includes(`#${req.id}`));
    expect(waiting).toMatchObject({
      title: 'New deposit request',
      link: `/approvals?request=${req.id}`,
    });

    await approver.agent.post('/api/requests/status/update', {
      entityId: client,
      requestId: req.id,
      status: 'REJECTED',
      reason: 'No funds received',
    });
    expect((await page(requester.agent)).items[0]).toMatchObject({
      title: `Request #${req.id} rejected`,
      message: expect.stringContaining('rejected your deposit request: No funds received'),
      link: `/deposit-and-withdrawals/requests?request=${req.id}`,
    });
  });
});
