import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AuditEntry, auditInsert } from '../../platform/audit';
import type { Outcome } from '../../platform/batcher';
import {
  type CommitWith,
  type DbOrTx,
  pipelined,
  queryPrepared,
  sendTogether,
  type Tx,
} from '../../platform/db';
import {
  answersUpdate,
  type ClaimOutcome,
  claimKeys,
  earlierClaims,
  idempotencyConflict,
  type KeyClaim,
  releaseKeys,
  requestHash,
} from '../../platform/idempotency';
import { sqlStateError } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
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
async function checkAll(db: DbOrTx, bookings: Booking<unknown>[]): Promise<(Error | null)[]> {
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

/** How `bookAll` may travel (see each option). */
export type BookAllOptions = {
  /** The record kinds' refusals, read earlier (null: none); read in the transaction when absent. */
  checked?: (Error | null)[];
  /**
   * Posts in the round trip of the checks and the Idempotency-Keys' claims, without waiting
   * for their answers: right whenever every check passes and every key is new — the usual
   * case. When one is not, `bookAll` throws `SpeculationMissed` before writing anything else,
   * and the caller rolls back the transaction — which must be its own, holding nothing else
   * — and books again without (`checked` from the error). Record kinds with a `prepare` step
   * never speculate: they must see the claims first.
   */
  speculate?: boolean;
  /**
   * Ids drawn ahead for the speculative postings' transactions (`reserveTransactionIds`, at
   * least `speculativeCount` of them): the records then travel right behind the posting, and
   * a posting refused for funds misses the speculation too.
   */
  transactionIds?: number[];
  /** Sends the last statement (audit rows and answers) with the COMMIT (`pipelinedTransaction`). */
  commitWith?: CommitWith;
};

/** Whether bookings may post speculatively: no record kind of theirs needs to see the claims first. */
const speculative = (bookings: Booking<unknown>[], speculate = false) =>
  speculate && !bookings.some((b) => b.record?.kind.prepare);

/** How many of these bookings a speculative booking posts (and draws a transaction id for). */
export const speculativeCount = (bookings: Booking<unknown>[]) =>
  speculative(bookings, true) ? bookings.filter((b) => !b.hold && b.reverses === undefined).length : 0;

/** A speculative posting went ahead of a refusal or of a key seen before: roll back, book again. */
export class SpeculationMissed extends Error {
  constructor(readonly checked: (Error | null)[]) {
    super('A booking was refused or repeated a key: the speculative posting is rolled back');
  }
}

/** A settled statement's answer, or its failure thrown. */
function answerOf<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * The one booking path: books `bookings` in the caller's database transaction, set-wise —
 * each step is one statement for all of them, whatever their number — and sends each
 * statement as soon as what it needs is known, so steps that do not depend on each other's
 * answers share a round trip (the client is pipelined, see `pipelined`):
 *   0. the record kinds' `check`s (unless `checked` brings them), with
 *   1. the claims of the Idempotency-Keys (a repeat answers the stored answer, another body
 *      409; the claim of a booking its check refuses goes back) — and, speculating, with
 *   3. the posting (see `BookAllOptions.speculate`);
 *   2. let each record kind refuse or complete its bookings (`prepare`);
 *   3. post: plain legs through ledger_post_batch (a refusal — insufficient funds, not
 *      balanced — refuses that booking alone); holds and reversals through their functions;
 *   4. withdraw the keys of refused bookings, so the same call may be made again;
 *   5. write the business records, kind by kind;
 *   6. write the audit rows and store the answers under their keys (one statement, sent
 *      with the COMMIT when `commitWith` is given).
 * A group commit of plain bookings thus takes two round trips: BEGIN, checks, claims and
 * posting; records; audit rows, answers and COMMIT — three.
 * Answers one outcome per booking, in order. An error that is not one booking's (a closed
 * account aborts every posting of the statement) is thrown: the transaction is lost.
 * @param refusal maps a kernel SQLSTATE to the caller's domain error
 */
export async function bookAll(
  tx: Tx,
  bookings: Booking<unknown>[],
  refusal: (err: unknown) => unknown,
  options: BookAllOptions = {},
): Promise<Outcome<unknown>[]> {
  const unmark = pipelined(tx);
  try {
    return await bookSteps(tx, bookings, refusal, options);
  } finally {
    unmark();
  }
}

/** A claim's outcome that lets a speculative posting stand: the key is new (or repeats one of the batch). */
const isNew = (f: ClaimOutcome) => f.status === 'claimed' || f.status === 'same';

/** Writes the records of these bookings, kind by kind (one statement each), into their `answer`. */
async function writeRecords(tx: Tx, live: Work[]): Promise<void> {
  for (const w of live) if (!w.b.record) w.answer = w.booked;
  for (const [kind, group] of groupByKind(live)) {
    const answers = await kind.write(
      tx,
      group.map((w) => ({ who: w.b.who, input: w.input, ...w.booked })),
    );
    for (const [n, w] of group.entries()) w.answer = answers[n];
  }
}

