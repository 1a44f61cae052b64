import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AuditEntry, auditInsert } from '../../platform/audit';
import type { Outcome } from '../../platform/batcher';
import { type DbOrTx, queryPrepared, type Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import {
  answersUpdate,
  claimKeys,
  idempotencyConflict,
  type KeyClaim,
  releaseKeys,
  requestHash,
} from '../../platform/idempotency';
import { sqlStateError } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import { frozenMessage, parseFreezeHolder } from '../entities/entity-lookups';
import { frozenHolderOf } from '../entities/entity-sql';
import {
  holdPlace,
  holdPost,
  holdVoid,
  type Leg,
  type PostItem,
  postBatch,
  reverse,
  type TxnHeader,
} from './ledger-kernel.repo';

export type { Leg };

/** Who books: a principal (null: the system), the entity acted on, the call (for the audit row). */
export type Booker = { principal: Principal | null; entityId?: number | null; request?: FastifyRequest };

/** What a booking left in the ledger, for its record. */
export type Booked = { transactionId: number | null; holdId: number | null };

/**
 * A reservation: `place` reserves a positive amount (the booking posts nothing); `release`
 * resolves a hold placed earlier — posted into the booking's legs, or voided when it has none.
 */
export type HoldInstruction = { place: Leg } | { release: number };

/** What a record kind may fill in once it has read what it needs (see `RecordKind.prepare`). */
export type Prepared<In> = {
  input?: In;
  legs?: Leg[];
  reverses?: number;
  reference?: string | null;
  memo?: string | null;
};

export type RecordItem<In> = { who: Booker; input: In };

/**
 * A kind of business record a movement leaves — a cash entry, a reversal, a trade — defined
 * once by the module that owns its table. Every step works on all the bookings of the kind
 * at once (a group commit writes each kind with one statement).
 */
export type RecordKind<In, Out> = {
  name: string;
  /**
   * Refusals read from what a booking cannot change (an account's owner), before anything
   * else — for a group commit, before its database transaction opens (null: none).
   */
  check?: (db: DbOrTx, items: RecordItem<In>[]) => Promise<(Error | null)[]>;
  /**
   * After the Idempotency-Keys are claimed and before anything moves: refuses a booking (an
   * Error), or completes it from what it reads — the rows it locks, the legs or the reversal
   * they imply, the record's full input (null: nothing to change).
   */
  prepare?: (tx: Tx, items: RecordItem<In>[]) => Promise<(Error | Prepared<In> | null)[]>;
  /** Writes the records of the booked movements, in order; each answer is what the booker gets. */
  write: (tx: Tx, items: (RecordItem<In> & Booked)[]) => Promise<Out[]>;
};

/** A record of a kind, with its input: `recordOf(cashEntryRecord, input)`. */
export type RecordOf<Out> = { kind: RecordKind<unknown, Out>; input: unknown };
export const recordOf = <In, Out>(kind: RecordKind<In, Out>, input: In): RecordOf<Out> => ({
  kind: kind as RecordKind<unknown, Out>,
  input,
});

/**
 * One money movement. The ledger part is one ledger transaction (`kind`, `reference`, `memo`)
 * of balanced `legs` (Σ per asset = 0) — or a `hold` placed or released, or the reversal of
 * a transaction (`reverses`). Around it: the Idempotency-Key (`idempotency`: a repeat with
 * the same body answers the first answer, another body 409), the business record
 * (`record`) and the audit row (`audit`, from the record's answer). Trades, fees (legs of
 * their own in the same booking), allocations (legs across accounts) and settlements on a
 * value date (a booking by the settlement job, keyed by it) all book this way.
 */
export type Booking<Out = Booked> = {
  who: Booker;
  kind: string;
  reference?: string | null;
  memo?: string | null;
  legs?: Leg[];
  hold?: HoldInstruction;
  reverses?: number;
  idempotency?: { key: string; body: unknown };
  record?: RecordOf<Out>;
  audit?: (answer: Out, booked: Booked) => AuditEntry | null;
};

/** A booking on its way through the steps (what `prepare` completed included). */
type Work = {
  b: Booking<unknown>;
  input: unknown;
  legs: Leg[];
  reverses: number | undefined;
  reference: string | null;
  memo: string | null;
  claim: KeyClaim | null;
  booked: Booked;
  answer?: unknown;
};

const header = (w: Work): TxnHeader => ({
  kind: w.b.kind,
  reference: w.reference,
  memo: w.memo,
  principalKind: w.b.who.principal?.kind ?? 'system',
  principalId: w.b.who.principal?.id ?? null,
  entityId: w.b.who.entityId ?? w.b.who.principal?.homeEntityId ?? null,
});

/** Whether the booking posts plain legs (the set-wise path) rather than a hold or a reversal. */
const plain = (w: Work) => !w.b.hold && w.reverses === undefined;

/** Nothing around the ledger: no key, no record, no audit row — a bare transfer. */
export const isBare = (b: Booking<unknown>) =>
  !b.idempotency && !b.record && !b.audit && !b.hold && b.reverses === undefined;

export const bareItem = (b: Booking<unknown>): PostItem => ({
  ...header({ b, reference: b.reference ?? null, memo: b.memo ?? null } as Work),
  legs: b.legs ?? [],
});

function groupByKind(work: Work[]): Map<RecordKind<unknown, unknown>, Work[]> {
  const groups = new Map<RecordKind<unknown, unknown>, Work[]>();
  for (const w of work) {
    const kind = w.b.record?.kind;
    if (!kind) continue;
    const group = groups.get(kind);
    if (group) group.push(w);
    else groups.set(kind, [w]);
  }
  return groups;
}

/**
 * The record kinds' `check`s of these bookings, kind by kind (one read each): the refusal of
 * each booking, or null.
 */
export async function checkAll(db: DbOrTx, bookings: Booking<unknown>[]): Promise<(Error | null)[]> {
  const refused: (Error | null)[] = bookings.map(() => null);
  const byKind = new Map<RecordKind<unknown, unknown>, number[]>();
  for (const [i, b] of bookings.entries())
    if (b.record?.kind.check) byKind.set(b.record.kind, [...(byKind.get(b.record.kind) ?? []), i]);
  for (const [kind, group] of byKind) {
    const found = await kind.check!(
      db,
      group.map((i) => ({ who: bookings[i]!.who, input: bookings[i]!.record!.input })),
    );
    for (const [n, i] of group.entries()) refused[i] = found[n] ?? null;
  }
  return refused;
}

/**
 * A freeze (beyond the spec) stops new bookings on a frozen entity's subtree — cash entries,
 * trades, request approvals that would move money, reversals — here, on the one path every
 * movement takes, so no kind of booking can forget it. A booking by a principal is refused
 * when any account it touches (its legs, the hold it places, the transaction it reverses)
 * belongs to a frozen entity or one below it; the system's own bookings (jobs settling what
 * was booked before the freeze) are not. One statement for all the bookings.
 */
export async function refuseFrozen(db: DbOrTx, bookings: Booking<unknown>[]): Promise<(Error | null)[]> {
  const idx: number[] = [];
  const accountIds: number[] = [];
  const reversed: { i: number; txn: number }[] = [];
  for (const [i, b] of bookings.entries()) {
    if (!b.who.principal) continue;
    for (const leg of b.legs ?? []) {
      idx.push(i);
      accountIds.push(leg.accountId);
    }
    if (b.hold && 'place' in b.hold) {
      idx.push(i);
      accountIds.push(b.hold.place.accountId);
    }
    if (b.reverses !== undefined) reversed.push({ i, txn: b.reverses });
  }
  const refused: (Error | null)[] = bookings.map(() => null);
  if (idx.length === 0 && reversed.length === 0) return refused;
  const rows = await queryPrepared<{ i: number; holder: string | null }>(
    db,
    'booking_frozen_accounts',
    sql`with touched(i, account_id) as (
          select * from unnest(${sql.param(idx)}::int[], ${sql.param(accountIds)}::int[])
          union all
          select r.i, p.account_id
            from unnest(${sql.param(reversed.map((r) => r.i))}::int[], ${sql.param(reversed.map((r) => r.txn))}::bigint[]) as r(i, txn)
            join postings p on p.transaction_id = r.txn
        )
        select t.i, ${frozenHolderOf(sql`a.entity_id`)} as holder
          from touched t join accounts a on a.id = t.account_id
         where exists (select 1 from entities f where f.frozen_at is not null)`,
  );
  for (const r of rows) {
    const holder = parseFreezeHolder(r.holder);
    if (holder && !refused[r.i]) refused[r.i] = conflict(frozenMessage(holder));
  }
  return refused;
}

/**
 * The one booking path: books `bookings` in the caller's database transaction, set-wise —
 * each step is one statement for all of them, whatever their number:
 *   0. the record kinds' `check`s (unless `checked` brings them, read before the transaction);
 *   1. claim the Idempotency-Keys (a repeat answers the stored answer, another body 409);
 *   2. let each record kind refuse or complete its bookings (`prepare`);
 *   3. post: plain legs through ledger_post_batch (a refusal — insufficient funds, not
 *      balanced — refuses that booking alone); holds and reversals through their functions;
 *   4. withdraw the keys of refused bookings, so the same call may be made again;
 *   5. write the business records, kind by kind;
 *   6. write the audit rows and store the answers under their keys (one statement).
 * Answers one outcome per booking, in order. An error that is not one booking's (a closed
 * account aborts every posting of the statement) is thrown: the transaction is lost.
 * @param refusal maps a kernel SQLSTATE to the caller's domain error
 */
export async function bookAll(
  tx: Tx,
  bookings: Booking<unknown>[],
  refusal: (err: unknown) => unknown,
  checked?: (Error | null)[],
): Promise<Outcome<unknown>[]> {
  const outcomes: (Outcome<unknown> | undefined)[] = bookings.map(() => undefined);
  const work: (Work | null)[] = bookings.map((b) => ({
    b,
    input: b.record?.input,
    legs: b.legs ?? [],
    reverses: b.reverses,
    reference: b.reference ?? null,
    memo: b.memo ?? null,
    claim: null,
    booked: { transactionId: null, holdId: null },
  }));
  const released: KeyClaim[] = [];
  const refuse = (i: number, error: unknown) => {
    outcomes[i] = { ok: false, error };
    if (work[i]?.claim) released.push(work[i]!.claim!);
    work[i] = null;
  };
  const pending = () => work.filter((w): w is Work => w !== null);

  // 0. Checks, and the freeze (read in this transaction, so a freeze committed before it counts).
  for (const [i, refused] of (checked ?? (await checkAll(tx, bookings))).entries())
    if (refused) refuse(i, refused);
  for (const [i, frozen] of (await refuseFrozen(tx, bookings)).entries())
    if (frozen && work[i]) refuse(i, frozen);

  // 1. Keys.
  const keyed = bookings.flatMap((b, i) => (b.idempotency && work[i] ? [i] : []));
  const claims = keyed.map((i): KeyClaim => {
    const { who, idempotency } = bookings[i]!;
    if (!who.principal) throw new Error('An idempotent booking needs a principal');
    return { principal: who.principal, key: idempotency!.key, hash: requestHash(idempotency!.body) };
  });
  const follows = new Map<number, number>();
  for (const [n, found] of (await claimKeys(tx, claims)).entries()) {
    const i = keyed[n]!;
    if (found.status === 'claimed') work[i]!.claim = claims[n]!;
    else if (found.status === 'conflict') refuse(i, idempotencyConflict());
    else {
      if (found.status === 'answered') outcomes[i] = { ok: true, value: found.answer };
      else follows.set(i, keyed[found.as]!);
      work[i] = null;
    }
  }

  // 2. Record kinds refuse or complete their bookings.
  for (const [kind, group] of groupByKind(pending())) {
    if (!kind.prepare) continue;
    const prepared = await kind.prepare(
      tx,
      group.map((w) => ({ who: w.b.who, input: w.input })),
    );
    for (const [n, w] of group.entries()) {
      const p = prepared[n];
      if (p instanceof Error) refuse(work.indexOf(w), p);
      else if (p) Object.assign(w, p);
    }
  }

  // 3. Post.
  const posting = pending().filter(plain);
  const posted = await postBatch(
    tx,
    posting.map((w) => ({ ...header(w), legs: w.legs })),
  ).catch((err: unknown) => {
    throw refusal(err);
  });
  for (const [n, w] of posting.entries()) {
    const r = posted[n]!;
    if (r.failure !== null) refuse(work.indexOf(w), refusal(sqlStateError(r.failure, 'booking')));
    else w.booked.transactionId = r.txn;
  }
  for (const w of pending().filter((x) => !plain(x))) {
    const hold = w.b.hold;
    try {
      if (hold && 'place' in hold) w.booked.holdId = await holdPlace(tx, hold.place, w.reference);
      else if (hold) {
        w.booked.holdId = hold.release;
        if (w.legs.length > 0) w.booked.transactionId = await holdPost(tx, hold.release, header(w), w.legs);
        else await holdVoid(tx, hold.release);
      } else w.booked.transactionId = await reverse(tx, w.reverses!, header(w));
    } catch (err) {
      throw refusal(err);
    }
  }

  // 4. The keys of refused bookings go back: the same call may be made again.
  await releaseKeys(tx, released);

  // 5. Records, kind by kind.
  const live = pending();
  for (const w of live) if (!w.b.record) w.answer = w.booked;
  for (const [kind, group] of groupByKind(live)) {
    const answers = await kind.write(
      tx,
      group.map((w) => ({ who: w.b.who, input: w.input, ...w.booked })),
    );
    for (const [n, w] of group.entries()) w.answer = answers[n];
  }

  // 6. Audit rows and answers, in one statement.
  const audits = live.flatMap((w) => {
    const entry = w.b.audit?.(w.answer, w.booked);
    return entry ? [{ who: w.b.who, entry }] : [];
  });
  const answered = live.flatMap((w) => (w.claim ? [{ claim: w.claim, answer: w.answer }] : []));
  if (audits.length > 0 || answered.length > 0)
    await queryPrepared(
      tx,
      'booking_audit_and_answers',
      sql`with audit as (${auditInsert(audits)}) ${answersUpdate(answered)}`,
    );
  for (const w of live) outcomes[work.indexOf(w)] = { ok: true, value: w.answer };
  for (const [i, first] of follows) outcomes[i] = outcomes[first];
  return outcomes.map((o) => o ?? { ok: false, error: new Error('booking answered no outcome') });
}
