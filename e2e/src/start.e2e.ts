import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/server/src/test/free-port';
import { startPortal } from './portal-process';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => s.destroy() || resolve(true));
    s.once('error', () => resolve(false));
  });

describe('npm start', () => {
  let dataDir = '';
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('serves the API and the SPA within 60 s, stops cleanly on Ctrl-C and keeps its data', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-start-'));
    const ports = {
      dataDir,
      port: await freePort(),
      pgPort: await freePort(),
      metricsPort: await freePort(),
    };

    const first = await startPortal(ports);
    expect(first.startedInMs).toBeLessThan(60_000);
    const mode = await fetch(`${first.baseUrl}/api/server/mode`);
    expect(mode.status).toBe(200);
    const home = await fetch(`${first.baseUrl}/`);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(await home.text()).toContain('<div id="root">');
    // Metrics live on their own loopback listener, not on the portal's port.
    const metrics = await fetch(`${first.metricsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_request_duration_seconds_count');
    expect(await (await fetch(`${first.baseUrl}/metrics`)).text()).not.toContain('http_request_duration');

    const db = new pg.Client({
      connectionString: `postgres://clearway:clearway@127.0.0.1:${ports.pgPort}/clearway`,
    });
    await db.connect();
    const currencies = await db.query('select count(*)::int as n from currencies');
    expect(currencies.rows[0].n).toBeGreaterThan(150);
    await db.query(
      `update server_settings set maintenance = true, maintenance_message = 'kept across restarts'`,
    );
    await db.end();

    // Ctrl-C reaches the embedded PostgreSQL as well, as in a terminal: a clean stop, quietly.
    const startedOutput = first.output().length;
    expect(await first.stop()).toBe(0);
    const stopOutput = first.output().slice(startedOutput);
    expect(stopOutput).not.toMatch(/error|"level":[56]0|\n\s+at /i);
    expect(stopOutput).toContain('SIGINT: stopping');
    expect(await listening(ports.port)).toBe(false);
    expect(await listening(ports.pgPort)).toBe(false);
    expect(await listening(ports.metricsPort)).toBe(false);

    const second = await startPortal(ports);
    const again = await (await fetch(`${second.baseUrl}/api/server/mode`)).json();
    expect(again).toMatchObject({ maintenance: true, message: 'kept across restarts' });
    // The database hears Ctrl-C first and drops the server's connections (the live
    // notification listener's too): still a clean, quiet stop, not a fault to report.
    const restartedOutput = second.output().length;
    expect(await second.stop({ databaseFirst: true })).toBe(0);
    expect(second.output().slice(restartedOutput)).not.toMatch(/error|"level":[56]0|\n\s+at /i);
  });
});
