import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';

/** A pool whose lost connections never crash the process (pg raises them on the next query). */
export function jobsPool(options: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(options);
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Installs or upgrades graphile-worker's own schema (`graphile_worker`, outside Drizzle's
 * migrations and the drift check); safe at every start and from several instances at once.
 * Runs on a connection of its own, made like those of `pool`.
 */
export async function installJobSchema(pool: pg.Pool): Promise<void> {
  const own = jobsPool({ ...pool.options, max: 1 });
  try {
    await runMigrations({ pgPool: own, logger: new Logger(() => () => undefined) });
  } finally {
    await own.end();
  }
}
