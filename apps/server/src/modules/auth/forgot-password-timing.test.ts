import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { FORGOT_PASSWORD_ANSWER } from './password.service';

const ROUNDS = 50;
const WARM_UP = 10;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Whether an account exists must not show in how long `forgot-password` takes: the call does
 * the same work for any name (count it, queue the job) and the job does the rest. Measured
 * over real HTTP; the two kinds of call alternate, in a random order per round, so load on
 * the machine falls on both alike, and medians ignore the odd stall.
 */
describe('forgot-password answers in the same time whether or not the account exists', () => {
  // Limits out of the way: this measures the accepted path, 60 calls per name from one address.
  const t = useTestApp({ FORGOT_PASSWORD_LIMIT: '100000', FORGOT_PASSWORD_IP_LIMIT: '100000' });
  let url = '';

  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/auth/forgot-password`;
  });

  async function timedCall(username: string): Promise<number> {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username }),
    });
    const body = await res.json();
    const took = performance.now() - started;
    expect(res.status).toBe(200);
    expect(body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    return took;
  }

  it(`within 5 ms at the median over ${ROUNDS} calls each`, async () => {
    const known = await createUser(t);
    const unknown = `nobody-like-${known.username}`;
    const took = { known: [] as number[], unknown: [] as number[] };
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      const order = Math.random() < 0.5 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) {
        const ms = await timedCall(kind === 'known' ? known.username : unknown);
        if (round >= WARM_UP) took[kind].push(ms);
      }
    }
    const gap = Math.abs(median(took.known) - median(took.unknown));
    expect(gap, `medians: known ${median(took.known)} ms, unknown ${median(took.unknown)} ms`).toBeLessThan(
      5,
    );
  });
});
