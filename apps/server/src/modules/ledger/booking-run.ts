import { sql } from 'drizzle-orm';
import { auditInsert, auditValues } from '../../platform/audit';
import type { Outcome } from '../../platform/batcher';
import { type CommitWith, type DbOrTx, sendTogether, statement, type Tx } from '../../platform/db';
import {
  answersUpdate,
  answersValues,
  type ClaimOutcome,
  claimKeys,
  earlierClaims,
  idempotencyConflict,
  type KeyClaim,
  releaseKeys,
  requestHash,
} from '../../platform/idempotency';
import { sqlStateError } from '../../platform/pg-errors';
import type { Booked, Booking, RecordKind } from './booking';
import { refuseFrozen } from './frozen';
import {
  holdPlace,
  holdPost,
  holdVoid,
  type Leg,
  type PostResult,
  postBatch,
  reverse,
  type TxnHeader,
} from './ledger-kernel.repo';

// The steps of the booking path (`bookAll`, booking.ts), one method each: small functions
// that the JIT compiles quickly and that keep one shape for every object they handle.

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
   * never speculate: they must see the claims first. A record kind's `write` may thus run
   * in a transaction that is then rolled back: it writes nothing outside it.
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

/** A speculative posting went ahead of a refusal or of a key seen before: roll back, book again. */
export class SpeculationMissed extends Error {
  constructor(readonly checked: (Error | null)[]) {
    super('A booking was refused or repeated a key: the speculative posting is rolled back');
  }
}

/** Whether these bookings may post speculatively: no record kind of theirs must see the claims first. */
const maySpeculate = (bookings: Booking<unknown>[]) =>
  !bookings.some((b) => b.record?.kind.prepare || b.mayMoveNothing);

/** Whether a booking posts plain legs (the set-wise path) rather than a hold or a reversal. */
const postsLegs = (b: Booking<unknown>) => !b.hold && b.reverses === undefined;

/** How many of these bookings a speculative booking posts (and draws a transaction id for). */
export const speculativeCount = (bookings: Booking<unknown>[]) =>
  maySpeculate(bookings) ? bookings.filter(postsLegs).length : 0;

/** A booking on its way through the steps (what `prepare` completed included). */
type Work = {
  index: number;
  b: Booking<unknown>;
  input: unknown;
  legs: Leg[];
  reverses: number | undefined;
  reference: string | null;
  memo: string | null;
  claim: KeyClaim | null;
  booked: Booked;
  answer: unknown;
};

const header = (w: Work): TxnHeader => ({
  kind: w.b.kind,
  reference: w.reference,
  memo: w.memo,
  principalKind: w.b.who.principal?.kind ?? 'system',
  principalId: w.b.who.principal?.id ?? null,
  entityId: w.b.who.entityId ?? w.b.who.principal?.homeEntityId ?? null,
});

const plain = (w: Work) => !w.b.hold && w.reverses === undefined;

/** Whether a plain booking posts a transaction: one that may move nothing and has no legs does not. */
const moves = (w: Work) => w.legs.length > 0 || !w.b.mayMoveNothing;

/** A claim's outcome that lets a speculative posting stand: the key is new (or repeats one of the batch). */
const isNew = (f: ClaimOutcome) => f.status === 'claimed' || f.status === 'same';

/** A settled statement's answer, or its failure thrown. */
function answerOf<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

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
 * The record kinds' `check`s of these bookings, kind by kind (one read each), and the freeze
 * (`frozen.ts`): the refusal of each booking, or null.
 */
async function checkAll(db: DbOrTx, bookings: Booking<unknown>[]): Promise<(Error | null)[]> {
  // The freeze is read in this transaction, beside the kinds' checks: a freeze committed before it counts.
  const [refused, frozen] = await Promise.all([checkKinds(db, bookings), refuseFrozen(db, bookings)]);
  return refused.map((r, i) => r ?? frozen[i] ?? null);
}

