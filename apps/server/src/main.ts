import { buildApp } from './app';
import { seedDemoAllocations } from './modules/demo/demo-allocations.seed';
import { DEMO_PASSWORD, DEMO_PERSONAS, seedDemoData } from './modules/demo/demo-data.seed';
import { seedDemoInstruments } from './modules/demo/demo-instruments.seed';
import { seedDemoMoney } from './modules/demo/demo-money.seed';
import { seedDemoTrades } from './modules/demo/demo-trades.seed';
import { seedDemoTransfers } from './modules/demo/demo-transfers.seed';
import { seedDemoWhitelisting } from './modules/demo/demo-whitelist.seed';
import { seedReferenceData } from './modules/reference-data/reference-data.seed';
import { loadConfig } from './platform/config';
import { connectDatabase, ensureDatabase, runMigrations } from './platform/db';
import { startEmbeddedPostgres } from './platform/embedded-postgres';

const DATABASE_NAME = 'clearway';

/** `npm start`: database (embedded unless DATABASE_URL), migrations, reference data, server. */
async function main() {
  const config = loadConfig();
  const started = Date.now();
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!url) {
    console.log(`Starting embedded PostgreSQL (data in ${config.DATA_DIR}) …`);
    const pg = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
    stopEmbedded = pg.stop;
    const u = new URL(pg.url);
    u.pathname = `/${DATABASE_NAME}`;
    url = u.toString();
    await ensureDatabase(url);
  }
  const database = connectDatabase(url, config.DB_POOL_SIZE);
  await runMigrations(database.db);
  await seedReferenceData(database.db);

  const { app, metrics, services } = await buildApp({ config, database });
  if (config.LOAD_DEMO_DATA) {
    await seedDemoData(database.db, services.users, services.authorization);
    await seedDemoInstruments(database.db, services.instruments);
    await seedDemoMoney(database.db, services.ledger);
    await seedDemoTrades(database.db, services.trading, services.instruments);
    await seedDemoAllocations(database.db, services);
    await seedDemoWhitelisting(database.db, services.ssi);
    await seedDemoTransfers(database.db, services);
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  const metricsAt = await metrics
    .listen({ host: config.METRICS_HOST, port: config.METRICS_PORT })
    .catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE') throw err;
      // A second instance on this host: it needs a metrics port of its own.
      throw new Error(
        `METRICS_PORT ${config.METRICS_PORT} is in use on ${config.METRICS_HOST}: set another (0 picks a free one)`,
      );
    });
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  const address = config.PUBLIC_URL ?? `http://${shownHost}:${config.PORT}`;
  console.log(
    `\n${config.PRODUCT_NAME} is running at ${address}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`API docs: ${address}/api/docs`);
  console.log(`Metrics: ${metricsAt}/metrics${config.METRICS_TOKEN ? ' (bearer token required)' : ''}`);
  if (config.LOAD_DEMO_DATA) {
    console.log(`Demo logins (password ${DEMO_PASSWORD}; set up 2FA at first sign-in):`);
    for (const p of DEMO_PERSONAS) console.log(`  ${p.username.padEnd(12)} ${p.persona} (${p.home})`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping …`);
    // First, so that the database going away from here on (Ctrl-C reaches the embedded
    // PostgreSQL too) is not taken for a fault to reconnect from.
    await services.notifications.stop();
    await app.close();
    await database.close();
    if (stopEmbedded) await stopEmbedded();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
