import { sql } from 'drizzle-orm';
import { type DbOrTx, queryPrepared, statement } from '../../platform/db';
import { Money } from '../../platform/money';

// The TypeScript side of the ledger kernel (sql/ledger/*.sql): one function per SQL function,
// nothing else. Only the booking path (booking.ts) calls these.

/** One leg of a ledger transaction: a signed amount of an asset on an account (out < 0 < in). */
export type Leg = { accountId: number; asset: string; amount: string };

/** A ledger transaction's header: what it is, and who wrote it (a null principal: the system). */
export type TxnHeader = {
  kind: string;
  reference: string | null;
  memo: string | null;
  principalKind: string;
  principalId: string | null;
  entityId: number | null;
};

/** An item to post; `id`: the transaction's id, drawn ahead (`reserveTransactionIds`), else the sequence's next. */
export type PostItem = TxnHeader & { legs: Leg[]; reverses?: number | null; id?: number | null };
/** A posted transaction's id, or the SQLSTATE that refused it (CW001, 23514). */
export type PostResult = { txn: number | null; failure: string | null };

const ints = (xs: (number | null)[]) => sql`${sql.param(xs)}::int[]`;
const texts = (xs: (string | null)[]) => sql`${sql.param(xs)}::text[]`;
const numerics = (xs: string[]) => sql`${sql.param(xs)}::numeric[]`;
const legArrays = (legs: Leg[]) =>
  sql`${ints(legs.map((l) => l.accountId))}, ${texts(legs.map((l) => l.asset))}, ${numerics(legs.map((l) => new Money(l.amount).toString()))}`;

const at = sql.placeholder;
const POST_BATCH = statement<
  { txn: string | null; failure: string | null },
  Record<
    | 'kinds'
    | 'references'
    | 'principalKinds'
    | 'principalIds'
    | 'entities'
    | 'memos'
    | 'reverses'
    | 'legItems'
    | 'accounts'
    | 'assets'
    | 'amounts'
    | 'ids',
    unknown[]
  >
>(
  'ledger_post_batch',
  sql`select idx, txn, failure from ledger_post_batch(
    ${at('kinds')}::text[], ${at('references')}::text[], ${at('principalKinds')}::text[],
    ${at('principalIds')}::text[], ${at('entities')}::int[], ${at('memos')}::text[], ${at('reverses')}::bigint[],
    ${at('legItems')}::int[], ${at('accounts')}::int[], ${at('assets')}::text[], ${at('amounts')}::numeric[],
    ${at('ids')}::bigint[]) order by idx`,
);

const results = (rows: { txn: string | number | null; failure: string | null }[]): PostResult[] =>
  rows.map((r) => ({ txn: r.txn === null ? null : Number(r.txn), failure: r.failure }));

/**
 * ledger_post_batch: each item posted, or refused on its own. In the caller's transaction,
 * or — given the database — as a statement of its own (its own transaction, one round
 * trip). Prepared once per connection: the hot path of group commit skips re-planning.
 */
export async function postBatch(tx: DbOrTx, items: PostItem[]): Promise<PostResult[]> {
  if (items.length === 0) return [];
  const col = <T>(f: (i: PostItem) => T) => items.map(f);
  const legs = items.flatMap((i) => i.legs);
  return results(
    await POST_BATCH(tx, {
      kinds: col((i) => i.kind),
      references: col((i) => i.reference),
      principalKinds: col((i) => i.principalKind),
      principalIds: col((i) => i.principalId),
      entities: col((i) => i.entityId),
      memos: col((i) => i.memo),
      reverses: col((i) => i.reverses ?? null),
      legItems: items.flatMap((item, n) => item.legs.map(() => n + 1)),
      accounts: legs.map((l) => l.accountId),
      assets: legs.map((l) => l.asset),
      amounts: legs.map((l) => new Money(l.amount).toString()),
      ids: col((i) => i.id ?? null),
    }),
  );
}

/**
 * `count` ids for ledger transactions posted later (ledger_transaction_ids): a booking that
 * knows its transaction's id can send its record right behind its posting. One statement,
 * on its own (the sequence is not transactional).
 */
export async function reserveTransactionIds(db: DbOrTx, count: number): Promise<number[]> {
  const rows = await queryPrepared<{ id: string }>(
    db,
    'ledger_transaction_ids',
    sql`select t.id from ledger_transaction_ids(${count}::int) as t(id)`,
  );
  return rows.map((r) => Number(r.id));
}

/** Reserves a positive amount on an account (ledger_hold_place); the hold's id. */
export async function holdPlace(tx: DbOrTx, leg: Leg, reference: string | null): Promise<number> {
  const res = await tx.execute<{ id: string }>(
    sql`select ledger_hold_place(${leg.accountId}, ${leg.asset}, ${new Money(leg.amount).toString()}::numeric, ${reference}) as id`,
  );
  return Number(res.rows[0]!.id);
}

/** Releases a hold into a posting of these legs (ledger_hold_post); the transaction's id. */
export async function holdPost(tx: DbOrTx, holdId: number, h: TxnHeader, legs: Leg[]): Promise<number> {
  const res = await tx.execute<{
    id: string;
  }>(sql`select ledger_hold_post(${holdId}, ${h.kind}, ${h.reference},
    ${h.principalKind}, ${h.principalId}, ${h.entityId}::int, ${h.memo}, ${legArrays(legs)}) as id`);
  return Number(res.rows[0]!.id);
}

/** Releases a hold without posting (ledger_hold_void). */
export async function holdVoid(tx: DbOrTx, holdId: number): Promise<void> {
  await tx.execute(sql`select ledger_hold_void(${holdId})`);
}

/** Posts the opposite of a transaction, pointing at it (ledger_reverse); the new transaction's id. */
export async function reverse(tx: DbOrTx, transactionId: number, h: TxnHeader): Promise<number> {
  const res = await tx.execute<{ id: string }>(
    sql`select ledger_reverse(${transactionId}, ${h.principalKind}, ${h.principalId}, ${h.entityId}::int, ${h.memo}) as id`,
  );
  return Number(res.rows[0]!.id);
}
