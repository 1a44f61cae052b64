import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedReferenceData } from '../modules/reference-data/reference-data.seed';
import { connectDatabase, ensureDatabase, runMigrations } from '../platform/db';
import { startEmbeddedPostgres } from '../platform/embedded-postgres';
import { freePort } from './free-port';

export const TEMPLATE_DB = 'clearway_template';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run (embedded, or DATABASE_URL when set) with a
 * migrated template database; each test file clones its own database from it.
 */
export default async function setup(project: TestProject) {
  let stop = async () => {};
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-test-pg-'));
    const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), durable: false });
    adminUrl = pg.url;
    stop = async () => {
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  await dropDatabase(adminUrl, TEMPLATE_DB);
  await ensureDatabase(templateUrl);
  const template = connectDatabase(templateUrl, 2);
  await runMigrations(template.db);
  await seedReferenceData(template.db);
  await template.close();
  project.provide('adminDatabaseUrl', adminUrl);
  return stop;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropDatabase(adminUrl: string, name: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: withDatabase(adminUrl, 'postgres') });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.end();
}
