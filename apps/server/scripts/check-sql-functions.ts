import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase, ensureDatabase, runMigrations } from '../src/platform/db';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres';
import { functionDrift } from '../src/platform/sql-functions';
import { freePort } from '../src/test/free-port';

/**
 * Fails when the function sets (`sql/<set>/*.sql`, the ledger kernel) and a database
 * disagree: the database of DATABASE_URL as it stands when set (a deployment, a developer's
 * database), else a scratch one migrated from nothing — where a migration that left a
 * function of a set behind, or a file that no longer applies, shows.
 */
async function check(url: string): Promise<string[]> {
  const database = connectDatabase(url, 2);
  try {
    return await functionDrift(database.pool);
  } finally {
    await database.close();
  }
}

let drift: string[];
const given = process.env.DATABASE_URL;
if (given) {
  drift = await check(given);
} else {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-check-'));
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), durable: false });
  try {
    const url = new URL(pg.url);
    url.pathname = '/clearway_check';
    await ensureDatabase(url.toString());
    const database = connectDatabase(url.toString(), 2);
    await runMigrations(database.db).finally(() => database.close());
    drift = await check(url.toString());
  } finally {
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
if (drift.length > 0) {
  console.error(`SQL functions and the database have drifted apart:\n  ${drift.join('\n  ')}`);
  process.exit(1);
}
console.log('SQL functions match their files.');
