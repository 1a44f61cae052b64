import type { TestProject } from 'vitest/node';
import { PLAIN_USER, startTestPortal } from './test-portal';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A user without two-factor, for journeys that are not about signing in. */
    plainUser: { username: string; password: string };
    /** The portal's database (the mail outbox is read there). */
    databaseUrl: string;
  }
}

/** Section 4's optional session polling, on in the browser tests (shell.e2e proves it). */
const SESSION_POLL_MS = 1000;
/** Cash balances and the entity list refresh every second here, so a test sees another's change quickly. */
const REFRESH_MS = '1000';

/** One portal for the browser tests, started as `npm start` starts it, with throw-away data. */
export default async function setup(project: TestProject) {
  // Demo setting: whitelisted destinations are usable at once.
  const portal = await startTestPortal({
    WHITELIST_COOLDOWN_HOURS: '0',
    SESSION_POLL_MS: String(SESSION_POLL_MS),
    CASH_BALANCES_REFRESH_MS: REFRESH_MS,
    ENTITY_LIST_REFRESH_MS: REFRESH_MS,
    // The trades journey runs the end of day of a forward's value date, days ahead.
    EOD_ALLOW_FUTURE_DATES: 'true',
  });
  project.provide('baseUrl', portal.baseUrl);
  project.provide('plainUser', PLAIN_USER);
  project.provide('databaseUrl', portal.databaseUrl);
  return portal.stop;
}
