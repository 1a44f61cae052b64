import type { AddressInfo } from 'node:net';
import type { TNotification } from '@clearway/contracts/endpoints/platform.endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, randomEthAddress, signedInUser, uniqueName } from '../../test/fixtures';
import { nextEvent } from '../../test/sse';
import { type TestContext, useTestApp } from '../../test/test-app';
import { LISTENER_APPLICATION_NAME } from './notification-listener';
import { createNotificationsService } from './notifications.service';

const silent = { warn() {}, info() {}, error() {} } as never;

/** Ends the live-notification listener's connections to the test database, as a fault would; their pids. */
async function terminateListeners(t: TestContext): Promise<number[]> {
  const { rows } = await t.database.pool.query<{ pid: number }>(
    `select pid from pg_stat_activity where application_name = $1 and datname = current_database()`,
    [LISTENER_APPLICATION_NAME],
  );
  await t.database.pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [
    rows.map((r) => r.pid),
  ]);
  return rows.map((r) => r.pid);
}

/** Resolves once `check` holds, polling; fails after `ms`. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('live notifications (SSE fed by LISTEN/NOTIFY)', () => {
  const t = useTestApp();
  let base = '';
  let client = 0;
  let requester: Agent;
  let approver: Agent;

  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    const r = await signedInUser(t, client);
    await grant(t, r.user.id, client, ['request_whitelist'], 'SELF');
    requester = r.agent;
    const a = await signedInUser(t, broker);
    await grant(t, a.user.id, broker, ['approve_whitelist'], 'DESCENDANTS');
    approver = a.agent;
  });
  afterAll(() => undefined);

  const stream = (a: Agent) =>
    fetch(`${base}/api/notifications/stream`, {
      headers: {
        cookie: Object.entries(a.cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      },
    });

  it('tells an approver about a new request without a reload, and the requester about the decision', async () => {
    const approverStream = await stream(approver);
    expect(approverStream.headers.get('content-type')).toBe('text/event-stream');
    const requesterStream = await stream(requester);
    const req = (
      await requester.post('/api/whitelist/wallet/create', {
        entityId: client,
        network: 'ETH',
        address: randomEthAddress(),
        friendlyName: 'Live',
        digitalAssets: ['ETH'],
      })
    ).json();
    const told = await nextEvent(approverStream.body!, (d) => d.title === 'New wallet address request');
    expect(told).toMatchObject({ message: expect.stringContaining(`#${req.id}`) });

    await approver.post('/api/requests/status/update', {
      entityId: client,
      requestId: req.id,
      status: 'REJECTED',
      reason: 'Address not verified',
    });
    const decided = await nextEvent(requesterStream.body!, (d) => d.title === `Request #${req.id} rejected`);
    expect(decided).not.toBeNull();
  });

  it('hears notifications again after the listener’s connection was terminated', async () => {
    const approverStream = await stream(approver);
    const killed = await terminateListeners(t);
    expect(killed.length).toBeGreaterThan(0);
    await eventually(async () => {
      const { rows } = await t.database.pool.query<{ pid: number }>(
        `select pid from pg_stat_activity where application_name = $1 and datname = current_database()`,
        [LISTENER_APPLICATION_NAME],
      );
      return rows.some((r) => !killed.includes(r.pid)) && t.services.notifications.listening;
    });
    const req = (
      await requester.post('/api/whitelist/wallet/create', {
        entityId: client,
        network: 'ETH',
        address: randomEthAddress(),
        friendlyName: 'After the fault',
        digitalAssets: ['ETH'],
      })
    ).json();
    const told = await nextEvent(approverStream.body!, (d) => d.title === 'New wallet address request');
    expect(told).toMatchObject({ message: expect.stringContaining(`#${req.id}`) });
  });

  it('refuses the stream without a session (401)', async () => {
    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
  });
});

describe('the live-notification listener after a lost connection', () => {
  const t = useTestApp();

  it('delivers, once each, the notifications stored while it was reconnecting', async () => {
    // A slow first retry, so that a notification is certainly stored while nobody listens.
    const service = createNotificationsService(t.database.url, silent, {
      minDelayMs: 1500,
      maxDelayMs: 1500,
    });
    await service.start();
    const heard: TNotification[] = [];
    const recipient = { kind: 'user', id: uniqueName('listener-') };
    const unsubscribe = service.subscribe(recipient, (n) => heard.push(n));
    try {
      await terminateListeners(t);
      await eventually(() => !service.listening);
      await service.notify(t.database.db, [recipient], { title: 'While away', message: 'stored meanwhile' });
      await eventually(() => heard.length > 0);
      await service.notify(t.database.db, [recipient], { title: 'Afterwards', message: 'heard live' });
      await eventually(() => heard.length > 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(heard.map((n) => n.title)).toEqual(['While away', 'Afterwards']);
    } finally {
      unsubscribe();
      await service.stop();
    }
  });

  it('stops for good: no reconnection after stop, even when the connection is then lost', async () => {
    const service = createNotificationsService(t.database.url, silent, { minDelayMs: 10 });
    await service.start();
    await service.stop();
    await new Promise((r) => setTimeout(r, 100));
    expect(service.listening).toBe(false);
    const { rows } = await t.database.pool.query(
      `select pid from pg_stat_activity where application_name = $1 and datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
    // Only the app's own listener remains.
    expect(rows).toHaveLength(1);
  });
});
