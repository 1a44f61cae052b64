import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/**
 * Function sets: PL/pgSQL kept as source, one reviewable file per set of functions under
 * `apps/server/sql/<set>/`, rather than restated whole in a migration each time one
 * changes. The migration runner (re)applies every file after the migrations, at every start
 * and in tests; `npm run db:check` and `functionDrift` report any difference between the
 * files and a database. A set owns the names that start with `<set>_` (the ledger kernel:
 * `ledger_*`): a function of that name in the database that no file defines is drift too.
 * The files hold functions only (`CREATE OR REPLACE FUNCTION`); tables, types and triggers
 * stay in migrations, and a migration never creates a function of a set.
 */
export const SQL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sql');

export type FunctionFile = { set: string; file: string; text: string };

const CREATED = /create\s+(?:or\s+replace\s+)?function\s+(?:public\.)?"?(\w+)"?/gi;

/** The names of the functions a piece of SQL creates. */
export function functionsCreatedBy(text: string): string[] {
  return [...text.matchAll(CREATED)].map((m) => m[1]!.toLowerCase());
}

/** Every function file, set by set and file by file in name order. @throws when a file names a function outside its set */
export async function loadFunctionFiles(dir = SQL_DIR): Promise<FunctionFile[]> {
  const out: FunctionFile[] = [];
  for (const set of (await readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory())) {
    for (const file of (await readdir(path.join(dir, set.name))).filter((f) => f.endsWith('.sql')).sort()) {
      const text = await readFile(path.join(dir, set.name, file), 'utf8');
      const foreign = functionsCreatedBy(text).filter((f) => !f.startsWith(`${set.name}_`));
      if (foreign.length)
        throw new Error(
          `sql/${set.name}/${file} defines ${foreign.join(', ')}: names of this set start with ${set.name}_`,
        );
      out.push({ set: set.name, file, text });
    }
  }
  return out.sort((a, b) => a.set.localeCompare(b.set) || a.file.localeCompare(b.file));
}

const LOCK = "select pg_advisory_xact_lock(hashtext('clearway.sql-functions'))";

/** Runs `work` in a transaction on a client of its own. */
async function inTransaction<T>(pool: pg.Pool, work: (c: pg.PoolClient) => Promise<T>, commit: boolean) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query(commit ? 'commit' : 'rollback');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** (Re)creates every function of every set, all or none; instances starting together take turns. */
export async function applyFunctionFiles(pool: pg.Pool, files?: FunctionFile[]): Promise<void> {
  const all = files ?? (await loadFunctionFiles());
  await inTransaction(
    pool,
    async (c) => {
      await c.query(LOCK);
      for (const f of all) await c.query(f.text);
    },
    true,
  );
}

type Described = { name: string; args: string; shape: string };

/** What makes two functions the same: signature, result, language, body and settings. */
const DESCRIBE = `
  select p.proname as name, pg_get_function_identity_arguments(p.oid) as args,
         concat_ws(' | ', pg_get_function_result(p.oid), l.lanname, p.provolatile, p.proisstrict, p.prosecdef,
                   p.proparallel, array_to_string(p.proconfig, ','), p.prosrc) as shape
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
   where n.nspname = $1 and (p.proname = any($2::text[]) or p.proname like any($3::text[]))
   order by 1, 2`;

/**
 * Where the database's functions and the files disagree, one line each (empty: in step).
 * The files are applied to a scratch schema inside a transaction that is rolled back, and
 * each function there is compared with the one in `public`: missing, different, or in the
 * database under a set's name without a file defining it (a stale overload, a function a
 * migration created).
 */
export async function functionDrift(pool: pg.Pool, files?: FunctionFile[]): Promise<string[]> {
  const all = files ?? (await loadFunctionFiles());
  const names = [...new Set(all.flatMap((f) => functionsCreatedBy(f.text)))];
  const prefixes = [...new Set(all.map((f) => `${f.set}\\_%`))];
  const scratch = `function_check_${randomBytes(6).toString('hex')}`;
  return inTransaction(
    pool,
    async (c) => {
      const read = async (schema: string) =>
        (await c.query<Described>(DESCRIBE, [schema, names, prefixes])).rows;
      const actual = await read('public');
      await c.query(`create schema ${scratch}`);
      await c.query(`set local search_path = ${scratch}, public`);
      const sourceOf = new Map<string, string>();
      for (const f of all) {
        await c.query(f.text);
        for (const n of functionsCreatedBy(f.text)) sourceOf.set(n, `sql/${f.set}/${f.file}`);
      }
      const expected = await read(scratch);
      const key = (d: Described) => `${d.name}(${d.args})`;
      const inDb = new Map(actual.map((d) => [key(d), d]));
      const inFiles = new Map(expected.map((d) => [key(d), d]));
      const drift: string[] = [];
      for (const [k, d] of inFiles) {
        const found = inDb.get(k);
        if (!found) drift.push(`${k}: defined in ${sourceOf.get(d.name)}, missing from the database`);
        else if (found.shape !== d.shape)
          drift.push(`${k}: the database differs from ${sourceOf.get(d.name)}`);
      }
      for (const k of inDb.keys())
        if (!inFiles.has(k)) drift.push(`${k}: in the database, but no file under sql/ defines it`);
      return drift;
    },
    false,
  );
}