async function bookSteps(
  tx: Tx,
  bookings: Booking<unknown>[],
  refusal: (err: unknown) => unknown,
  options: BookAllOptions,
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

  // 0 and 1 — and, speculating, 3 and 5 — sent together.
  const keyed = bookings.flatMap((b, i) => (b.idempotency ? [i] : []));
  const claims = keyed.map((i): KeyClaim => {
    const { who, idempotency } = bookings[i]!;
    if (!who.principal) throw new Error('An idempotent booking needs a principal');
    return { principal: who.principal, key: idempotency!.key, hash: requestHash(idempotency!.body) };
  });
  const repeats = new Set(earlierClaims(claims).flatMap((e, n) => (e === null ? [] : [keyed[n]!])));
  const early = speculative(bookings, options.speculate)
    ? work.filter((w, i): w is Work => w !== null && plain(w) && !repeats.has(i))
    : [];
  // With their transactions' ids drawn ahead, the records travel right behind the posting.
  const ids = options.transactionIds ?? [];
  const recordsEarly = early.length > 0 && ids.length >= early.length;
  if (recordsEarly) for (const [k, w] of early.entries()) w.booked.transactionId = ids[k]!;
  sendTogether(tx);
  // All settled before anything is thrown: no statement is left in flight behind a failure.
  const [checking, claiming, posting, writing] = await Promise.allSettled([
    options.checked ? Promise.resolve(options.checked) : checkAll(tx, bookings),
    claimKeys(tx, claims),
    postBatch(
      tx,
      early.map((w) => ({ ...header(w), legs: w.legs, id: w.booked.transactionId })),
    ),
    recordsEarly ? writeRecords(tx, early) : Promise.resolve(),
  ]);
  const checked = answerOf(checking);
  const found = answerOf(claiming);
  if (
    early.length > 0 &&
    (checked.some(Boolean) ||
      !found.every(isNew) ||
      (recordsEarly && posting.status === 'fulfilled' && posting.value.some((r) => r.failure !== null)))
  )
    throw new SpeculationMissed(checked);
  if (posting.status === 'rejected') throw refusal(posting.reason);
  answerOf(writing);
  const earlyPosted = posting.value;

  for (const [i, refused] of checked.entries()) if (refused) refuse(i, refused);
  const follows = new Map<number, number>();
  for (const [n, f] of found.entries()) {
    const i = keyed[n]!;
    if (!work[i]) {
      // Refused by its check: a key it claimed goes back.
      if (f.status === 'claimed') released.push(claims[n]!);
      continue;
    }
    if (f.status === 'claimed') work[i]!.claim = claims[n]!;
    else if (f.status === 'conflict') refuse(i, idempotencyConflict());
    else {
      if (f.status === 'answered') outcomes[i] = { ok: true, value: f.answer };
      else follows.set(i, keyed[f.as]!);
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

  // 3. Post (what the speculation has not).
  const rest = early.length > 0 ? [] : pending().filter(plain);
  const posted = await postBatch(
    tx,
    rest.map((w) => ({ ...header(w), legs: w.legs })),
  ).catch((err: unknown) => {
    throw refusal(err);
  });
  for (const [w, r] of [
    ...early.map((w, n) => [w, earlyPosted[n]!] as const),
    ...rest.map((w, n) => [w, posted[n]!] as const),
  ]) {
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

  // 4. The keys of refused bookings go back: the same call may be made again. Nothing
  // below needs its answer: it travels with the records.
  const releasing = releaseKeys(tx, released);
  releasing.catch(() => undefined);

  // 5. Records, kind by kind (those the speculation has not written).
  const live = pending();
  await writeRecords(tx, recordsEarly ? live.filter((w) => !early.includes(w)) : live);
  await releasing;

  // 6. Audit rows and answers, in one statement (with the COMMIT, given `commitWith`).
  const audits = live.flatMap((w) => {
    const entry = w.b.audit?.(w.answer, w.booked);
    return entry ? [{ who: w.b.who, entry }] : [];
  });
  const answered = live.flatMap((w) => (w.claim ? [{ claim: w.claim, answer: w.answer }] : []));
  if (audits.length > 0 || answered.length > 0) {
    sendTogether(tx);
    const last = queryPrepared(
      tx,
      'booking_audit_and_answers',
      sql`with audit as (${auditInsert(audits)}) ${answersUpdate(answered)}`,
    );
    await (options.commitWith ? options.commitWith(last) : last);
  }
  for (const w of live) outcomes[work.indexOf(w)] = { ok: true, value: w.answer };
  for (const [i, first] of follows) outcomes[i] = outcomes[first];
  return outcomes.map((o) => o ?? { ok: false, error: new Error('booking answered no outcome') });
}
