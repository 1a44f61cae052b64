import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { createRouteHistogram } from './route-histogram';

/** Prometheus metrics at `/metrics`: process defaults plus a per-route duration histogram (its _count counts requests). */
export function installMetrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
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
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) =>
    reply.type(registry.contentType).send(`${await registry.metrics()}\n${duration.render()}`),
  );
}
