import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, type DbOrTx, statement, type Tx } from './db';
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

/** One Idempotency-Key as a booking claims it: whose, which, and the hash of the body it came with. */
export type KeyClaim = { principal: Pick<Principal, 'kind' | 'id'>; key: string; hash: string };

/**
 * What claiming a key found: the key is now this transaction's (`claimed`); it was answered
 * before, for the same body (`answered`, with that answer); it was used with another body,
 * or its first use never answered (`conflict`); or it repeats an earlier claim of the same
 * call, with the same body (`same`: that claim's outcome is this one's too).
 */
export type ClaimOutcome =
  | { status: 'claimed' }
  | { status: 'answered'; answer: unknown }
  | { status: 'conflict' }
  | { status: 'same'; as: number };

const identityOf = (kind: string, id: string, key: string) => `${kind}\u0000${id}\u0000${key}`;
const identity = (c: KeyClaim) => identityOf(c.principal.kind, c.principal.id, c.key);
const at = sql.placeholder;
/** Keys as three array parameters (kinds, principal ids, keys), named after `of`. */
const keyArrays = (of: string) =>
  sql`${at(`${of}Kinds`)}::text[], ${at(`${of}Ids`)}::text[], ${at(`${of}Keys`)}::text[]`;
const keyValues = (of: string, claims: KeyClaim[]) => ({
  [`${of}Kinds`]: claims.map((c) => c.principal.kind),
  [`${of}Ids`]: claims.map((c) => c.principal.id),
  [`${of}Keys`]: claims.map((c) => c.key),
});
type KeyRow = { kind: string; id: string; key: string };
type StoredRow = KeyRow & { hash: string; response: unknown };

/**
 * For each claim, the earlier claim of the same list with the same key (its index), or null
 * for the first use of a key: known before anything is sent, so a caller can tell which of
 * its works repeat another before the claims are answered (`claimKeys` answers `same` or
 * `conflict` for those).
 */
export function earlierClaims(claims: KeyClaim[]): (number | null)[] {
  const first = new Map<string, number>();
  return claims.map((c, i) => {
    const seen = first.get(identity(c));
    if (seen !== undefined) return seen;
    first.set(identity(c), i);
    return null;
  });
}

/**
 * Claims keys for the work of one database transaction, all at once (one statement, two
 * when some key was seen before). A key is claimed in the caller's transaction, so
 * concurrent repeats wait for the first and then find its answer; keys are claimed in a
 * fixed order, so two transactions sharing keys never deadlock. The claims of work that is
 * then refused are withdrawn (`releaseKeys`), and the others answered (`answersUpdate`), in
 * the same transaction.
 */
export async function claimKeys(tx: DbOrTx, claims: KeyClaim[]): Promise<ClaimOutcome[]> {
  const earlier = earlierClaims(claims);
  const outcomes: (ClaimOutcome | null)[] = claims.map((c, i) => {
    const e = earlier[i];
    if (e === null || e === undefined) return null;
    return claims[e]!.hash === c.hash ? { status: 'same', as: e } : { status: 'conflict' };
  });
  const fresh = claims
    .flatMap((c, i) => (earlier[i] === null ? [[identity(c), i] as const] : []))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, i]) => i);
  if (fresh.length === 0) return outcomes as ClaimOutcome[];
  const wanted = fresh.map((i) => claims[i]!);
  const inserted = await CLAIM(tx, { ...keyValues('claim', wanted), hashes: wanted.map((c) => c.hash) });
  const mine = new Set(inserted.map((r) => identityOf(r.kind, r.id, r.key)));
  for (const i of fresh) if (mine.has(identity(claims[i]!))) outcomes[i] = { status: 'claimed' };
  const seen = fresh.filter((i) => !mine.has(identity(claims[i]!)));
  if (seen.length > 0) {
    const rows = await SEEN(
      tx,
      keyValues(
        'seen',
        seen.map((i) => claims[i]!),
      ),
    );
    const stored = new Map(rows.map((r) => [identityOf(r.kind, r.id, r.key), r]));
    for (const i of seen) {
      const row = stored.get(identity(claims[i]!));
      outcomes[i] =
        row && row.hash === claims[i]!.hash && row.response !== null
          ? { status: 'answered', answer: row.response }
          : { status: 'conflict' };
    }
  }
  return outcomes as ClaimOutcome[];
}

