import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from './db';
import { AppError, badRequest } from './errors';
import { idempotencyKeys } from './idempotency.tables';
import type { Principal } from './principal';

const KEY = /^[\w.:-]{8,200}$/;

/** The Idempotency-Key header every money-moving call carries. @throws BadRequest */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY.test(key)) {
    const msg = 'Send an Idempotency-Key header (8–200 letters, digits, dots, colons, dashes or underscores)';
    throw badRequest(msg, { 'Idempotency-Key': msg });
  }
  return key;
}

/** Key order does not change a body's meaning, so it does not change its hash either. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, stable(v)]),
    );
  }
  return value;
}

export const idempotencyConflict = () =>
  new AppError(
    'IdempotencyKeyConflict',
    409,
    'IdempotencyKeyConflict: this Idempotency-Key was used with another request',
  );

export const requestHash = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(stable(body)))
    .digest('hex');

/**
 * Runs `work` once per (principal, key). The key row is claimed in the same transaction as
 * the work, so concurrent repeats wait for the first and then answer its response; the
 * same key with another body is a 409 and writes nothing. A failed first attempt leaves
 * no key behind, so it can be retried.
 */
export async function withIdempotency<T>(
  db: Db,
  principal: Principal,
  key: string,
  body: unknown,
  work: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  const hash = requestHash(body);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ principalKind: principal.kind, principalId: principal.id, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [seen] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.principalKind, principal.kind),
            eq(idempotencyKeys.principalId, principal.id),
            eq(idempotencyKeys.key, key),
          ),
        );
      if (!seen || seen.requestHash !== hash) throw idempotencyConflict();
      return seen.response as T;
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: result as object, statusCode: 200 })
      .where(
        and(
          eq(idempotencyKeys.principalKind, principal.kind),
          eq(idempotencyKeys.principalId, principal.id),
          eq(idempotencyKeys.key, key),
        ),
      );
    return result;
  });
}
