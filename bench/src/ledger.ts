import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createTokensService } from '../../apps/server/src/modules/auth/tokens.service';
import { createResolver } from '../../apps/server/src/modules/authorization/resolver.service';
import { createEntitiesService } from '../../apps/server/src/modules/entities/entities.service';
import { createCashEntriesService } from '../../apps/server/src/modules/ledger/cash-entries.service';
import { createLedgerService } from '../../apps/server/src/modules/ledger/ledger.service';
import { createReferenceDataService } from '../../apps/server/src/modules/reference-data/reference-data.service';
import { createUsersService } from '../../apps/server/src/modules/users/users.service';
import { type BatchTally, batchTallies } from '../../apps/server/src/platform/batcher';
import { loadConfig } from '../../apps/server/src/platform/config';
import { connectDatabase, runMigrations } from '../../apps/server/src/platform/db';
import { startEmbeddedPostgres } from '../../apps/server/src/platform/embedded-postgres';
import { freePort } from '../../apps/server/src/test/free-port';
import { type CpuSplit, canMeterCpu, cpuMeter, postmasterPid } from './cpu-meter';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const COLD = 100_000;
const HOT = 10;

type Result = { tps: number; p99: number; cpu?: CpuSplit; perBatch?: number };

/** The cash-booking batcher's counters in this process. */
const localTally = (): BatchTally => ({
  ...(batchTallies().get('cash_entry_booking') ?? { batches: 0, items: 0 }),
});

/** Bookings per database transaction between two readings. */
const perBatch = (before: BatchTally, after: BatchTally) =>
  after.batches > before.batches
    ? (after.items - before.items) / (after.batches - before.batches)
    : undefined;

