import { Worker } from 'node:worker_threads';
import type { StatementContent } from './statement-document';

const ENTRY = new URL('./statement-render.worker.mjs', import.meta.url);
/** Renders at once: the job queue runs two jobs at a time by default (JOBS_CONCURRENCY). */
const THREADS = 2;
/** A thread idle this long ends (a month-end run keeps them busy; a quiet day frees them). */
const IDLE_MS = 60_000;

type Waiting = { resolve: (pdf: Buffer) => void; reject: (err: Error) => void };
type Thread = { worker: Worker; busy: boolean; idle?: NodeJS.Timeout };

/**
 * Renders statements' PDFs in worker threads kept for the life of the process: pdfmake works
 * for seconds on a long statement, which must not stall the server's requests, and its many
 * short-lived objects get a young generation sized for them — a large one keeps a 20,000-entry
 * statement from promoting its layout garbage into the old generation, the cost that grew
 * faster than the entries. A thread that dies is replaced on the next render; idle ones end
 * after a minute, and all of them when the server stops (`stop`).
 */
function createRenderer() {
  const threads: Thread[] = [];
  const queue: { id: number; content: StatementContent; waiting: Waiting }[] = [];
  const pending = new Map<number, Waiting>();
  let next = 1;

  function start(): Thread {
    const worker = new Worker(ENTRY, { resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    const thread: Thread = { worker, busy: false };
    worker.on('message', (m: { id: number; pdf?: Uint8Array; error?: string }) => {
      const waiting = pending.get(m.id);
      pending.delete(m.id);
      thread.busy = false;
      thread.idle = setTimeout(() => retire(thread), IDLE_MS).unref();
      if (m.pdf) waiting?.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
      else waiting?.reject(new Error(`statement PDF: ${m.error}`));
      pump();
    });
    const fail = (err: Error) => {
      threads.splice(threads.indexOf(thread), 1);
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(err);
      }
      pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (threads.includes(thread)) fail(new Error(`statement PDF thread stopped (code ${code})`));
    });
    threads.push(thread);
    return thread;
  }

  function retire(thread: Thread) {
    if (thread.busy) return;
    threads.splice(threads.indexOf(thread), 1);
    void thread.worker.terminate();
  }

  function pump() {
    while (queue.length) {
      const thread = threads.find((t) => !t.busy) ?? (threads.length < THREADS ? start() : null);
      if (!thread) return;
      const job = queue.shift()!;
      thread.busy = true;
      clearTimeout(thread.idle);
      pending.set(job.id, job.waiting);
      thread.worker.postMessage({ id: job.id, content: job.content });
    }
  }

  return {
    render: (content: StatementContent) =>
      new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: next++, content, waiting: { resolve, reject } });
        pump();
      }),
    /** Ends every thread (a render in flight fails). */
    async stop() {
      const all = threads.splice(0);
      for (const t of all) clearTimeout(t.idle);
      await Promise.all(all.map((t) => t.worker.terminate()));
    },
  };
}

const renderer = createRenderer();
export const renderStatementPdf = renderer.render;
export const stopStatementRenderer = renderer.stop;
