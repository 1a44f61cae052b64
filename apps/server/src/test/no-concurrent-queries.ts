import { afterAll, afterEach, expect } from 'vitest';
import { CONCURRENT_QUERY_WARNING } from '../platform/pooled-client';

/**
 * Every server test fails when a query was sent on a client still executing another (pg 8
 * queues it with a deprecation warning; pg 9 refuses it): our own warning names the call
 * site, pg's is caught too in case a client escaped the pool's watch.
 */
const seen: string[] = [];
process.on('warning', (w: Error & { code?: string; detail?: string }) => {
  if (w.code === CONCURRENT_QUERY_WARNING || w.message.includes('already executing a query'))
    seen.push(`${w.message}\n${w.detail ?? w.stack ?? ''}`);
});

/** The warnings seen so far, cleared: for a test that provokes one on purpose. */
export const takeConcurrentQueryWarnings = () => seen.splice(0);

const expectNone = () =>
  expect(takeConcurrentQueryWarnings(), 'queries sent concurrently on one client').toEqual([]);
afterEach(expectNone);
afterAll(expectNone);
