import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, type Metric, Registry } from 'prom-client';
import { type BatchTally, batchTallies } from './batcher';
import { safeEqual } from './crypto';
import { createRouteHistogram } from './route-histogram';

/** The group-commit batchers' counters in the Prometheus text format. */
function renderBatchTallies(): string {
  const family = (name: string, help: string, value: (t: BatchTally) => number) => [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} counter`,
    ...[...batchTallies()].map(([batcher, t]) => `${name}{batcher="${batcher}"} ${value(t)}`),
  ];
  return `${[
    ...family('db_batches_total', 'Database round trips sent by each group-commit batcher', (t) => t.batches),
    ...family('db_batch_items_total', 'Calls those round trips carried', (t) => t.items),
  ].join('\n')}\n`;
}

/**
 * Prometheus metrics: process defaults, a per-route duration histogram (its _count counts
 * requests) and each group-commit batcher's round trips and calls. They are served at
 * `/metrics` by a listener of their own (the returned instance; `main.ts` binds it to
 * METRICS_HOST:METRICS_PORT, loopback by default), never on the public port: route names,
 * traffic and process figures are for the operator's scraper, not for anyone who can reach
 * the portal. With `token` set the scraper must also send `Authorization: Bearer <token>`.
 * Closing `app` closes the metrics listener too.
 */
export function installMetrics(
  app: FastifyInstance,
  { token, collectors = [] }: { token?: string; collectors?: readonly Metric[] } = {},
): FastifyInstance {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Other parts' own metrics (the job queue's), read at each scrape.
  for (const metric of collectors) registry.registerMetric(metric);
  const duration = createRouteHistogram(
    'http_request_duration_seconds',
    'HTTP request duration by route',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  );
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const metrics = Fastify({ logger: false });
  metrics.get('/metrics', async (request, reply) => {
    if (token && !safeEqual(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ status: 401, title: 'Unauthorized Access', message: 'Send the metrics token' });
    }
    return reply
      .type(registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(`${await registry.metrics()}\n${duration.render()}${renderBatchTallies()}`);
  });
  app.addHook('onClose', async () => {
    await metrics.close();
  });
  return metrics;
}
