import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Column, fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema';
import { installJobSchema } from './jobs/job-schema';
import { markPipelining, type StatementListener, watchClient } from './pooled-client';
import { applyFunctionFiles } from './sql-functions';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle; repos take `Db | Tx` as their first argument. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Whether a handle is a transaction (which can roll back) rather than the pool. */
export const isTransaction = (handle: DbOrTx): handle is Tx => 'rollback' in handle;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

// NUMERIC stays a string end to end: money is never a JS number.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

const dialect = new PgDialect();

/** The pg pool, or a transaction's own client, that a handle's statements go through. */
function clientOf(handle: DbOrTx): pg.Pool | pg.PoolClient {
  // Drizzle keeps it on the handle's session (the pool for the database, the transaction's
  // client for a transaction) — not a documented API, hence the check.
  const client = (handle as unknown as { session?: { client?: pg.Pool | pg.PoolClient } }).session?.client;
  if (!client) throw new Error('No pg client behind this Drizzle handle (has Drizzle changed?)');
  return client;
}

/**
 * Runs a query as a named prepared statement — on the pool, or on a transaction's client —
 * so PostgreSQL parses and plans it once per connection rather than on every call: for
 * queries on every request or every booking, whose planning costs more than running them
 * (the permission query plans in ~0.3 ms, runs in ~0.02 ms). Every call under one name
 * must render the same text; only the values vary (pass lists as array parameters).
 */
export async function queryPrepared<T extends pg.QueryResultRow>(
  handle: DbOrTx,
  name: string,
  query: SQL,
): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await clientOf(handle).query<T>({ name, text, values: params })).rows;
}

/** A statement rendered once (see `statement`): a call binds its values and sends it. */
export type Statement<Row extends pg.QueryResultRow, Values extends Record<string, unknown>> = (
  handle: DbOrTx,
  values: Values,
) => Promise<Row[]>;

/**
 * A statement on the hot path: `query` — Drizzle SQL with `sql.placeholder(name)` wherever
 * a value goes — is rendered to text once, here, and prepared once per connection under
 * `name` (see `queryPrepared`); a call only binds `values` (one per placeholder) and sends,
 * at once. Building and rendering a large query at every call costs more than running it.
 */
export function statement<Row extends pg.QueryResultRow, Values extends Record<string, unknown>>(
  name: string,
  query: SQL,
): Statement<Row, Values> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return async (handle, values) =>
    (await clientOf(handle).query<Row>({ name, text, values: fillPlaceholders(params, values) })).rows;
}

/**
 * Lets `handle`'s statements be sent back to back, each without waiting for the previous
 * one's answer, until the returned function runs: a statement whose input does not depend
 * on another's answer then costs no round trip of its own. The pool's clients are in
 * pipeline mode (`connectDatabase`): PostgreSQL runs a client's statements in the order they
 * were sent, and inside a transaction one that fails makes every later one fail. Without
 * this mark, a statement sent before the previous one answered is reported as a mistake
 * (pooled-client.ts). On the pool itself (no client of its own) it changes nothing. Mind
 * that a Drizzle query builder is sent when something subscribes to it (`await`, `then`),
 * not when it is built; `queryPrepared` sends at once.
 */
export function pipelined(handle: DbOrTx): () => void {
  if (!isTransaction(handle)) return () => undefined;
  return markPipelining(clientOf(handle) as pg.PoolClient);
}

/**
 * The statements `handle` sends from now to the end of this tick leave in one write to the
 * socket rather than one each (a write is a system call, and on loopback it also pays for
 * the receiving side): for a group of pipelined statements sent one after another.
 */
export function sendTogether(handle: DbOrTx | pg.PoolClient): void {
  const client = 'connection' in handle ? handle : clientOf(handle);
  if (!('connection' in client)) return; // the pool: each statement takes a client of its own
  const socket = client.connection.stream;
  socket.cork();
  process.nextTick(() => socket.uncork());
}

/** Sends a transaction's last statement's COMMIT right behind it; resolves once both are answered. */
export type CommitWith = <R>(last: Promise<R>) => Promise<R>;