/**
 * The statement storing each claimed key's answer, which a repeat of the key then gets:
 * a fragment for a statement of the caller's (`statement`), with `answersValues`.
 */
export const answersUpdate = sql`
    update ${idempotencyKeys} k set response = a.answer::jsonb, status_code = 200
      from unnest(${keyArrays('answer')}, ${at('answers')}::text[]) as a(kind, id, key, answer)
     where k.principal_kind = a.kind and k.principal_id = a.id and k.key = a.key`;

/** The values of `answersUpdate`. */
export const answersValues = (answered: { claim: KeyClaim; answer: unknown }[]) => ({
  ...keyValues(
    'answer',
    answered.map((a) => a.claim),
  ),
  answers: answered.map((a) => JSON.stringify(a.answer ?? null)),
});

const CLAIM = statement<KeyRow, Record<string, unknown[]>>(
  'idempotency_claim',
  sql`insert into ${idempotencyKeys} (principal_kind, principal_id, key, request_hash)
        select c.kind, c.id, c.key, c.hash
          from unnest(${keyArrays('claim')}, ${at('hashes')}::text[]) with ordinality as c(kind, id, key, hash, o)
         order by c.o
      on conflict do nothing
      returning principal_kind as kind, principal_id as id, key`,
);
const SEEN = statement<StoredRow, Record<string, unknown[]>>(
  'idempotency_seen',
  sql`select k.principal_kind as kind, k.principal_id as id, k.key, k.request_hash as hash, k.response
        from ${idempotencyKeys} k join unnest(${keyArrays('seen')}) as c(kind, id, key)
          on k.principal_kind = c.kind and k.principal_id = c.id and k.key = c.key`,
);
const ANSWER = statement<never, Record<string, unknown[]>>('idempotency_answer', answersUpdate);
const RELEASE = statement<never, Record<string, unknown[]>>(
  'idempotency_release',
  sql`delete from ${idempotencyKeys} k using unnest(${keyArrays('release')}) as c(kind, id, key)
       where k.principal_kind = c.kind and k.principal_id = c.id and k.key = c.key`,
);

/** Stores each claimed key's answer (one statement). */
export async function storeAnswers(tx: DbOrTx, answered: { claim: KeyClaim; answer: unknown }[]) {
  if (answered.length > 0) await ANSWER(tx, answersValues(answered));
}

/** Withdraws claims whose work was refused, so the same call may be made again (one statement). */
export async function releaseKeys(tx: DbOrTx, claims: KeyClaim[]): Promise<void> {
  if (claims.length > 0) await RELEASE(tx, keyValues('release', claims));
}

/**
 * Runs `work` once per (principal, key): the key is claimed in the same transaction as the
 * work, so concurrent repeats wait for the first and then answer its response; the same
 * key with another body is a 409 and writes nothing. A failed first attempt leaves no key
 * behind (its transaction rolls back), so it can be retried.
 */
export async function withIdempotency<T>(
  db: Db,
  principal: Principal,
  key: string,
  body: unknown,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const claim = { principal, key, hash: requestHash(body) };
  return db.transaction(async (tx) => {
    const [outcome] = await claimKeys(tx, [claim]);
    if (outcome?.status === 'answered') return outcome.answer as T;
    if (outcome?.status !== 'claimed') throw idempotencyConflict();
    const result = await work(tx);
    await storeAnswers(tx, [{ claim, answer: result }]);
    return result;
  });
}
