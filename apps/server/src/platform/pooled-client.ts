import type pg from 'pg';

/** Called with each statement's text as it is sent to PostgreSQL. */
export type StatementListener = (text: string) => void;

/** The code of the process warning for two queries at once on one client (see `watchClient`). */
export const CONCURRENT_QUERY_WARNING = 'CLEARWAY_CONCURRENT_QUERY';
const reportedOverlaps = new Set<string>();

/**
 * A query sent while the same client is still busy with another queues behind it in pg 8
 * (with a deprecation warning that names no caller) and fails in pg 9: inside a transaction
 * it is a `Promise.all` over `tx`. Warned once per pair of statements and stack.
 */
function reportOverlap(text: string, busyWith: string) {
  // Drizzle's and pg's frames fill the default ten; the caller's own frames are there only
  // when it awaited the query directly (a Promise.all over query builders starts them from
  // a microtask), so the message names both statements.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const frames = new Error().stack?.split('\n').slice(3) ?? [];
  Error.stackTraceLimit = limit;
  const ours = frames.filter((f) => !f.includes('node_modules') && !f.includes('node:internal'));
  const stack = (ours.length > 0 ? ours : frames).join('\n');
  const key = `${text}\n${busyWith}\n${stack}`;
  if (reportedOverlaps.has(key)) return;
  reportedOverlaps.add(key);
  process.emitWarning(
    `A query was sent on a client still executing another: ${text.slice(0, 160)} — while executing: ${busyWith.slice(0, 160)}`,
    { code: CONCURRENT_QUERY_WARNING, detail: stack },
  );
}

/** Clients sending statements back to back on purpose (see `markPipelining`), and how many times marked. */
const pipelining = new WeakMap<pg.PoolClient, number>();

/**
 * Marks a client as sending statements without waiting for the previous one's answer, on
 * purpose (the pool's clients are in pipeline mode, see `connectDatabase`), until the
 * returned function runs: its overlapping statements are not reported. Marks nest.
 */
export function markPipelining(client: pg.PoolClient): () => void {
  pipelining.set(client, (pipelining.get(client) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const n = (pipelining.get(client) ?? 1) - 1;
    if (n > 0) pipelining.set(client, n);
    else pipelining.delete(client);
  };
}

type QueryArgs = [unknown, ...unknown[]];
const textOf = (q: unknown): string =>
  typeof q === 'string'
    ? q
    : String((q as { text?: string; name?: string }).text ?? (q as { name?: string }).name);

/**
 * Every pooled client gets an error listener for its whole life: the pool listens only
 * while a client is idle, so a connection lost while a transaction holds the client would
 * otherwise be an unhandled 'error' event that ends the process. The statement in flight
 * fails on its own (→ 503, see errors.ts) and the pool discards the broken client when it
 * is released. Each statement is also announced to `listeners`, and one sent while the
 * client is busy is reported (`reportOverlap`) — unless the client pipelines on purpose
 * (`markPipelining`).
 */
export function watchClient(client: pg.PoolClient, listeners: ReadonlySet<StatementListener>) {
  client.on('error', () => undefined);
  let inFlight = 0;
  let busyWith = '';
  const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
  client.query = ((...args: QueryArgs) => {
    const text = textOf(args[0]);
    for (const listener of listeners) listener(text);
    // Cursors and streams (objects with `submit`) end on events of their own; not tracked.
    if (typeof (args[0] as { submit?: unknown })?.submit === 'function') return query(...args);
    if (inFlight > 0 && !pipelining.has(client)) reportOverlap(text, busyWith);
    inFlight++;
    busyWith = text;
    let settled = false;
    const settle = () => {
      if (!settled) {
        settled = true;
        inFlight--;
      }
    };
    const last = args.length - 1;
    const callback = args[last];
    if (last > 0 && typeof callback === 'function') {
      args[last] = (...result: unknown[]) => {
        settle();
        return callback(...result);
      };
      return query(...args);
    }
    const result = query(...args) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function') result.then(settle, settle);
    else settle();
    return result;
  }) as typeof client.query;
}
