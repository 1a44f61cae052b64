import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createFilesystemStorage } from './filesystem-storage';
import { createPostgresStorage } from './postgres-storage';
import { storeWith } from './storage';
import { type Storage, sha256Of } from './stored-object';

type Driver = {
  name: string;
  open: (database: TestDatabase, dir: string) => Storage;
  /** Changes an object's bytes behind the driver's back (a bad disk, a hand edit). */
  tamper: (database: TestDatabase, dir: string, key: string) => Promise<void>;
};

const DRIVERS: Driver[] = [
  {
    name: 'postgres',
    open: (database) => createPostgresStorage(database.db),
    tamper: async (database, _dir, key) => {
      await database.db.execute(sql`update stored_objects set data = 'tampered'::bytea where key = ${key}`);
    },
  },
  {
    name: 'filesystem',
    open: (_database, dir) => createFilesystemStorage(dir),
    tamper: (_database, dir, key) => writeFile(path.join(dir, key.slice(0, 2), key), 'tampered'),
  },
];

describe.each(DRIVERS)('the $name storage driver keeps the storage contract', (driver) => {
  let database: TestDatabase;
  let dir: string;
  let storage: Storage;
  const bytes = (n = 1024) => randomBytes(n);

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'clearway-storage-'));
    storage = driver.open(database, dir);
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('puts bytes with a content type and answers a key with their SHA-256 and size', async () => {
    const data = bytes(70_000);
    const stored = await storage.put(data, 'application/pdf');
    expect(stored).toEqual({
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      contentType: 'application/pdf',
      sha256: sha256Of(data),
      size: 70_000,
    });
    const read = await storage.get(stored.key);
    expect(read?.data.equals(data)).toBe(true);
    expect(read).toMatchObject(stored);
  });

  it('gives each put its own key, even for the same bytes, and keeps an empty file', async () => {
    const data = bytes();
    const [a, b] = [await storage.put(data, 'image/png'), await storage.put(data, 'image/png')];
    expect(a.key).not.toBe(b.key);
    await storage.delete(a.key);
    expect((await storage.get(b.key))?.data.equals(data)).toBe(true);
    const empty = await storage.put(Buffer.alloc(0), 'application/octet-stream');
    expect((await storage.get(empty.key))?.size).toBe(0);
  });

  it('answers null for an unknown key and for one that is not a key at all', async () => {
    expect(await storage.get(crypto.randomUUID())).toBeNull();
    expect(await storage.get('../../../etc/passwd')).toBeNull();
    expect(await storage.get('')).toBeNull();
  });

  it('deletes an object; deleting it again is not an error', async () => {
    const stored = await storage.put(bytes(), 'image/jpeg');
    await storage.delete(stored.key);
    expect(await storage.get(stored.key)).toBeNull();
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
  });

  it('refuses to serve bytes that no longer match their SHA-256', async () => {
    const stored = await storage.put(bytes(), 'video/mp4');
    await driver.tamper(database, dir, stored.key);
    await expect(storage.get(stored.key)).rejects.toThrow(/does not match its SHA-256/);
  });

  it('keeps bytes stored with rows that commit, and drops them with rows that roll back', async () => {
    const kept = await storeWith(database.db, storage, bytes(), 'image/png', async (_tx, s) => s);
    expect(await storage.get(kept.key)).not.toBeNull();

    let dropped = '';
    await expect(
      storeWith(database.db, storage, bytes(), 'image/png', async (_tx, s) => {
        dropped = s.key;
        throw new Error('the row could not be written');
      }),
    ).rejects.toThrow('the row could not be written');
    expect(dropped).not.toBe('');
    expect(await storage.get(dropped)).toBeNull();
  });
});
