import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, randomEthAddress, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/** Reads a Server-Sent Events stream until an event matches, or gives up. */
async function nextEvent(
  body: ReadableStream<Uint8Array>,
  match: (data: { title: string }) => boolean,
  ms = 5000,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      for (const block of buffer.split('\n\n')) {
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) {
          const parsed = JSON.parse(data.slice(6));
          if (match(parsed)) return parsed;
        }
      }
    }
    return null;
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
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
    });
    const decided = await nextEvent(requesterStream.body!, (d) => d.title === `Request #${req.id} rejected`);
    expect(decided).not.toBeNull();
  });

  it('refuses the stream without a session (401)', async () => {
    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
  });
});
