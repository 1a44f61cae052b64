import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/platform/config';
import { connectDatabase } from '../../../apps/server/src/platform/db';

// The real app on the bench database, as `npm start` builds it (quiet logs).
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  PORT: process.env.BENCH_PORT,
  DB_POOL_SIZE: '16',
});
const database = connectDatabase(process.env.BENCH_DATABASE_URL!, 16);
const { app, metrics } = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: config.PORT });
// The bench reads the batchers' counters from /metrics, which has a listener of its own.
const metricsUrl = await metrics.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ url: `http://127.0.0.1:${config.PORT}`, metricsUrl });
process.on('SIGTERM', () => process.exit(0));
