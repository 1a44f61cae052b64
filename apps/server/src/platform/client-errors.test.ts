import { type AddressInfo, connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEntity, signedInUser } from '../test/fixtures';
import { useTestApp } from '../test/test-app';

const TIMEOUT_MS = 1000;

/** A raw connection to the server that collects everything it answers until it closes. */
function rawClient(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('utf8');
  });
  const closed = new Promise<number>((resolve) => {
    const opened = Date.now();
    socket.on('close', () => resolve(Date.now() - opened));
  });
  return { socket, closed, received: () => received };
}

/** The status line and the JSON body of a raw HTTP response. */
function parse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { statusLine: head.split('\r\n')[0], body: JSON.parse(body) as unknown };
}

describe('requests that arrive too slowly', () => {
  const t = useTestApp({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
  let port = 0;

  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('answers a request that never finishes with 408 in the section 8 shape, and closes the connection', async () => {
    const c = rawClient(port);
    c.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n');
    const tookMs = await c.closed;
    expect(parse(c.received())).toEqual({
      statusLine: 'HTTP/1.1 408 Request Timeout',
      body: { status: 408, title: 'Request Timed Out', message: 'The request was not received in time' },
    });
    // Cut off after the time-out, checked every quarter of it.
    expect(tookMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(tookMs).toBeLessThan(TIMEOUT_MS * 3);
  });

  it('cuts off a body that trickles in slower than the time-out allows', async () => {
    const c = rawClient(port);
    c.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const drip = setInterval(() => c.socket.writable && c.socket.write(' '), 100);
    await c.closed;
    clearInterval(drip);
    expect(parse(c.received()).statusLine).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('answers headers it cannot read with 431 in the same shape', async () => {
    const c = rawClient(port);
    c.socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    await c.closed;
    expect(parse(c.received())).toMatchObject({
      statusLine: 'HTTP/1.1 431 Request Header Fields Too Large',
      body: { status: 431, title: 'Request Header Fields Too Large' },
    });
  });

  it('never cuts off a live stream whose request arrived in time', async () => {
    const { agent } = await signedInUser(t, (await createEntity(t)).id);
    const cookie = Object.entries(agent.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const c = rawClient(port);
    c.socket.write(`GET /api/notifications/stream HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n\r\n`);
    await new Promise((r) => setTimeout(r, TIMEOUT_MS * 2.5));
    expect(c.socket.destroyed).toBe(false);
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*: connected/);
    c.socket.destroy();
  });
});