async function checkKinds(db: DbOrTx, bookings: Booking<unknown>[]): Promise<(Error | null)[]> {
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

/** The audit rows and the answers of a booking, in one statement (step 6). */
const AUDIT_AND_ANSWERS = statement<never, Record<string, unknown[]>>(
  'booking_audit_and_answers',
  sql`with audit as (${auditInsert}) ${answersUpdate}`,
);

/** One call of the booking path: its bookings on their way through the steps of `bookAll`. */
export class BookingRun {
  private readonly outcomes: (Outcome<unknown> | null)[];
  private readonly work: (Work | null)[];
  private readonly keyed: number[];
  private readonly claims: KeyClaim[];
  /** Claims of refused bookings, to withdraw. */
  private readonly released: KeyClaim[] = [];
  /** Bookings repeating an earlier one's key: they answer what it answers. */
  private readonly follows = new Map<number, number>();
  /** The bookings posted (and, with `recordsEarly`, recorded) speculatively. */
  private early: Work[] = [];
  private recordsEarly = false;

  constructor(
    private readonly tx: Tx,
    private readonly bookings: Booking<unknown>[],
    private readonly refusal: (err: unknown) => unknown,
    private readonly options: BookAllOptions,
  ) {
    this.outcomes = bookings.map(() => null);
    this.work = bookings.map((b, index) => ({
      index,
      b,
      input: b.record?.input,
      legs: b.legs ?? [],
      reverses: b.reverses,
      reference: b.reference ?? null,
      memo: b.memo ?? null,
      claim: null,
      booked: { transactionId: null, holdId: null },
      answer: undefined,
    }));
    this.keyed = bookings.flatMap((b, i) => (b.idempotency ? [i] : []));
    this.claims = this.keyed.map((i): KeyClaim => {
      const { who, idempotency } = bookings[i]!;
      if (!who.principal) throw new Error('An idempotent booking needs a principal');
      return { principal: who.principal, key: idempotency!.key, hash: requestHash(idempotency!.body) };
    });
  }

  async run(): Promise<Outcome<unknown>[]> {
    const earlyPosted = await this.checkAndClaim();
    await this.prepare();
    await this.post(earlyPosted);
    await this.postHoldsAndReversals();
    const live = this.pending();
    await this.record(live);
    await this.auditAndAnswer(live);
    for (const w of live) this.outcomes[w.index] = { ok: true, value: w.answer };
    for (const [i, first] of this.follows) this.outcomes[i] = this.outcomes[first]!;
    return this.outcomes.map((o) => o ?? { ok: false, error: new Error('booking answered no outcome') });
  }

  private refuse(i: number, error: unknown) {
    this.outcomes[i] = { ok: false, error };
    const w = this.work[i];
    if (w?.claim) this.released.push(w.claim);
    this.work[i] = null;
  }

  private pending(): Work[] {
    return this.work.filter((w): w is Work => w !== null);
  }

  /**
   * Steps 0 and 1 — and, speculating, 3 and 5 — sent together: the checks, the claims, the
   * posting and the records. Answers what the speculative posting booked (empty: none).
   */
  private async checkAndClaim(): Promise<PostResult[]> {
    const { tx, bookings, options, keyed, claims } = this;
    const repeats = new Set(earlierClaims(claims).flatMap((e, n) => (e === null ? [] : [keyed[n]!])));
    const early =
      options.speculate && maySpeculate(bookings)
        ? this.work.filter((w): w is Work => w !== null && plain(w) && !repeats.has(w.index))
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
    const refusedForFunds =
      recordsEarly && posting.status === 'fulfilled' && posting.value.some((r) => r.failure !== null);
    if (early.length > 0 && (checked.some(Boolean) || !found.every(isNew) || refusedForFunds))
      throw new SpeculationMissed(checked);
    if (posting.status === 'rejected') throw this.refusal(posting.reason);
    answerOf(writing);
    this.early = early;
    this.recordsEarly = recordsEarly;
    this.applyChecks(checked);
    this.applyClaims(found);
    return posting.value;
  }

  private applyChecks(checked: (Error | null)[]) {
    for (const [i, refused] of checked.entries()) if (refused) this.refuse(i, refused);
  }

  private applyClaims(found: ClaimOutcome[]) {
    const { work, keyed, claims } = this;
    for (const [n, f] of found.entries()) {
      const i = keyed[n]!;
      const w = work[i];
      if (!w) {
        // Refused by its check: a key it claimed goes back.
        if (f.status === 'claimed') this.released.push(claims[n]!);
        continue;
      }
      if (f.status === 'claimed') w.claim = claims[n]!;
      else if (f.status === 'conflict') this.refuse(i, idempotencyConflict());
      else {
        if (f.status === 'answered') this.outcomes[i] = { ok: true, value: f.answer };
        else this.follows.set(i, keyed[f.as]!);
        work[i] = null;
      }
    }
  }

  /** Step 2: record kinds refuse or complete their bookings. */
  private async prepare() {
    for (const [kind, group] of groupByKind(this.pending())) {
      if (!kind.prepare) continue;
      const prepared = await kind.prepare(
        this.tx,
        group.map((w) => ({ who: w.b.who, input: w.input })),
      );
      for (const [n, w] of group.entries()) {
        const p = prepared[n];
        if (p instanceof Error) this.refuse(w.index, p);
        else if (p) Object.assign(w, p);
      }
    }
  }

  /** Step 3, plain legs: what the speculation posted, or one statement for all of them. */
  private async post(earlyPosted: PostResult[]) {
    const speculated = this.early.length > 0;
    const posting = speculated ? this.early : this.pending().filter((w) => plain(w) && moves(w));
    const posted = speculated
      ? earlyPosted
      : await postBatch(
          this.tx,
          posting.map((w) => ({ ...header(w), legs: w.legs })),
        ).catch((err: unknown) => {
          throw this.refusal(err);
        });
    for (const [n, w] of posting.entries()) {
      const r = posted[n]!;
      if (r.failure !== null) this.refuse(w.index, this.refusal(sqlStateError(r.failure, 'booking')));
      else w.booked.transactionId = r.txn;
    }
  }

  /** Step 3, holds and reversals: one kernel call each. */
  private async postHoldsAndReversals() {
    const { tx } = this;
    for (const w of this.pending().filter((x) => !plain(x))) {
      const hold = w.b.hold;
      try {
        if (hold && 'place' in hold) w.booked.holdId = await holdPlace(tx, hold.place, w.reference);
        else if (hold) {
          w.booked.holdId = hold.release;
          if (w.legs.length > 0) w.booked.transactionId = await holdPost(tx, hold.release, header(w), w.legs);
          else await holdVoid(tx, hold.release);
        } else w.booked.transactionId = await reverse(tx, w.reverses!, header(w));
      } catch (err) {
        throw this.refusal(err);
      }
    }
  }

  /**
   * Steps 4 and 5: the keys of refused bookings go back (the same call may be made again;
   * nothing needs its answer, so it travels with the records), and the records are written
   * (those the speculation has not).
   */
  private async record(live: Work[]) {
    const releasing = releaseKeys(this.tx, this.released);
    releasing.catch(() => undefined);
    const early = new Set(this.recordsEarly ? this.early : []);
    await writeRecords(
      this.tx,
      live.filter((w) => !early.has(w)),
    );
    await releasing;
  }

  /** Step 6: audit rows and answers, in one statement (with the COMMIT, given `commitWith`). */
  private async auditAndAnswer(live: Work[]) {
    const audits = live.flatMap((w) => {
      const entry = w.b.audit?.(w.answer, w.booked);
      return entry ? [{ who: w.b.who, entry }] : [];
    });
    const answered = live.flatMap((w) => (w.claim ? [{ claim: w.claim, answer: w.answer }] : []));
    if (audits.length === 0 && answered.length === 0) return;
    sendTogether(this.tx);
    const last = AUDIT_AND_ANSWERS(this.tx, { ...auditValues(audits), ...answersValues(answered) });
    await (this.options.commitWith ? this.options.commitWith(last) : last);
  }
}
