import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { type BuiltApp, buildApp } from '../app';
import { type Config, loadConfig } from '../platform/config';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestContext = BuiltApp & { database: TestDatabase; config: Config };

/** Test configuration: the documented defaults, quiet logs, no maintenance cache, no job worker. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    MAINTENANCE_CACHE_MS: '0',
    NODE_ENV: 'test',
    LOGIN_DELAY_BASE_MS: '0',
    // No background worker (and its pool) per test file: a test that runs jobs starts one.
    JOBS_WORKER: 'false',
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    AUTH_TOKEN_SECRET: randomBytes(32).toString('base64'),
    ...overrides,
  });
}

/**
 * Registers hooks that give the file a real server on its own database. Read the returned
 * object's fields inside tests (they are set in beforeAll).
 */
export function useTestApp(
  overrides: Record<string, string> | (() => Promise<Record<string, string>>) = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = testConfig(typeof overrides === 'function' ? await overrides() : overrides);
    const built = await buildApp({ config, database, logger: false });
    await built.app.ready();
    Object.assign(ctx, built, { database, config });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.drop();
  });
  return ctx;
}
