import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { seedReferenceData } from '../../apps/server/src/modules/reference-data/reference-data.seed';
import { loadConfig } from '../../apps/server/src/platform/config';
import { connectDatabase, runMigrations } from '../../apps/server/src/platform/db';
import { startEmbeddedPostgres } from '../../apps/server/src/platform/embedded-postgres';
import { freePort } from '../../apps/server/src/test/free-port';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ACCOUNTS = 10_000;
const POSITIONS = [10_000, 100_000] as const;
/**
 * The bookings are today's, for spot; before the ends of day measured they are moved to this
 * value date, far beyond them, so those ends of day deliver none of them.
 */
const FAR_VALUE_DATE = '2099-06-03';
const EOD_DATES = ['2090-01-03', '2090-01-04'] as const;

type Result = { tps: number; p50: number; p99: number };

/** The latency at quantile `q` of sorted `latencies`. */
const at = (latencies: number[], q: number) => latencies[Math.floor(latencies.length * q)] ?? 0;

/** Runs `op` from CLIENTS concurrent loops (`op` is told which) for SECONDS; throughput and latencies. */
async function drive(op: (client: number) => Promise<void>): Promise<Result> {
  const until = Date.now() + SECONDS * 1000;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (Date.now() < until) {
        const t0 = performance.now();
        await op(client);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { tps: latencies.length / SECONDS, p50: at(latencies, 0.5), p99: at(latencies, 0.99) };
}

/** POSTs JSON to the bench server; the answer's body, or an error naming the status. */
async function post(url: string, headers: Record<string, string>, body: object) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * `npm run bench:trades`: deliverable FX bookings per second through the trading service and
 * through the HTTP API at 8 clients, each as a ratio to raw PostgreSQL (single-UPDATE
 * transactions) measured in the same run on the same database; a client's quote → booking
 * latency (p50, p99) through the API at 8 clients — each a user of the booked entity asking
 * `trades/quote` and booking at its quoteId, timed from the quote's request to the booking's
 * answer; then the end of day's time for 10,000 and 100,000 open margin positions (rolled,
 * snapshotted), which must grow no worse than linearly.
 */
