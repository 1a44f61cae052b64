import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizationService } from '../modules/authorization/authorization.service';
import { entities } from '../modules/entities/entities.tables';
import { createUsersService } from '../modules/users/users.service';
import { DEFAULT_PASSWORD, uniqueName } from '../test/fixtures';
import { HttpAgent, type HttpAnswer } from '../test/http-agent';
import { clientAccount, ledgerViolations, NO_VIOLATIONS } from '../test/ledger-fixtures';
import { type ServerProcess, startServerProcess } from '../test/server-process';
import { nextEvent } from '../test/sse';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Outcome = { call: string; status: number; answer?: HttpAnswer; error?: unknown };

/**
 * The acceptance fault test: the server runs as `npm start` runs it, in its own process,
 * under concurrent write and read loops over real HTTP, while every backend of its
 * database is terminated twice. A connection lost inside a transaction must not end the
 * process (an unhandled 'error' event would), nor answer anything but success or 503.
 */
describe('database faults under load', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let admin: pg.Client;
  let client = 0;
  let account = 0;
  let maker: HttpAgent;
  let checker: HttpAgent;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const [broker] = await db
      .insert(entities)
      .values({ name: uniqueName('Broker ') })
      .returning();
    const [clientRow] = await db
      .insert(entities)
      .values({ name: uniqueName('Client '), parentId: broker!.id })
      .returning();
    client = clientRow!.id;
    account = await clientAccount(db, client);
    const users = createUsersService(db);
    const authorization = createAuthorizationService(db);
    const person = async (home: number, keys: string[], scope: 'SELF' | 'DESCENDANTS') => {
      const username = uniqueName('fault');
      const user = await users.createUser({
        username,
        email: `${username}@example.test`,
        displayName: username,
        homeEntityId: home,
        password: DEFAULT_PASSWORD,
        twoFactorRequired: false,
      });
      await authorization.grantDirect(db, { kind: 'user', id: user.id }, home, keys as never, scope);
      return username;
    };
    const makerName = await person(client, ['request_deposit', 'account_view'], 'SELF');
    const checkerName = await person(broker!.id, ['approve_deposit', 'account_view'], 'DESCENDANTS');

    server = await startServerProcess(database.url, { DB_POOL_SIZE: '8' });
    maker = new HttpAgent(server.baseUrl);
    await maker.login(makerName, DEFAULT_PASSWORD);
    checker = new HttpAgent(server.baseUrl);
    await checker.login(checkerName, DEFAULT_PASSWORD);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  }, 120_000);

  afterAll(async () => {
    await admin?.end();
    if (server) await server.stop();
    await database?.drop();
  });

  /** Ends every other session on the test database: the server's pool, its listener, ours. */
  const terminateAll = async () =>
    (
      await admin.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).rows[0]!.n;

  const deposit = (reference: string, key = `k-${crypto.randomUUID()}`) =>
    maker.post(
      '/api/requests/deposit/fiat',
      { entityId: client, accountId: account, asset: 'USD', amount: '10.00', reference },
      { 'idempotency-key': key },
    );

  it('keeps the server up: calls in flight succeed or answer 503, nothing is half-written, and live notifications resume', async () => {
    // The approver's live stream is open before the faults and stays open through them.
    const stream = await checker.stream();
    expect(stream.status).toBe(200);

    const outcomes: Outcome[] = [];
    const deposits: { reference: string; key: string; id: number }[] = [];
    const approved: number[] = [];
    let running = true;
    const record = async (call: string, work: () => Promise<HttpAnswer>) => {
      try {
        const answer = await work();
        outcomes.push({ call, status: answer.status, answer });
        return answer;
      } catch (error) {
        outcomes.push({ call, status: 0, error });
        return null;
      }
    };
    const writer = async () => {
      while (running) {
        const reference = uniqueName('ref-');
        const key = `k-${crypto.randomUUID()}`;
        const a = await record('deposit', () => deposit(reference, key));
        if (a?.status === 200) deposits.push({ reference, key, id: (a.body as { id: number }).id });
      }
    };
    const approver = async () => {
      while (running) {
        const pending = await record('pending', () =>
          checker.post('/api/requests/pending', { entityId: client, limit: 5 }),
        );
        const first = (pending?.body as { items?: { id: number }[] } | null)?.items?.[0];
        if (!first) {
          await sleep(20);
          continue;
        }
        const a = await record('approve', () =>
          checker.post('/api/requests/status/update', {
            entityId: client,
            requestId: first.id,
            status: 'APPROVED',
          }),
        );
        if (a?.status === 200) approved.push(first.id);
      }
    };
    const reader = async () => {
      const reads = [
        () => maker.post('/api/requests/list', { entityId: client, limit: 20 }),
        () => maker.post('/api/account/balances', { entityId: client }),
        () => checker.post('/api/cashentry/list', { entityId: client, limit: 20 }),
      ];
      for (let i = 0; running; i++) await record('read', reads[i % reads.length]!);
    };
    const loops = Promise.all([writer(), writer(), writer(), approver(), reader(), reader()]);

    await sleep(1500);
    const first = await terminateAll();
    await sleep(2000);
    const second = await terminateAll();
    await sleep(2000);
    running = false;
    await loops;

    // The server is still up, and both rounds ended sessions (the server's among them).
    expect(server.output()).not.toContain("Unhandled 'error' event");
    expect(server.alive(), server.output()).toBe(true);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);

    // Every call succeeded or answered 503 with Retry-After in the section 8 shape.
    const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    expect(
      unexpected.map((o) => `${o.call} ${o.status} ${JSON.stringify(o.answer?.body ?? String(o.error))}`),
    ).toEqual([]);
    const unavailable = outcomes.filter((o) => o.status === 503);
    for (const o of unavailable) {
      expect(o.answer!.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(o.answer!.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
    }
    // The faults met calls in flight, and the loops did real work around them.
    expect(unavailable.length).toBeGreaterThan(0);
    expect(deposits.length).toBeGreaterThan(0);

    // Give the database a moment to finish rolling back what the lost sessions left open.
    await sleep(500);
    const { db } = database;
    const q = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

    // Every 200 has its row: each acknowledged deposit request exists, once, with its key.
    const stored = await q<{ id: number; reference: string; status: string }>(
      sql`select id::int, payload->>'reference' as reference, status from requests where entity_id = ${client}`,
    );
    const byReference = new Map(stored.map((r) => [r.reference, r]));
    for (const d of deposits) expect(byReference.get(d.reference)?.id).toBe(d.id);
    // An approved deposit is posted with its approval: completed.
    for (const id of approved)
      expect(stored.find((r) => r.id === id)?.status, `request ${id}`).toBe('COMPLETED');

    // Nothing half-written: each request has its submission in the history, each key its
    // stored answer, each approved deposit exactly one movement, a pending one none.
    expect(
      await q(sql`select r.id from requests r where r.entity_id = ${client} and not exists
        (select 1 from request_history h where h.request_id = r.id and h.from_status is null and h.to_status = 'PENDING')`),
    ).toEqual([]);
    expect(
      await q(sql`select r.id from requests r where r.entity_id = ${client} and r.status <> 'PENDING' and not exists
        (select 1 from request_history h where h.request_id = r.id and h.to_status = r.status::text)`),
    ).toEqual([]);
    expect(
      await q(sql`select key from idempotency_keys where response is null or status_code is null`),
    ).toEqual([]);
    const [{ keys }] = (await q<{ keys: number }>(
      sql`select count(*)::int as keys from idempotency_keys where principal_id = (select requester_id from requests where entity_id = ${client} limit 1)`,
    )) as [{ keys: number }];
    expect(keys).toBe(stored.length);
    expect(
      await q(sql`select r.id, r.status, count(c.id)::int as movements from requests r
        left join cash_entries c on c.request_id = r.id
        where r.entity_id = ${client}
        group by r.id, r.status
        having count(c.id) <> case when r.status = 'COMPLETED' then 1 else 0 end`),
    ).toEqual([]);
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);

    // The server serves again, and a notification sent now reaches the stream left open.
    const after = await deposit(uniqueName('after-'));
    expect(after.status).toBe(200);
    const id = (after.body as { id: number }).id;
    const told = await nextEvent(stream.body!, (n) => n.message.includes(`#${id} `), 10_000);
    expect(told).toMatchObject({ title: 'New deposit request' });
    await stream.body!.cancel().catch(() => undefined);

    expect(await server.stop()).toBe(0);
  }, 120_000);
});
