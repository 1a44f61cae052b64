import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { loadConfig } from './config';

const TOKEN = 'scraper-token-0123456789';

describe('metrics (served apart from the portal)', () => {
  const t = useTestApp();

  it('are not served on the portal’s own port', async () => {
    await t.app.inject({ url: '/api/health' });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.body).not.toContain('http_request_duration_seconds');
    expect(res.body).not.toContain('process_cpu_user_seconds_total');
  });

  it('are served by the metrics listener, which answers nothing else', async () => {
    expect((await t.metrics.inject({ url: '/metrics' })).statusCode).toBe(200);
    expect((await t.metrics.inject({ url: '/api/health' })).statusCode).toBe(404);
  });
});

describe('metrics behind a token', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN });

  it('answer only the bearer of the token', async () => {
    const none = await t.metrics.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ status: 401, title: 'Unauthorized Access' });
    const wrong = await t.metrics.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.metrics.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('process_cpu_user_seconds_total');
  });
});

describe('metrics configuration', () => {
  it('listens on loopback port 9464 unless told otherwise', () => {
    const c = loadConfig({});
    expect([c.METRICS_HOST, c.METRICS_PORT, c.METRICS_TOKEN]).toEqual(['127.0.0.1', 9464, undefined]);
  });

  it('refuses, in production, a metrics listener beyond loopback without a token', () => {
    const production = { APP_ENV: 'production', METRICS_HOST: '0.0.0.0' };
    expect(() => loadConfig(production)).toThrow(/METRICS_TOKEN: required in production/);
    expect(loadConfig({ ...production, METRICS_TOKEN: TOKEN }).METRICS_HOST).toBe('0.0.0.0');
    expect(loadConfig({ APP_ENV: 'production' }).METRICS_HOST).toBe('127.0.0.1');
    expect(loadConfig({ APP_ENV: 'dev', METRICS_HOST: '0.0.0.0' }).METRICS_HOST).toBe('0.0.0.0');
  });

  it('refuses a token too short to be a secret', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: /);
  });
});
