import { describe, expect, it } from 'vitest';
import { batchTallies, createBatcher, type Outcome } from './batcher';

/** A batch runner that records what it was given and answers after a real delay. */
function recorder() {
  const batches: number[][] = [];
  const run = async (items: number[]): Promise<Outcome<number>[]> => {
    batches.push(items);
    await new Promise((r) => setTimeout(r, 5));
    return items.map((i) =>
      i < 0 ? { ok: false, error: new Error(`refused ${i}`) } : { ok: true, value: i * 10 },
    );
  };
  return { batches, run };
}

describe('group commit batcher', () => {
  it('sends callers of the same moment together and answers each with its own result', async () => {
    const r = recorder();
    const call = createBatcher(r.run);
    expect(await Promise.all([1, 2, 3].map(call))).toEqual([10, 20, 30]);
    expect(r.batches).toEqual([[1, 2, 3]]);
  });

  it('queues callers that arrive while a batch is in flight into the next one', async () => {
    const r = recorder();
    const call = createBatcher(r.run);
    const first = call(1);
    await new Promise((res) => setTimeout(res, 1));
    const later = [call(2), call(3)];
    await Promise.all([first, ...later]);
    expect(r.batches).toEqual([[1], [2, 3]]);
  });

  it('rejects only the refused item; a failing batch rejects all of its callers', async () => {
    const r = recorder();
    const call = createBatcher(r.run);
    const results = await Promise.allSettled([call(1), call(-1), call(2)]);
    expect(results.map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const broken = createBatcher<number, number>(async () => {
      throw new Error('connection lost');
    });
    const all = await Promise.allSettled([broken(1), broken(2)]);
    expect(all.every((x) => x.status === 'rejected' && x.reason.message === 'connection lost')).toBe(true);
  });

  it('counts a named batcher’s batches and the items they carried', async () => {
    const r = recorder();
    const call = createBatcher(r.run, { name: 'tally-test', maxBatch: 2 });
    await Promise.all([1, 2, 3].map(call));
    await call(4);
    expect(batchTallies().get('tally-test')).toEqual({ batches: 3, items: 4 });
  });

  it('never puts more than maxBatch items in one batch', async () => {
    const r = recorder();
    const call = createBatcher(r.run, { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map(call));
    expect(r.batches.map((b) => b.length)).toEqual([2, 2, 1]);
  });

  it('with aloneOnFailure, runs a failed batch again item by item, so only the item that aborts it fails', async () => {
    const batches: number[][] = [];
    // Like a database batch: an item of 13 aborts the whole statement.
    const call = createBatcher<number, number>(
      async (items) => {
        batches.push(items);
        if (items.includes(13)) throw new Error('aborted by 13');
        return items.map((i) => ({ ok: true, value: i * 10 }));
      },
      { aloneOnFailure: true },
    );
    const results = await Promise.allSettled([1, 13, 2].map(call));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason.message))).toEqual([
      10,
      'aborted by 13',
      20,
    ]);
    expect(batches).toEqual([[1, 13, 2], [1], [13], [2]]);
  });
});
