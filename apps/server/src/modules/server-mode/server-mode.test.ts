import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEntity, grant, signedInUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { createServerModeService } from './server-mode.service';

// Drizzle wraps the database error; PostgreSQL's own message is the cause.
const appendOnly = { cause: { message: expect.stringMatching(/append-only/) } };

describe('maintenance mode', () => {
  const t = useTestApp();
  const setMode = (on: boolean) =>
    t.services.serverMode.setMaintenance(on, on ? 'Upgrading ledgers' : null, { principal: null });

  it('is off by default and readable without signing in', async () => {
    const res = await t.app.inject({ url: '/api/server/mode' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ maintenance: false, message: null, since: null });
  });

  it('answers a call without credentials with 401 while off', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/server/maintenance',
      payload: { maintenance: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized Access' });
  });

  it('answers non-public calls of a caller without system_management with 503 and Retry-After while on', async () => {
    await setMode(true);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/server/maintenance',
        payload: { maintenance: false },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(t.config.MAINTENANCE_RETRY_AFTER_SECONDS));
      expect(res.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
      // Public calls still answer, so the web app can show the maintenance page.
      const mode = await t.app.inject({ url: '/api/server/mode' });
      expect(mode.json()).toMatchObject({ maintenance: true, message: 'Upgrading ledgers' });
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await setMode(false);
    }
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/server/maintenance',
      payload: { maintenance: true },
    });
    expect(after.statusCode).toBe(401);
  });

  it('is stored in the database, so a change by another instance is seen', async () => {
    await t.database.db.execute(
      sql`update server_settings set maintenance = true, maintenance_since = now() where id = 1`,
    );
    expect((await t.app.inject({ url: '/api/server/mode' })).json().maintenance).toBe(true);
    await t.database.db.execute(sql`update server_settings set maintenance = false where id = 1`);
    expect((await t.app.inject({ url: '/api/server/mode' })).json().maintenance).toBe(false);
  });

  it('shares one read among the calls that find the cached answer expired', async () => {
    const serverMode = createServerModeService(t.database.db, 60_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => serverMode.getMode()));
    expect(new Set(answers).size).toBe(1); // one read: every caller got the same answer
    expect(await serverMode.getMode()).toBe(answers[0]); // kept for the cache time
  });

  it('audits every switch in the append-only trail', async () => {
    await setMode(true);
    await setMode(false);
    const rows = await t.database.db.execute<{ details: { from: boolean; to: boolean } }>(
      sql`select details from audit_events where action = 'server.maintenance' order by id`,
    );
    expect(rows.rows.map((r) => [r.details.from, r.details.to]).slice(-2)).toEqual([
      [false, true],
      [true, false],
    ]);
    await expect(t.database.db.execute(sql`delete from audit_events`)).rejects.toMatchObject(appendOnly);
    await expect(t.database.db.execute(sql`update audit_events set outcome = 'x'`)).rejects.toMatchObject(
      appendOnly,
    );
  });

  it('lets a caller with system_management switch it and keep working while others get 503', async () => {
    const home = await createEntity(t);
    const admin = await signedInUser(t, home.id);
    await grant(t, admin.user.id, home.id, ['system_management']);
    const other = await signedInUser(t, home.id);

    const on = await admin.agent.post('/api/server/maintenance', {
      maintenance: true,
      message: 'Ledger upgrade',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ maintenance: true, message: 'Ledger upgrade' });
    expect((await other.agent.post('/api/profile/change-password', {})).statusCode).toBe(503);
    expect((await admin.agent.post('/api/profile/change-password', {})).statusCode).toBe(400);

    const bad = await admin.agent.post('/api/server/maintenance', { maintenance: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('maintenance');

    expect((await admin.agent.post('/api/server/maintenance', { maintenance: false })).statusCode).toBe(200);
    expect((await other.agent.post('/api/profile/change-password', {})).statusCode).toBe(400);
  });

  it('refuses to switch it for a signed-in caller without system_management (403)', async () => {
    const home = await createEntity(t);
    const user = await signedInUser(t, home.id);
    expect((await user.agent.post('/api/server/maintenance', { maintenance: true })).statusCode).toBe(403);
  });
});
