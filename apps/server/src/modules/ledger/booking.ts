import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from '../../platform/audit';
import type { Outcome } from '../../platform/batcher';
import { type DbOrTx, pipelined, type Tx } from '../../platform/db';
import type { Principal } from '../../platform/principal';
import { type BookAllOptions, BookingRun } from './booking-run';
import type { Leg, PostItem } from './ledger-kernel.repo';

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
  /**
   * A booking that may move nothing (a position opened, with no delivery): left without legs
   * once its record kind has prepared it, it posts no ledger transaction — its key, record and
   * audit row are written as for any other. Otherwise a booking without legs is refused.
   */
  mayMoveNothing?: boolean;
};

/** Nothing around the ledger: no key, no record, no audit row — a bare transfer. */
export const isBare = (b: Booking<unknown>) =>
  !b.idempotency && !b.record && !b.audit && !b.hold && b.reverses === undefined;

/** A bare booking as the kernel posts it. */
export const bareItem = (b: Booking<unknown>): PostItem => ({
  kind: b.kind,
  reference: b.reference ?? null,
  memo: b.memo ?? null,
  principalKind: b.who.principal?.kind ?? 'system',
  principalId: b.who.principal?.id ?? null,
  entityId: b.who.entityId ?? b.who.principal?.homeEntityId ?? null,
  legs: b.legs ?? [],
});

/**
 * The one booking path: books `bookings` in the caller's database transaction, set-wise —
 * each step is one statement for all of them, whatever their number — and sends each
 * statement as soon as what it needs is known, so steps that do not depend on each other's
 * answers share a round trip (the client is pipelined, see `pipelined`):
 *   0. the record kinds' `check`s (unless `options.checked` brings them), with
 *   1. the claims of the Idempotency-Keys (a repeat answers the stored answer, another body
 *      409; the claim of a booking its check refuses goes back) — and, speculating
 *      (`BookAllOptions.speculate`), with the posting (3) and the records (5);
 *   2. let each record kind refuse or complete its bookings (`prepare`);
 *   3. post: plain legs through ledger_post_batch (a refusal — insufficient funds, not
 *      balanced — refuses that booking alone); holds and reversals through their functions;
 *   4. withdraw the keys of refused bookings, so the same call may be made again;
 *   5. write the business records, kind by kind;
 *   6. write the audit rows and store the answers under their keys (one statement, sent
 *      with the COMMIT when `options.commitWith` is given).
 * A group commit of plain bookings thus takes two round trips: BEGIN, checks, claims,
 * posting and records; audit rows, answers and COMMIT.
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
    return await new BookingRun(tx, bookings, refusal, options).run();
  } finally {
    unmark();
  }
}
