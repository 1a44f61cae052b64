import { createHash } from 'node:crypto';
import type { Tx } from '../db';

/** What a stored object is known by; its bytes' SHA-256 (hex) is checked on every read. */
export type StoredObject = { key: string; contentType: string; sha256: string; size: number };
export type StoredBytes = StoredObject & { data: Buffer };

/**
 * Where files (file proofs, later statements) live: PostgreSQL by default, or a directory
 * (a volume every instance shares). Callers keep the key, never a path or a row.
 */
export type Storage = {
  /** Stores the bytes under a new key; with PostgreSQL inside `tx` when given. */
  put(data: Buffer, contentType: string, tx?: Tx): Promise<StoredObject>;
  /** The object, or null when no object has this key. @throws when its bytes no longer match their SHA-256 */
  get(key: string, tx?: Tx): Promise<StoredBytes | null>;
  /** Removes the object; a key with no object is not an error. */
  delete(key: string, tx?: Tx): Promise<void>;
};

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Refuses bytes that changed since they were stored (a bad disk, or a hand edit). */
export function verified(object: StoredBytes | null): StoredBytes | null {
  if (object && (object.data.length !== object.size || sha256Of(object.data) !== object.sha256))
    throw new Error(`Stored object ${object.key} does not match its SHA-256: refusing to serve it`);
  return object;
}