/** The API server's cash-booking batcher counters, read from its `/metrics`. */
async function serverTally(metricsUrl: string): Promise<BatchTally> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const read = (name: string) =>
    Number(new RegExp(`^${name}\\{batcher="cash_entry_booking"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { batches: read('db_batches_total'), items: read('db_batch_items_total') };
}

/** Runs `op` from CLIENTS concurrent loops for SECONDS; throughput and p99 latency. */
async function drive(op: () => Promise<void>): Promise<Result> {
  const until = Date.now() + SECONDS * 1000;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        await op();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { tps: latencies.length / SECONDS, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

const pick = (ids: number[]) => {
  const a = ids[Math.floor(Math.random() * ids.length)]!;
  let b = a;
  while (b === a) b = ids[Math.floor(Math.random() * ids.length)]!;
  return [a, b] as const;
};

/**
 * Where an API transfer's CPU goes (ms per call) and the most transfers per second this
 * machine's cores could give at that cost even if they were never idle: a per-call cost
 * above what the target allows cannot reach it by better overlap alone.
 */
function cpuCeiling(api: Result, raw: Result) {
  const c = api.cpu;
  if (!c) return; // no /proc here
  const total = c.server + c.postgres + c.loadGenerator;
  const ceiling = (availableParallelism() * 1000) / total;
  const busy = (total * api.tps) / 10; // percent of one core
  console.log(
    `ledger: API CPU per transfer ${total.toFixed(2)} ms (server ${c.server.toFixed(2)}, PostgreSQL ${c.postgres.toFixed(2)}, load generator ${c.loadGenerator.toFixed(2)}), cores busy ${busy.toFixed(0)}% of ${availableParallelism() * 100}%: at most ${ceiling.toFixed(0)} transfers/s = ${(ceiling / raw.tps).toFixed(2)}× raw with no core ever idle`,
  );
}

/**
 * Internal transfers per second through the ledger service and through the HTTP API, on
 * 100,000 cold accounts and 10 hot ones, each as a ratio to raw PostgreSQL capacity (a loop
 * of single-UPDATE transactions) measured in the same run on the same database. A booking
 * phase (the API's database work through the cash-entries service, without HTTP) shows how
 * much of the API's cost is the booking itself; a guarded call that books and reads nothing
 * shows the API's fixed cost (HTTP, authentication, access check).
 */
export async function benchLedger() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-bench-ledger-'));
  const pgServer = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  const database = connectDatabase(pgServer.url, CLIENTS + 2);
  const { db } = database;
  try {
    await runMigrations(db);
    await db.execute(
      sql`insert into currencies (code, name, scale, asset_class) values ('USD', 'US Dollar', 2, 'FIAT') on conflict do nothing`,
    );
    const [{ id: entity }] = (
      await db.execute<{ id: number }>(sql`insert into entities (name) values ('Bench') returning id`)
    ).rows as [{ id: number }];
    // The accounts belong to a client below the booking entity: historic entries are booked
    // by staff above the owner (migration 0020).
    const [{ id: clients }] = (
      await db.execute<{ id: number }>(
        sql`insert into entities (name, parent_id) values ('Bench clients', ${entity}) returning id`,
      )
    ).rows as [{ id: number }];
    await db.execute(
      sql`insert into accounts (entity_id, account_type, name) select ${clients}, 'MarginTrading', 'acct ' || g from generate_series(1, ${COLD}) g`,
    );
    const ids = (
      await db.execute<{ id: number }>(sql`select id from accounts where kind = 'CLIENT' order by id`)
    ).rows.map((r) => r.id);
    const ledger = createLedgerService(db);
    const omnibus = await db.transaction((tx) => ledger.platformAccount(tx, 'OMNIBUS', 'USD'));
    // Fund every account with its own balanced deposit, so the ledger starts with a history
    // as large as its account base (and the planner knows it) rather than one huge entry.
    await db.execute(sql`insert into ledger_transactions (kind, reference, principal_kind)
      select 'DEPOSIT', 'bench:' || id, 'system' from accounts where kind = 'CLIENT' order by id`);
    await db.execute(sql`insert into balances (account_id, asset, allow_negative)
      select id, 'USD', kind = 'PLATFORM' from accounts on conflict do nothing`);
    await db.execute(sql`insert into postings (transaction_id, account_id, asset, amount)
      select t.id, x.account_id, 'USD', x.amount from ledger_transactions t
        cross join lateral (values (substr(t.reference, 7)::int, 1000000::numeric), (${omnibus}, -1000000::numeric)) x(account_id, amount)
       where t.reference like 'bench:%'`);
    await db.execute(sql`update balances b set posted = s.total
      from (select account_id, sum(amount) as total from postings group by account_id) s where b.account_id = s.account_id`);
    // Each deposit is a back-office booking, with its cash entry, audit row and answered
    // Idempotency-Key, so the booking phases also start on tables of production shape
    // rather than empty ones (on an empty table the planner rightly picks plans that stop
    // fitting after a few thousand bookings, until the next ANALYZE).
    await db.execute(sql`insert into cash_entries (type, entity_id, account_id, asset, amount, value_date, transaction_id, created_by)
      select 'DEPOSIT', ${clients}, substr(t.reference, 7)::int, 'USD', 1000000, '2026-01-02', t.id, 'bench staff'
        from ledger_transactions t where t.reference like 'bench:%'`);
    await db.execute(sql`insert into audit_events (actor_kind, actor_id, acting_entity_id, action, target, outcome, details)
      select 'user', 'bench-staff', ${entity}, 'cashentry.deposit', id::text, 'success', jsonb_build_object('transactionId', transaction_id)
        from cash_entries`);
    await db.execute(sql`insert into idempotency_keys (principal_kind, principal_id, key, request_hash, status_code, response)
      select 'user', 'bench-staff', 'fund-' || id, md5(id::text), 200, jsonb_build_object('id', id) from cash_entries`);
    await db.execute(sql`create table bench_raw (id int primary key, v bigint not null default 0)`);
    await db.execute(sql`insert into bench_raw select g from generate_series(1, ${COLD}) g`);
    // Each phase starts from a vacuumed, analysed database, so no phase pays for the dead
    // rows and stale statistics an earlier one left behind (autovacuum would otherwise
    // clean up during whichever phase comes next).
    const settle = () => db.execute(sql`vacuum analyze`);
    await settle();
    const hot = ids.slice(0, HOT);

    const raw = await drive(async () => {
      await database.pool.query('update bench_raw set v = v + 1 where id = $1', [
        1 + Math.floor(Math.random() * COLD),
      ]);
    });
    const service = async (set: number[]) => {
      await settle();
      return drive(async () => {
        const [from, to] = pick(set);
        await ledger.transferNow({ principal: null }, { kind: 'TRANSFER' }, from, to, 'USD', '0.01');
      });
    };
    const serviceCold = await service(ids);
    const serviceHot = await service(hot);

    // What the API's internal transfer does in the database, without HTTP and authentication:
    // a back-office booking (scope check, Idempotency-Key, ledger transaction, cash entry,
    // audit row, stored answer) through the cash-entries service, by staff of the entity.
    const users = createUsersService(db);
    const cash = createCashEntriesService({
      db,
      ledger,
      entities: createEntitiesService({
        db,
        resolver: createResolver(db),
        users,
        referenceData: createReferenceDataService(db),
      }),
    });
    const staff = {
      principal: {
        kind: 'user' as const,
        id: 'bench-staff',
        name: 'bench staff',
        homeEntityId: entity,
        via: 'session' as const,
        twoFactorPending: false,
      },
      entityId: entity,
    };
    await settle();
    // One internal transfer between two random accounts of `set`, with its own key.
    const transfer = (set: number[]) => {
      const [from, to] = pick(set);
      return {
        key: `bench-${randomBytes(9).toString('base64url')}`,
        body: {
          entityId: entity,
          fromAccountId: from,
          toAccountId: to,
          asset: 'USD',
          amount: '0.01',
          valueDate: '2026-11-20',
        },
      };
    };
    const booked = localTally();
    const bookingCold = await drive(async () => {
      const t = transfer(ids);
      await cash.internalTransfer(staff, t.key, t.body);
    });
    bookingCold.perBatch = perBatch(booked, localTally());

    // The API: an API key of a user granted cash permissions on the entity.
    const config = loadConfig({
      ...process.env,
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      AUTH_TOKEN_SECRET: randomBytes(32).toString('base64'),
    });
    const tokens = createTokensService(
      db,
      config,
      { totpKey: randomBytes(32), tokenSecret: randomBytes(32) },
      users,
    );
    const { id: keyId, key } = await tokens.createApiKey({ name: 'bench', homeEntityId: entity });
    await db.execute(sql`insert into direct_permissions (principal_kind, principal_id, entity_id, permission, scope_type)
      values ('apiKey', ${keyId}, ${entity}, 'request_withdrawal', 'SELF'), ('apiKey', ${keyId}, ${entity}, 'account_view', 'SELF')`);
    const child = fork(path.join(HERE, 'servers/ledger-api.server.ts'), [], {
      env: { ...process.env, BENCH_PORT: String(await freePort()), BENCH_DATABASE_URL: pgServer.url },
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const { url: base, metricsUrl } = await new Promise<{ url: string; metricsUrl: string }>((resolve) =>
      child.once('message', (m) => resolve(m as { url: string; metricsUrl: string })),
    );
    const meter = canMeterCpu
      ? cpuMeter({ server: child.pid!, postmaster: postmasterPid(path.join(dataDir, 'pg')) })
      : null;
    // autocannon writes each request in one piece (no Nagle/delayed-ACK stalls) and gives
    // every request its own Idempotency-Key and random accounts.
    const call = async (
      method: 'GET' | 'POST',
      route: string,
      next: () => { key?: string; body?: object },
    ): Promise<Result> => {
      await settle();
      const before = await serverTally(metricsUrl);
      const stop = meter?.start();
      const r = await autocannon({
        url: `${base}/api${route}`,
        connections: CLIENTS,
        duration: SECONDS,
        requests: [
          {
            method,
            setupRequest: (req) => {
              const t = next();
              return {
                ...req,
                headers: {
                  'x-api-key': key,
                  ...(t.body ? { 'content-type': 'application/json' } : {}),
                  ...(t.key ? { 'idempotency-key': t.key } : {}),
                },
                ...(t.body ? { body: JSON.stringify(t.body) } : {}),
              };
            },
          },
        ],
      });
      if (r.non2xx > 0 || r.errors > 0)
        throw new Error(`API ${route}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const used = stop?.();
      const perCall = (seconds: number) => (seconds * 1000) / r.requests.total;
      const cpu = used && {
        server: perCall(used.server),
        postgres: perCall(used.postgres),
        loadGenerator: perCall(used.loadGenerator),
      };
      return {
        tps: r.requests.average,
        p99: r.latency.p99,
        cpu,
        perBatch: perBatch(before, await serverTally(metricsUrl)),
      };
    };
    const api = (set: number[]) => call('POST', '/cashentry/internal-transfer', () => transfer(set));
    // The API's fixed cost: HTTP, API-key authentication and the access check (grants read
    // from the database) of a guarded call that itself reads nothing.
    const fixed = () => call('GET', '/account/types', () => ({}));
    // The server goes down with the run, also when a phase throws.
    const [apiCold, apiHot, apiFixed] = await (async () => {
      try {
        return [await api(ids), await api(hot), await fixed()];
      } finally {
        child.kill('SIGTERM');
      }
    })();

    const row = (name: string, r: Result, target: string, unit = 'transfers/s') =>
      console.log(
        `ledger: ${name.padEnd(22)} ${r.tps.toFixed(0).padStart(6)} ${unit}  ${(r.tps / raw.tps).toFixed(2)}× raw  p99 ${r.p99.toFixed(1)} ms  ${target}`,
      );
    console.log(
      `ledger: raw PostgreSQL (1 UPDATE/txn) ${raw.tps.toFixed(0)} txn/s, p99 ${raw.p99.toFixed(1)} ms, ${CLIENTS} clients, ${SECONDS} s each`,
    );
    row('service, cold (100k)', serviceCold, '(target ≥ 0.45×)');
    row(
      'service, hot (10)',
      serviceHot,
      `(hot ÷ cold ${(serviceHot.tps / serviceCold.tps).toFixed(2)}, target ≥ 0.6)`,
    );
    row('booking, cold (100k)', bookingCold, '(the API’s database work, no HTTP)');
    row('API, cold (100k)', apiCold, '(target ≥ 0.35×)');
    row('API, hot (10)', apiHot, `(hot ÷ cold ${(apiHot.tps / apiCold.tps).toFixed(2)}, target ≥ 0.6)`);
    row(
      'API, no booking',
      apiFixed,
      '(GET account/types: HTTP, authentication, access check)',
      'calls/s    ',
    );
    cpuCeiling(apiCold, raw);
    console.log(
      `ledger: group commit, bookings per database transaction (${CLIENTS} clients): booking ${bookingCold.perBatch?.toFixed(1)}, API cold ${apiCold.perBatch?.toFixed(1)}, API hot ${apiHot.perBatch?.toFixed(1)}`,
    );
    const violations = await db.execute(
      sql`select asset from postings group by asset having sum(amount) <> 0`,
    );
    console.log(
      `ledger: Σ postings per asset = 0 after the run: ${violations.rows.length === 0 ? 'yes' : 'NO'}`,
    );
  } finally {
    await database.close();
    await pgServer.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
