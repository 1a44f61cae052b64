import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type Database } from '../platform/db';
import { TEMPLATE_DB, withDatabase } from './global-setup';

export type TestDatabase = Database & { url: string; name: string; drop: () => Promise<void> };

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(adminUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database "${name}" template "${TEMPLATE_DB}"`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = connectDatabase(url, 20);
  const drop = async () => {
    await database.close();
    const c = new pg.Client({ connectionString: withDatabase(adminUrl, 'postgres') });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  };
  return { ...database, url, name, drop };
}
