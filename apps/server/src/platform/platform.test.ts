import { describe, expect, it } from 'vitest';
import { createEntity } from '../test/fixtures';
import { useTestApp } from '../test/test-app';
import { levelForResponse } from './request-logging';

describe('server platform', () => {
  const t = useTestApp();

  it('answers an unknown /api path with 404 JSON titled Resource Not Found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ status: 404, title: 'Resource Not Found' });
  });

  it('answers an unknown /api POST with 404 JSON too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-such', payload: {} });
    expect(res.json()).toMatchObject({ status: 404, title: 'Resource Not Found' });
  });

  it('sets security headers and no-store on API responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('echoes a well-formed request id and invents one otherwise', async () => {
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-12345678' } });
    expect(given.headers['x-request-id']).toBe('abc-12345678');
    const bad = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'no spaces <allowed>' },
    });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness when the database is reachable', async () => {
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('exposes Prometheus metrics with per-route counters', async () => {
    await t.app.inject({ url: '/api/health' });
    const res = await t.metrics.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('exposes each group-commit batcher’s round trips and the calls they carried', async () => {
    const { key } = await t.services.auth.tokens.createApiKey({
      name: 'metrics',
      homeEntityId: (await createEntity(t)).id,
    });
    await t.app.inject({ url: '/api/account/types', headers: { 'x-api-key': key } });
    const res = await t.metrics.inject({ url: '/metrics' });
    const batches = Number(/^db_batches_total\{batcher="api_key_lookup"\} (\d+)$/m.exec(res.body)?.[1]);
    const items = Number(/^db_batch_items_total\{batcher="api_key_lookup"\} (\d+)$/m.exec(res.body)?.[1]);
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(items).toBeGreaterThanOrEqual(batches);
    expect(res.body).toContain('# TYPE db_batches_total counter');
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/server/mode', '/api/server/maintenance']),
    );
    expect(doc.paths['/api/server/maintenance'].post.requestBody).toBeDefined();
  });

  it('rejects a body that is not JSON with 400 Invalid Request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/server/maintenance',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    // Authentication runs first: an anonymous caller learns nothing about the body.
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized Access' });
  });
});

describe('log levels (spec section 8)', () => {
  it.each([
    [400, undefined, 'error'],
    [413, undefined, 'error'],
    [500, undefined, 'error'],
    [502, undefined, 'error'],
    [401, undefined, 'warn'],
    [403, undefined, 'warn'],
    [404, undefined, 'warn'],
    [401, 'Invalid username, or password.', 'info'],
    [401, 'Invalid username, password, or two factor token.', 'info'],
    [200, undefined, 'info'],
  ] as const)('status %i (%s) is logged at %s', (status, message, level) => {
    expect(levelForResponse(status, message)).toBe(level);
  });
});