export async function benchTrades() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-bench-trades-'));
  const pgServer = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  const database = connectDatabase(pgServer.url, CLIENTS + 4);
  const { db } = database;
  try {
    await runMigrations(db);
    await seedReferenceData(db);
    // Shared with the API server below: the bearer tokens issued here verify there.
    const secrets = {
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      AUTH_TOKEN_SECRET: randomBytes(32).toString('base64'),
    };
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', JOBS_WORKER: 'false', ...secrets });
    const { app, services } = await buildApp({ config, database, logger: false });
    const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
      (await db.execute<T>(q)).rows[0]!;
    const root = (
      await one<{ id: number }>(sql`insert into entities (name) values ('Bench platform') returning id`)
    ).id;
    const broker = (
      await one<{ id: number }>(
        // A broker (WhiteLabel): its desk is the house's staff for the client below (desk.ts).
        sql`insert into entities (name, parent_id, attributes) values ('Bench broker', ${root}, '{WhiteLabel}') returning id`,
      )
    ).id;
    const client = (
      await one<{ id: number }>(sql`
        insert into entities (name, parent_id, trading_enabled, currency_code)
        values ('Bench client', ${broker}, true, 'USD') returning id`)
    ).id;
    // The broker's desk: an API key with manual_trade_booking on the broker and below — the
    // house's staff for its client (desk.ts), who may type a rate. The service is called as it.
    const { id: keyId, key } = await services.auth.tokens.createApiKey({
      name: 'bench',
      homeEntityId: broker,
    });
    await db.execute(sql`insert into direct_permissions (principal_kind, principal_id, entity_id, permission, scope_type)
      values ('apiKey', ${keyId}, ${broker}, 'manual_trade_booking', 'SELF_AND_DESCENDANTS')`);
    const staff = {
      principal: {
        kind: 'apiKey' as const,
        id: keyId,
        name: 'bench',
        homeEntityId: broker,
        via: 'apiKey' as const,
        twoFactorPending: false,
      },
      entityId: broker,
    };
    // The client's own traders, who book at the house's quotes: users of the client holding
    // manual_trade_booking there, each with a bearer token.
    const traders: string[] = [];
    for (let n = 0; n < CLIENTS; n++) {
      const user = await services.users.createUser({
        username: `bench-trader-${n}`,
        email: `bench-trader-${n}@example.test`,
        displayName: `Bench trader ${n}`,
        homeEntityId: client,
        password: `Bench-7-${randomBytes(12).toString('base64url')}!`,
        twoFactorRequired: false,
      });
      await services.authorization.grantDirect(
        db,
        { kind: 'user', id: user.id },
        client,
        ['manual_trade_booking'],
        'SELF',
      );
      traders.push((await services.auth.tokens.issueBearer(user)).accessToken);
    }
    const pair = await services.instruments.catalog.create({ ...staff, entityId: root }, {
      kind: 'FX',
      base: 'EUR',
      quote: 'USD',
    } as never);
    await services.instruments.rates.load({
      base: 'EUR',
      quote: 'USD',
      rate: '1.0850',
      bid: '1.0849',
      ask: '1.0851',
    });
    await services.instruments.swapPoints.load('EUR', 'USD', [{ tenor: 'TN', bid: '-0.35', ask: '-0.30' }]);
    await db.execute(
      sql`insert into accounts (entity_id, account_type, name) select ${client}, 'MarginTrading', 'acct ' || g from generate_series(1, ${ACCOUNTS}) g`,
    );
    const ids = (
      await db.execute<{ id: number }>(sql`select id from accounts where kind = 'CLIENT' order by id`)
    ).rows.map((r) => r.id);
    // Each account funded by a balanced deposit of its own (a history of production shape).
    const omnibus = await services.ledger.platformAccount(db, 'OMNIBUS', 'USD');
    await db.execute(sql`insert into ledger_transactions (kind, reference, principal_kind)
      select 'DEPOSIT', 'bench:' || id, 'system' from accounts where kind = 'CLIENT' order by id`);
    await db.execute(sql`insert into balances (account_id, asset, allow_negative)
      select id, 'USD', kind = 'PLATFORM' from accounts on conflict do nothing`);
    await db.execute(sql`insert into postings (transaction_id, account_id, asset, amount)
      select t.id, x.account_id, 'USD', x.amount from ledger_transactions t
        cross join lateral (values (substr(t.reference, 7)::int, 100000000::numeric), (${omnibus}, -100000000::numeric)) x(account_id, amount)
       where t.reference like 'bench:%'`);
    await db.execute(sql`update balances b set posted = s.total
      from (select account_id, sum(amount) as total from postings group by account_id) s where b.account_id = s.account_id`);
    await db.execute(sql`create table bench_raw (id int primary key, v bigint not null default 0)`);
    await db.execute(sql`insert into bench_raw select g from generate_series(1, ${ACCOUNTS}) g`);
    const settle = () => db.execute(sql`vacuum analyze`);
    await settle();

    const trade = () => ({
      key: `bench-${randomBytes(9).toString('base64url')}`,
      body: {
        entityId: broker,
        accountId: ids[Math.floor(Math.random() * ids.length)]!,
        instrumentId: pair.id,
        side: 'BUY' as const,
        amount: '1.00',
        rate: '1.0850',
      },
    });
    const account = () => ids[Math.floor(Math.random() * ids.length)]!;

    const raw = await drive(async () => {
      await database.pool.query('update bench_raw set v = v + 1 where id = $1', [
        1 + Math.floor(Math.random() * ACCOUNTS),
      ]);
    });
    await settle();
    const service = await drive(async () => {
      const t = trade();
      await services.trading.deliverable.bookAtRate(staff, t.key, t.body);
    });

    // The API: the desk's API key, against the real server.
    const child = fork(path.join(HERE, 'servers/ledger-api.server.ts'), [], {
      env: {
        ...process.env,
        BENCH_PORT: String(await freePort()),
        BENCH_DATABASE_URL: pgServer.url,
        JOBS_WORKER: 'false',
        ...secrets,
      },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const { url: base } = await new Promise<{ url: string }>((resolve) =>
      child.once('message', (m) => resolve(m as { url: string })),
    );
    let api: Result;
    let quoted: Result;
    try {
      await settle();
      const r = await autocannon({
        url: `${base}/api/trades/bookManualDeliverableFxTrade`,
        connections: CLIENTS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const t = trade();
              return {
                ...req,
                headers: { 'x-api-key': key, 'content-type': 'application/json', 'idempotency-key': t.key },
                body: JSON.stringify(t.body),
              };
            },
          },
        ],
      });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`API: ${r.non2xx} non-2xx, ${r.errors} errors`);
      api = { tps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };

      // A client's path: ask for the house's price, then book at exactly it (its quoteId).
      await settle();
      quoted = await drive(async (n) => {
        const asked = { accountId: account(), instrumentId: pair.id, side: 'BUY' as const, amount: '1.00' };
        const auth = { authorization: `Bearer ${traders[n]!}` };
        const quote = await post(`${base}/api/trades/quote`, auth, { kind: 'DELIVERABLE_FX', ...asked });
        const booked = await post(
          `${base}/api/trades/bookManualDeliverableFxTrade`,
          { ...auth, 'idempotency-key': `bench-q-${randomBytes(9).toString('base64url')}` },
          { ...asked, quoteId: quote.quoteId },
        );
        if (Number((booked.trade as { rate?: string } | undefined)?.rate) !== Number(quote.price))
          throw new Error(
            `booked at ${JSON.stringify(booked.trade)}, not the quote's ${String(quote.price)}`,
          );
      });
    } finally {
      child.kill('SIGTERM');
    }

    // Today's bookings for spot, moved beyond the ends of day measured (see FAR_VALUE_DATE).
    await db.execute(sql`update trade_legs set value_date = ${FAR_VALUE_DATE} where status = 'PENDING'`);
    await db.execute(sql`update trades set value_date = ${FAR_VALUE_DATE} where type = 'DELIVERABLE_FX'`);

    // The end of day over open margin positions: lots of production shape, written set-wise,
    // spread over the accounts (10 lots an account at 100,000).
    const eod: { positions: number; ms: number; rolled: number }[] = [];
    let written = 0;
    for (const [n, positions] of POSITIONS.entries()) {
      await db.execute(sql`
        insert into trades (ticket, type, status, side, entity_id, account_id, instrument_id, symbol, base_currency,
                            quote_currency, amount, rate, counter_amount, trade_date, value_date, open_amount, booked_by)
        select 'T-eod-' || g, 'MARGIN_FX', 'OPEN', case when g % 2 = 0 then 'BUY' else 'SELL' end::trade_side, ${client},
               (${sql.param(ids)}::int[])[1 + g % ${ACCOUNTS}], ${pair.id}, 'EUR/USD', 'EUR', 'USD', 1000, 1.08, 1080,
               '2090-01-02', '2090-01-04', case when g % 2 = 0 then 1000 else -1000 end, 'bench'
          from generate_series(${written + 1}::int, ${positions}::int) g`);
      written = positions;
      await settle();
      const t0 = performance.now();
      const run = await services.eod.run(EOD_DATES[n]!);
      const ms = performance.now() - t0;
      if (run.status !== 'COMPLETED')
        throw new Error(`end of day ${EOD_DATES[n]}: ${JSON.stringify(run.failures)}`);
      eod.push({ positions, ms, rolled: run.steps.rolled });
    }
    await app.close();

    const row = (name: string, r: Result) =>
      console.log(
        `trades: ${name.padEnd(22)} ${r.tps.toFixed(0).padStart(6)} bookings/s  ${(r.tps / raw.tps).toFixed(2)}× raw  p99 ${r.p99.toFixed(1)} ms`,
      );
    console.log(
      `trades: raw PostgreSQL (1 UPDATE/txn) ${raw.tps.toFixed(0)} txn/s, p99 ${raw.p99.toFixed(1)} ms, ${CLIENTS} clients, ${SECONDS} s each`,
    );
    row('service (deliverable)', service);
    row('API (deliverable)', api);
    console.log(
      `trades: quote → booking (API, client, ${CLIENTS} clients) ${quoted.tps.toFixed(0).padStart(4)} quoted bookings/s  p50 ${quoted.p50.toFixed(1)} ms  p99 ${quoted.p99.toFixed(1)} ms (quote request to booking answer)`,
    );
    for (const e of eod)
      console.log(
        `trades: end of day, ${String(e.positions).padStart(7)} open positions: ${(e.ms / 1000).toFixed(1)} s (${((e.ms * 1000) / e.positions).toFixed(0)} µs a position, ${e.rolled} rolled)`,
      );
    const [small, large] = eod as [(typeof eod)[0], (typeof eod)[0]];
    const growth = large.ms / small.ms / (large.positions / small.positions);
    console.log(
      `trades: end-of-day growth ${(large.ms / small.ms).toFixed(1)}× for ${large.positions / small.positions}× the positions: ${growth.toFixed(2)} of linear (target ≤ 1.2: no worse than linear)`,
    );
    const violations = await db.execute(
      sql`select asset from postings group by asset having sum(amount) <> 0`,
    );
    console.log(
      `trades: Σ postings per asset = 0 after the run: ${violations.rows.length === 0 ? 'yes' : 'NO'}`,
    );
  } finally {
    await database.close();
    await pgServer.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