/**
 * A transaction that does not wait for answers it does not need: BEGIN travels with its first
 * statement and — when `work` hands its last statement to `commitWith` — COMMIT with its
 * last, two round trips fewer than `db.transaction`; `work` may also send statements back to
 * back (`pipelined`). A failed statement aborts the transaction, so everything sent behind it
 * fails too and a COMMIT already sent rolls back; the error is thrown. `work` sends nothing
 * after `commitWith`; without it, COMMIT follows once `work` is done.
 */
export async function pipelinedTransaction<T>(
  db: Db,
  work: (tx: Tx, commitWith: CommitWith) => Promise<T>,
): Promise<T> {
  const client = await db.$client.connect();
  const unmark = markPipelining(client);
  const schema = { fullSchema: db._.fullSchema, schema: db._.schema!, tableNamesMap: db._.tableNamesMap };
  const tx = new NodePgTransaction(
    dialect,
    new NodePgSession(client, dialect, schema),
    schema,
  ) as unknown as Tx;
  // Settled handlers at once: a failure surfaces where it is awaited, never as an unhandled rejection.
  sendTogether(client);
  const begun = client.query('begin');
  begun.catch(() => undefined);
  let commit: Promise<unknown> | null = null;
  const commitWith: CommitWith = (last) => {
    // Subscribed before the COMMIT is sent: a Drizzle query is sent only once something
    // calls its `then` (`Promise.all` would call it a microtask later, behind the COMMIT).
    sendTogether(client);
    const answered = last.then((answer) => answer);
    commit = client.query('commit');
    return Promise.all([answered, commit]).then(([answer]) => answer);
  };
  let broken: Error | undefined;
  try {
    const result = await work(tx, commitWith);
    await begun;
    await (commit ?? client.query('commit'));
    return result;
  } catch (err) {
    await begun.catch(() => undefined);
    // A COMMIT already sent ended the transaction: after a failed statement, as a rollback.
    if (commit) await (commit as Promise<unknown>).catch(() => undefined);
    else
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
    throw err;
  } finally {
    unmark();
    client.release(broken);
  }
}

/**
 * `column = any($1::bigint[])`: an id list of any length as one array parameter. `inArray`
 * sends one parameter per id, and PostgreSQL refuses a statement with more than 65,535.
 */
export const inBigIds = (column: Column, ids: readonly number[]): SQL =>
  sql`${column} = any(${sql.param(ids)}::bigint[])`;

/**
 * `column = any($1::int[])`: an id list (not a subtree: that is entity-sql's path range) of
 * any length as one array parameter, for the same reason as `inBigIds`.
 */
export const inIds = (column: Column, ids: readonly number[]): SQL =>
  sql`${column} = any(${sql.param(ids)}::int[])`;

/**
 * Rows loaded for many parents at once (one statement per relation), by parent: how a list
 * attaches its related rows without a statement per row. Keeps the rows' order.
 */
export function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

export type Database = {
  db: Db;
  pool: pg.Pool;
  url: string;
  close: () => Promise<void>;
  /** Calls `listener` for every statement sent through the pool; returns the unsubscribe. */
  onStatement: (listener: StatementListener) => () => void;
};

export function connectDatabase(url: string, max = 10): Database {
  // Pipeline mode: a client sends a statement without waiting for the previous one's answer
  // when asked to (`pipelined`, `pipelinedTransaction`); code that awaits each statement
  // works as before.
  const pool = new pg.Pool({ connectionString: url, max, pipeline: true });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const listeners = new Set<StatementListener>();
  pool.on('connect', (client) => watchClient(client, listeners));
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    url,
    close: () => pool.end(),
    onStatement(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Applies the committed migrations, then the function sets (`sql/<set>/*.sql`, the ledger
 * kernel) over whatever the migrations left, and the job queue's own schema; safe to run at
 * every start.
 */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await applyFunctionFiles(db.$client);
  await installJobSchema(db.$client);
}

/** Creates the database named in `url` if it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
