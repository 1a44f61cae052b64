import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { storedObjects } from './storage.tables';
import { type Storage, sha256Of, verified } from './stored-object';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Objects as rows of `stored_objects`, written in the caller's transaction when it passes one. */
export function createPostgresStorage(db: Db): Storage {
  return {
    async put(data, contentType, tx) {
      const object = { key: randomUUID(), contentType, sha256: sha256Of(data), size: data.length };
      await (tx ?? db).insert(storedObjects).values({ ...object, data });
      return object;
    },

    async get(key, tx) {
      // Another driver's key (or a typo) is simply not here: the uuid column would refuse it.
      if (!UUID.test(key)) return null;
      const [row] = await (tx ?? db)
        .select({
          key: storedObjects.key,
          contentType: storedObjects.contentType,
          sha256: storedObjects.sha256,
          size: storedObjects.size,
          data: storedObjects.data,
        })
        .from(storedObjects)
        .where(eq(storedObjects.key, key));
      return verified(row ?? null);
    },

    async delete(key, tx) {
      if (UUID.test(key)) await (tx ?? db).delete(storedObjects).where(eq(storedObjects.key, key));
    },
  };
}
