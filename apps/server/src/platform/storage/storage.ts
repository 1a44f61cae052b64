import path from 'node:path';
import type { Config } from '../config';
import type { Db, Tx } from '../db';
import { createFilesystemStorage, moveIntoFilesystem } from './filesystem-storage';
import { createPostgresStorage } from './postgres-storage';
import type { Storage, StoredObject } from './stored-object';

/**
 * The configured driver. With the filesystem driver, objects still in PostgreSQL (stored
 * before the switch, or moved there by migration 0027) move into the directory first.
 */
export async function openStorage(config: Config, db: Db): Promise<Storage> {
  switch (config.STORAGE_DRIVER) {
    case 'postgres':
      return createPostgresStorage(db);
    case 'filesystem': {
      const storage = createFilesystemStorage(config.STORAGE_DIR ?? path.join(config.DATA_DIR, 'files'));
      await moveIntoFilesystem(db, storage);
      return storage;
    }
  }
}

/**
 * Stores bytes and writes the rows that point at them in one transaction. When the work
 * inside fails, the bytes go too: PostgreSQL rolls them back, and the filesystem driver, which
 * cannot, deletes them. A failure of COMMIT itself leaves them (it may have committed after
 * all): a file nothing points at is the lesser harm than a proof without its bytes.
 */
export async function storeWith<T>(
  db: Db,
  storage: Storage,
  data: Buffer,
  contentType: string,
  write: (tx: Tx, stored: StoredObject) => Promise<T>,
): Promise<T> {
  const refused: { key?: string } = {};
  return db
    .transaction(async (tx) => {
      const stored = await storage.put(data, contentType, tx);
      try {
        return await write(tx, stored);
      } catch (err) {
        refused.key = stored.key;
        throw err;
      }
    })
    .catch(async (err) => {
      if (refused.key) await storage.delete(refused.key).catch(() => undefined);
      throw err;
    });
}
