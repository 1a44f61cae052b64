import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { takeConcurrentQueryWarnings } from '../test/no-concurrent-queries';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { pipelinedTransaction } from './db';
import { isConnectionLoss } from './pg-errors';
import { CONCURRENT_QUERY_WARNING } from './pooled-client';

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );

describe('the database pool', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('reports a query sent on a client still executing another, naming the call site', async () => {
    const client = await database.pool.connect();
    try {
      await Promise.all([client.query('select pg_sleep(0.05)'), client.query('select 1')]);
    } finally {
      client.release();
    }
    await new Promise((r) => setImmediate(r));
    const warnings = takeConcurrentQueryWarnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('select 1');
    expect(warnings[0]).toContain('db.test.ts');
    expect(CONCURRENT_QUERY_WARNING).toBe('CLEARWAY_CONCURRENT_QUERY');
  });

  it('does not report queries sent one after another, or at once on different clients', async () => {
    const client = await database.pool.connect();
    try {
      await client.query('select 1');
      await client.query('select 2');
    } finally {
      client.release();
    }
    await Promise.all([database.pool.query('select pg_sleep(0.02)'), database.pool.query('select 3')]);
    await new Promise((r) => setImmediate(r));
    expect(takeConcurrentQueryWarnings()).toEqual([]);
  });

  it('announces every statement it sends', async () => {
    const seen: string[] = [];
    const stop = database.onStatement((text) => seen.push(text));
    await database.pool.query('select 41');
    await database.db.transaction(async (tx) => {
      await tx.execute('select 42');
    });
    stop();
    await database.pool.query('select 43');
    expect(seen).toEqual(['select 41', 'begin', 'select 42', 'commit']);
  });

  it('survives a client that loses its connection while checked out (a transaction), and serves on', async () => {
    const client = await database.pool.connect();
    await client.query('begin');
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await database.pool.query('select pg_terminate_backend($1)', [pid]);
    // The lost connection arrives as an 'error' event on the checked-out client: handled.
    await new Promise((r) => setTimeout(r, 100));
    const err = await failureOf(client.query('select 1'));
    expect(isConnectionLoss(err)).toBe(true);
    client.release(err as Error);
    expect((await database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});

describe('a pipelined transaction', () => {
  let database: TestDatabase;
  const notes = async () =>
    (await database.pool.query<{ note: string }>('select note from pipeline_probe order by id')).rows.map(
      (r) => r.note,
    );
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.pool.query('create table pipeline_probe (id int primary key, note text not null)');
  });
  afterAll(() => database?.drop());

  it('sends statements back to back in one transaction, runs them in order and commits with the last', async () => {
    const seen: string[] = [];
    const stop = database.onStatement((text) => seen.push(text));
    const answer = await pipelinedTransaction(database.db, async (tx, commitWith) => {
      const run = (text: string) => tx.execute<{ note?: string; txid: string }>(text);
      // Sent without waiting: the second reads what the first wrote, in the same transaction.
      const [wrote, read] = await Promise.all([
        run(`insert into pipeline_probe values (1, 'first') returning txid_current() as txid`),
        run('select note, txid_current() as txid from pipeline_probe where id = 1'),
      ]);
      await commitWith(run(`insert into pipeline_probe values (2, 'last') returning txid_current() as txid`));
      return { wrote: wrote.rows[0], read: read.rows[0] };
    });
    stop();
    expect(answer.read).toEqual({ note: 'first', txid: answer.wrote!.txid });
    expect(await notes()).toEqual(['first', 'last']);
    expect(seen[0]).toBe('begin');
    expect(seen.at(-1)).toBe('commit');
  });

  it('rolls back everything when a statement fails — one sent with the COMMIT too — and serves on', async () => {
    await database.pool.query('truncate pipeline_probe');
    const failing = pipelinedTransaction(database.db, async (tx, commitWith) => {
      await tx.execute(`insert into pipeline_probe values (3, 'kept only if all commit')`);
      return commitWith(tx.execute(`insert into pipeline_probe values (3, 'same id: refused')`));
    });
    expect(await failureOf(failing)).toMatchObject({ cause: { code: '23505' } });
    const early = pipelinedTransaction(database.db, async (tx) => {
      const sent = [
        tx.execute(`insert into pipeline_probe values (4, 'before the failure')`),
        tx.execute('select 1/0'),
        tx.execute(`insert into pipeline_probe values (5, 'after the failure')`),
      ];
      await Promise.all(sent);
    });
    expect(await failureOf(early)).toBeInstanceOf(Error);
    expect(await notes()).toEqual([]);
    await pipelinedTransaction(database.db, async (tx) => {
      await tx.execute(`insert into pipeline_probe values (6, 'next')`);
    });
    expect(await notes()).toEqual(['next']);
  });
});

describe('a connection-class failure', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('is a terminated backend (57P01), a refused or dropped connection, through Drizzle’s wrapper too', async () => {
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const running = failureOf(client.query('select pg_sleep(5)'));
    await new Promise((r) => setTimeout(r, 50));
    await database.pool.query('select pg_terminate_backend($1)', [pid]);
    const terminated = (await running) as { code?: string };
    expect(terminated.code).toBe('57P01');
    expect(isConnectionLoss(terminated)).toBe(true);
    expect(isConnectionLoss(await failureOf(client.query('select 1')))).toBe(true);
    await client.end().catch(() => undefined);

    const nowhere = new URL(database.url);
    nowhere.port = String(await freePort());
    const refused = new pg.Client({ connectionString: nowhere.toString() });
    expect(isConnectionLoss(await failureOf(refused.connect()))).toBe(true);

    expect(isConnectionLoss({ message: 'Failed query: select 1', cause: terminated })).toBe(true);
  });

  it('is not a statement the database refused: bad SQL, a broken constraint, a missing row', async () => {
    expect(isConnectionLoss(await failureOf(database.pool.query('select from nowhere')))).toBe(false);
    expect(isConnectionLoss(await failureOf(database.pool.query('select 1/0')))).toBe(false);
    expect(
      isConnectionLoss(
        await failureOf(database.pool.query(`insert into entities (name, parent_id) values ('x', -5)`)),
      ),
    ).toBe(false);
    expect(isConnectionLoss(new Error('Request not found'))).toBe(false);
  });
});
