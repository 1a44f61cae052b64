import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../../apps/server/src/platform/embedded-postgres';
import { freePort } from '../../apps/server/src/test/free-port';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 32;

/** Runs a server script in its own process (the load generator keeps the other core). */
async function startServer(
  script: string,
  env: Record<string, string>,
): Promise<{ url: string; stop: () => void }> {
  const child = fork(path.join(HERE, script), [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve(String(m)));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function measure(url: string, headers: Record<string, string>): Promise<{ rps: number; p99: number }> {
  // Warm up (JIT, connection pool, caches) before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/**
 * Requests/s of a no-op authenticated route through the full plugin stack (guard,
 * maintenance check, validation, serializer, security headers, metrics, logging) divided
 * by a bare node:http server's on the same machine in the same run. Target ≥ 0.6.
 */
export async function benchHttpOverhead() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-bench-'));
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), durable: false });
  try {
    const bare = await startServer('servers/bare-http.server.ts', { BENCH_PORT: String(await freePort()) });
    const bareResult = await measure(bare.url, {});
    bare.stop();
    const full = await startServer('servers/full-stack.server.ts', {
      BENCH_PORT: String(await freePort()),
      BENCH_DATABASE_URL: pg.url,
    });
    const fullResult = await measure(full.url, { authorization: 'Bearer bench-token' });
    full.stop();
    const ratio = fullResult.rps / bareResult.rps;
    console.log(`http: bare node:http ${bareResult.rps.toFixed(0)} req/s (p99 ${bareResult.p99} ms)`);
    console.log(`http: full stack     ${fullResult.rps.toFixed(0)} req/s (p99 ${fullResult.p99} ms)`);
    console.log(
      `http: full ÷ bare = ${ratio.toFixed(2)}  (target ≥ 0.60) ${ratio >= 0.6 ? 'PASS' : 'BELOW TARGET'}`,
    );
    return ratio;
  } finally {
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
