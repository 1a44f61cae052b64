import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PDF_BYTES } from '../../test/fixtures';
import { withDatabase } from '../../test/global-setup';
import { testConfig } from '../../test/test-app';
import { connectDatabase, type Database, MIGRATIONS_DIR, runMigrations } from '../db';
import { createPostgresStorage } from './postgres-storage';
import { openStorage } from './storage';
import { sha256Of } from './stored-object';

const MOVE = '0027_file_proofs_in_storage';

/** A database migrated up to just before the move, with proofs whose bytes sit in their column. */
async function databaseBeforeTheMove(adminUrl: string, name: string): Promise<Database> {
  const admin = new pg.Client({ connectionString: withDatabase(adminUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const folder = await mkdtemp(path.join(tmpdir(), 'clearway-migrations-'));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === MOVE);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  const database = connectDatabase(withDatabase(adminUrl, name), 4);
  await migrate(database.db, { migrationsFolder: folder });
  await rm(folder, { recursive: true, force: true });
  return database;
}

describe(`migration ${MOVE}`, () => {
  const name = `m_${randomBytes(6).toString('hex')}`;
  let adminUrl: string;
  let database: Database;
  const proofs = [PDF_BYTES, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(300_000)])];
  const storedNames: string[] = [];
  let dir: string;

  beforeAll(async () => {
    adminUrl = inject('adminDatabaseUrl');
    database = await databaseBeforeTheMove(adminUrl, name);
    dir = await mkdtemp(path.join(tmpdir(), 'clearway-storage-'));
    const { db } = database;
    const entity = (
      await db.execute<{ id: number }>(sql`insert into entities (name) values (${name}) returning id`)
    ).rows[0]!.id;
    for (const [i, data] of proofs.entries()) {
      const request = (
        await db.execute<{ id: string }>(sql`
          insert into requests (type, entity_id, requester_kind, requester_id, requester_name, payload, payload_hash)
          values ('DEPOSIT', ${entity}, 'user', 'u1', 'someone', '{}', ${`hash-${i}`}) returning id`)
      ).rows[0]!.id;
      const proof = await db.execute<{ stored_name: string }>(sql`
        insert into file_proofs (request_id, mime, ext, size, data, uploaded_by)
        values (${request}, ${i === 0 ? 'application/pdf' : 'image/jpeg'}, ${i === 0 ? 'pdf' : 'jpg'},
                ${data.length}, ${data}, 'someone')
        returning stored_name`);
      storedNames.push(proof.rows[0]!.stored_name);
    }
    await runMigrations(database.db);
  });
  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: withDatabase(adminUrl, 'postgres') });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  });

  it('moves every proof’s bytes into storage under its stored name, with their SHA-256', async () => {
    const rows = (
      await database.db.execute<{ storage_key: string; stored_name: string; mime: string }>(
        sql`select storage_key, stored_name, mime from file_proofs order by request_id`,
      )
    ).rows;
    expect(rows.map((r) => r.storage_key)).toEqual(storedNames);
    const storage = createPostgresStorage(database.db);
    for (const [i, row] of rows.entries()) {
      const object = await storage.get(row.storage_key);
      expect(object?.data.equals(proofs[i]!)).toBe(true);
      expect(object).toMatchObject({
        contentType: row.mime,
        sha256: sha256Of(proofs[i]!),
        size: proofs[i]!.length,
      });
    }
    const columns = await database.db.execute(
      sql`select 1 from information_schema.columns where table_name = 'file_proofs' and column_name = 'data'`,
    );
    expect(columns.rows).toHaveLength(0);
  });

  it('and the filesystem driver, once configured, moves them on into its directory', async () => {
    const storage = await openStorage(
      testConfig({ STORAGE_DRIVER: 'filesystem', STORAGE_DIR: dir }),
      database.db,
    );
    const left = await database.db.execute(sql`select key from stored_objects`);
    expect(left.rows).toHaveLength(0);
    for (const [i, key] of storedNames.entries())
      expect((await storage.get(key))?.data.equals(proofs[i]!)).toBe(true);
  });
});
