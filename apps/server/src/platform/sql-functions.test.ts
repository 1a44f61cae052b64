import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { MIGRATIONS_DIR } from './db';
import { applyFunctionFiles, functionDrift, functionsCreatedBy, loadFunctionFiles } from './sql-functions';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(MIGRATIONS_DIR, '..');

/** `npm run db:check`'s function check against the test database, as the CLI runs it. */
async function dbCheck(url: string) {
  return run('node', ['--import', 'tsx', 'scripts/check-sql-functions.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: url },
  }).then(
    (r) => ({ code: 0, output: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, output: e.stdout + e.stderr }),
  );
}

describe('the ledger kernel: SQL functions kept as files', () => {
  const t = {} as { database: TestDatabase };
  beforeAll(async () => {
    t.database = await createTestDatabase();
  });
  afterAll(() => t.database.drop());
  const pool = () => t.database.pool;

  it('leaves every function of sql/ledger in the database exactly as its file says', async () => {
    const files = await loadFunctionFiles();
    expect(files.map((f) => `${f.set}/${f.file}`)).toEqual([
      'ledger/append-only.sql',
      'ledger/balances.sql',
      'ledger/holds.sql',
      'ledger/post.sql',
      'ledger/reverse.sql',
    ]);
    expect(await functionDrift(pool())).toEqual([]);
    expect(await dbCheck(t.database.url)).toEqual({ code: 0, output: 'SQL functions match their files.\n' });
  });

  it('fails the drift check when a function in the database no longer matches its file', async () => {
    await pool().query(`create or replace function ledger_hold_void(p_hold bigint) returns void language plpgsql as $$
      begin update holds set status = 'VOIDED' where id = p_hold; end $$`);
    expect(await functionDrift(pool())).toEqual([
      'ledger_hold_void(p_hold bigint): the database differs from sql/ledger/holds.sql',
    ]);
    const cli = await dbCheck(t.database.url);
    expect(cli.code).toBe(1);
    expect(cli.output).toContain(
      'ledger_hold_void(p_hold bigint): the database differs from sql/ledger/holds.sql',
    );
    // The runner puts the file's version back.
    await applyFunctionFiles(pool());
    expect(await functionDrift(pool())).toEqual([]);
  });

  it('fails the drift check on a ledger function no file defines, and on one the database lacks', async () => {
    await pool().query(
      `create function ledger_post(p_amount numeric) returns bigint language sql as 'select 1::bigint'`,
    );
    await pool().query('drop function ledger_reverse(bigint, text, text, integer, text)');
    expect(await functionDrift(pool())).toEqual([
      'ledger_reverse(p_txn bigint, p_principal_kind text, p_principal_id text, p_entity integer, p_memo text): defined in sql/ledger/reverse.sql, missing from the database',
      'ledger_post(p_amount numeric): in the database, but no file under sql/ defines it',
    ]);
    expect((await dbCheck(t.database.url)).code).toBe(1);
    await pool().query('drop function ledger_post(numeric)');
    await applyFunctionFiles(pool());
    expect(await functionDrift(pool())).toEqual([]);
  });

  it('lets no migration after the kernel’s create or replace a function of a set', async () => {
    // The guard below reads each migration with this: it must see through case and quoting.
    expect(
      functionsCreatedBy(
        'create   or REPLACE Function public."ledger_post"(x int) … CREATE FUNCTION ledger_x(',
      ),
    ).toEqual(['ledger_post', 'ledger_x']);
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const tags = journal.entries.map((e) => e.tag);
    const kernel = tags.findIndex((tag) => tag.endsWith('_ledger_kernel'));
    expect(kernel).toBeGreaterThan(0);
    const sets = [...new Set((await loadFunctionFiles()).map((f) => `${f.set}_`))];
    const offending: string[] = [];
    for (const tag of tags.slice(kernel)) {
      const text = await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
      for (const name of functionsCreatedBy(text))
        if (sets.some((s) => name.startsWith(s))) offending.push(`${tag}: ${name}`);
    }
    expect(offending).toEqual([]);
  });
});
