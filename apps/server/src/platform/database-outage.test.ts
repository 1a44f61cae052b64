import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Agent } from '../test/agent';
import { createDatabaseLink, type DatabaseLink } from '../test/database-link';
import { createEntity, grant, signedInUser, uniqueName } from '../test/fixtures';
import { clientAccount } from '../test/ledger-fixtures';
import { type TestContext, testConfig } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { connectDatabase } from './db';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './errors';

/**
 * The server's view of a database that goes away: it reaches a real PostgreSQL through a
 * TCP link the test cuts (every connection reset, new ones refused) and restores.
 */
describe('while the database is unreachable', () => {
  const t = {} as TestContext;
  let real: TestDatabase;
  let link: DatabaseLink;
  let direct: pg.Client;
  let client = 0;
  let account = 0;
  let maker: Agent;
  let bearer = '';

  beforeAll(async () => {
    real = await createTestDatabase();
    link = await createDatabaseLink(real.url);
    const database = connectDatabase(link.url, 10);
    // The maintenance flag cached as in production: each call then meets the database first
    // in its own authentication and work, not in the maintenance check.
    const config = testConfig({ MAINTENANCE_CACHE_MS: '600000' });
    const built = await buildApp({ config, database, logger: false });
    await built.app.ready();
    Object.assign(t, built, { database: { ...database, name: real.name, drop: real.drop }, config });
    direct = new pg.Client({ connectionString: real.url });
    await direct.connect();

    client = (await createEntity(t, uniqueName('Client '))).id;
    const m = await signedInUser(t, client);
    await grant(t, m.user.id, client, ['request_deposit', 'account_view'], 'SELF');
    maker = m.agent;
    account = await clientAccount(t.database.db, client);
    bearer = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/exchange',
        payload: { username: m.user.username, password: m.user.password },
      })
    ).json().accessToken;
  });
  afterAll(async () => {
    await t.app?.close();
    await t.database?.close();
    await link?.close();
    await direct?.end();
    await real?.drop();
  });

  const deposit = (key: string, reference: string) =>
    maker.post(
      '/api/requests/deposit/fiat',
      { entityId: client, accountId: account, asset: 'USD', amount: '10.00', reference },
      { headers: { 'idempotency-key': key } },
    );
  const list = () => maker.post('/api/requests/list', { entityId: client });
  const requestsFor = async (reference: string) =>
    (await direct.query(`select id from requests where payload->>'reference' = $1`, [reference])).rows;
  const keyRows = async (key: string) =>
    (await direct.query('select key from idempotency_keys where key = $1', [key])).rows;

  const expectUnavailable = (res: Awaited<ReturnType<Agent['post']>>) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({
      status: 503,
      title: 'Service Unavailable',
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });
  };

  it('answers ordinary calls 503 with Retry-After (section 8 shape), and serves again once it is back', async () => {
    expect((await list()).statusCode).toBe(200);
    await link.cut();
    try {
      expectUnavailable(await list());
      expectUnavailable(await maker.get('/api/account/types'));
      // Not "log in again": a bearer token that cannot be checked now is not a bad token.
      expectUnavailable(
        await t.app.inject({ url: '/api/account/types', headers: { authorization: `Bearer ${bearer}` } }),
      );
      expectUnavailable(await deposit(`k-${crypto.randomUUID()}`, uniqueName('ref-')));
      expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      await link.restore();
    }
    expect((await list()).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('fails a call whose connection drops inside its transaction with 503, rolls it back, and takes the retry', async () => {
    const key = `k-${crypto.randomUUID()}`;
    const reference = uniqueName('ref-');
    // Hold the server's deposit inside its transaction: it has claimed its idempotency key
    // and waits to insert the request while this lock is held.
    await direct.query('begin');
    await direct.query('lock table requests in share mode');
    const inFlight = deposit(key, reference);
    await waitFor(async () => {
      const { rows } = await direct.query(
        `select 1 from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      return rows.length > 0;
    });
    await link.cut();
    const res = await inFlight;
    await direct.query('rollback');
    await link.restore();
    expectUnavailable(res);
    // The server's backend notices its client is gone once the lock is free, and rolls back.
    await waitFor(
      async () =>
        (
          await direct.query(
            `select 1 from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
          )
        ).rows.length === 0,
    );
    expect(await requestsFor(reference)).toEqual([]);
    expect(await keyRows(key)).toEqual([]);

    const retried = await deposit(key, reference);
    expect(retried.statusCode).toBe(200);
    expect(await requestsFor(reference)).toHaveLength(1);
    expect(await keyRows(key)).toHaveLength(1);
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
