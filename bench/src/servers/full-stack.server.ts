import { endpoint } from '@clearway/contracts/endpoint';
import { z } from 'zod';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/platform/config';
import { connectDatabase, runMigrations } from '../../../apps/server/src/platform/db';
import { serve } from '../../../apps/server/src/platform/routes';

/**
 * The real app with one extra no-op route that needs a signed-in principal. The bench
 * principal comes from a bearer token compared in constant work, so the figure is the
 * plugin stack's cost, not a credential lookup's. Its authenticator goes first: behind the
 * real bearer authenticator every call paid for a failed JWT verification (a thrown
 * JOSEError), which cost more than the whole stack.
 */
const noop = endpoint({
  method: 'GET',
  path: '/bench/noop',
  access: 'authenticated',
  summary: 'Benchmark no-op',
  tag: 'bench',
  response: z.object({ ok: z.boolean() }),
});

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', PORT: process.env.BENCH_PORT });
const database = connectDatabase(process.env.BENCH_DATABASE_URL!, 10);
await runMigrations(database.db);
const { app, ports } = await buildApp({ config, database });
// The guard resolves the principal's permissions on its home entity, which must exist.
const home = (
  await database.pool.query<{ id: number }>("insert into entities (name) values ('Bench home') returning id")
).rows[0]!.id;
ports.authenticators.unshift(async (req) =>
  req.headers.authorization === 'Bearer bench-token'
    ? {
        kind: 'apiKey',
        id: 'bench',
        name: 'bench',
        homeEntityId: home,
        via: 'bearer',
        twoFactorPending: false,
      }
    : null,
);
await app.register(async (api) => serve(api, noop, async () => ({ ok: true })), { prefix: '/api' });
await app.listen({ host: '127.0.0.1', port: config.PORT });
process.send?.(`http://127.0.0.1:${config.PORT}/api/bench/noop`);
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
