import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db';
import { createPostgresStorage } from './postgres-storage';
import { storedObjects } from './storage.tables';
import { type Storage, type StoredBytes, type StoredObject, sha256Of, verified } from './stored-object';

// Keys are ours (random UUIDs), but a key read back from a row still never becomes a path
// outside the directory.
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type FilesystemStorage = Storage & { write(object: StoredBytes): Promise<void> };

/**
 * Objects as files under `dir` (STORAGE_DRIVER=filesystem): `<dir>/<ab>/<key>` holds the
 * bytes and `<key>.json` what they are. The description is written last, so an object exists
 * only once its bytes are complete; both are written to a temporary name, synced, then renamed.
 * A file has no transaction: `storeWith` deletes the bytes of a write that rolled back.
 */
export function createFilesystemStorage(dir: string): FilesystemStorage {
  const where = (key: string) => {
    if (!KEY.test(key)) return null;
    const folder = path.join(dir, key.slice(0, 2));
    return { folder, data: path.join(folder, key), meta: path.join(folder, `${key}.json`) };
  };

  async function writeDurably(file: string, content: Buffer | string) {
    const temporary = `${file}.${randomUUID()}.tmp`;
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  }

  async function syncFolder(folder: string) {
    const handle = await open(folder, 'r');
    await handle.sync().finally(() => handle.close());
  }

  const storage: FilesystemStorage = {
    async write({ data, ...object }) {
      const at = where(object.key);
      if (!at) throw new Error(`Not a storage key: ${object.key}`);
      await mkdir(at.folder, { recursive: true });
      await writeDurably(at.data, data);
      await writeDurably(at.meta, JSON.stringify(object satisfies StoredObject));
      await syncFolder(at.folder);
    },

    async put(data, contentType) {
      const object = { key: randomUUID(), contentType, sha256: sha256Of(data), size: data.length };
      await storage.write({ ...object, data });
      return object;
    },

    async get(key) {
      const at = where(key);
      if (!at) return null;
      const meta = await readFile(at.meta, 'utf8').catch(missing);
      if (meta === null) return null;
      const object = JSON.parse(meta) as StoredObject;
      return verified({ ...object, key, data: await readFile(at.data) });
    },

    async delete(key) {
      const at = where(key);
      if (!at) return;
      // The description first: a half-deleted object is absent, never a description without bytes.
      await rm(at.meta, { force: true });
      await rm(at.data, { force: true });
    },
  };
  return storage;
}

function missing(err: NodeJS.ErrnoException): null {
  if (err.code === 'ENOENT') return null;
  throw err;
}

/**
 * Moves every object the PostgreSQL driver holds into the directory (each checked against
 * its SHA-256, written, then its row deleted). Several instances starting at once may move
 * the same object twice: it lands under the same key with the same bytes.
 */
export async function moveIntoFilesystem(db: Db, target: FilesystemStorage): Promise<number> {
  const source = createPostgresStorage(db);
  const keys = await db.select({ key: storedObjects.key }).from(storedObjects);
  for (const { key } of keys) {
    const object = await source.get(key);
    if (!object) continue;
    await target.write(object);
    await source.delete(key);
  }
  return keys.length;
}
