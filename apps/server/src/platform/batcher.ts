export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** Batches a batcher sent and the items they carried, since the process started. */
export type BatchTally = { batches: number; items: number };
const tallies = new Map<string, BatchTally>();

/**
 * Each named batcher's batches and items (for `/metrics`): items ÷ batches is how many
 * callers share a round trip and a commit on average — how much the group commit saves.
 */
export const batchTallies = (): ReadonlyMap<string, BatchTally> => tallies;

function tallyOf(name: string): BatchTally {
  let tally = tallies.get(name);
  if (!tally) {
    tally = { batches: 0, items: 0 };
    tallies.set(name, tally);
  }
  return tally;
}

/**
 * Group commit: calls made while earlier batches are in flight queue up and leave together
 * in the next batch, so concurrent callers share one database round trip and one commit.
 * A batch leaves at the end of the current turn of the event loop (setImmediate), so callers
 * woken together by the previous batch travel together instead of one alone and the rest
 * after it. `run` answers each item in order; an item's failure rejects only that caller,
 * a failed batch rejects all of them — unless `aloneOnFailure`: then a failed batch of
 * several runs again item by item, so an item that aborts the whole batch (e.g. a closed
 * account) fails alone and the others get their own answers. A named batcher counts its
 * batches and items in `batchTallies`.
 */
export function createBatcher<I, R>(
  run: (items: I[]) => Promise<Outcome<R>[]>,
  {
    name,
    maxBatch = 64,
    maxInFlight = 1,
    aloneOnFailure = false,
  }: { name?: string; maxBatch?: number; maxInFlight?: number; aloneOnFailure?: boolean } = {},
) {
  type Waiting = { item: I; resolve: (r: R) => void; reject: (e: unknown) => void };
  const queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;
  const tally = name === undefined ? null : tallyOf(name);

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      flush();
    });
  }

  async function runBatch(items: I[]): Promise<Outcome<R>[]> {
    try {
      return await run(items);
    } catch (err) {
      if (!aloneOnFailure || items.length === 1) throw err;
      return Promise.all(
        items.map((item) =>
          run([item]).then(
            ([outcome]): Outcome<R> => outcome ?? { ok: false, error: new Error('batch answered no item') },
            (error: unknown): Outcome<R> => ({ ok: false, error }),
          ),
        ),
      );
    }
  }

  function flush() {
    while (queue.length > 0 && inFlight < maxInFlight) {
      const batch = queue.splice(0, maxBatch);
      inFlight++;
      if (tally) {
        tally.batches++;
        tally.items += batch.length;
      }
      runBatch(batch.map((w) => w.item))
        .then(
          (outcomes) => {
            for (const [i, w] of batch.entries()) {
              const o = outcomes[i];
              if (o?.ok) w.resolve(o.value);
              else w.reject(o ? o.error : new Error('batch answered fewer items than it was given'));
            }
          },
          (err) => {
            for (const w of batch) w.reject(err);
          },
        )
        .finally(() => {
          inFlight--;
          schedule();
        });
    }
  }

  return (item: I): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
