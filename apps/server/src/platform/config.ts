import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENVIRONMENTS } from '@clearway/contracts/enums';
import { DEFAULT_DATE_WINDOW } from '@clearway/contracts/primitives';
import {
  DEFAULT_BACKDATE_BUSINESS_DAYS,
  DEFAULT_QUOTE_TTL_SECONDS,
} from '@clearway/contracts/trading-limits';
import { z } from 'zod';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const items = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const list = z.string().transform(items);
/** A calendar date PostgreSQL can hold (year 1 onwards; there is no year 0). */
const isoDate = z.iso
  .date('must be a date such as 2100-12-31')
  .min(10)
  .refine((d) => d >= '0001-01-01', {
    message: 'must be on or after 0001-01-01',
  });
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
const int = (def: number) => z.coerce.number().int().nonnegative().default(def);
/** Fastify's `trustProxy`: off, every hop (`true`), or the proxies' addresses/CIDRs. */
const trustProxy = z
  .string()
  .default('false')
  .transform((v): boolean | string[] => {
    const s = v.trim();
    if (s === '' || s === 'false') return false;
    if (s === 'true') return true;
    return items(s);
  });

/**
 * Every environment variable the server reads, with its default. README's configuration
 * table is this list, in this order (config.test.ts fails when they part).
 */
export const ZConfig = z.object({
  PRODUCT_NAME: z.string().min(1).default('Clearway'),
  APP_ENV: z.enum(ENVIRONMENTS).default('dev'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: int(3000),
  PUBLIC_URL: z.string().url().optional(),
  // Behind a reverse proxy, the client address (audit rows, the sign-in IP lock) comes from
  // X-Forwarded-For, but only when the proxy is trusted: otherwise anyone could forge it.
  TRUST_PROXY: trustProxy,
  // How long a client may take to send a whole request (headers and body) before it gets
  // 408 and the connection closes: without a limit, slow senders hold connections forever.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Prometheus metrics have a listener of their own, on loopback unless told otherwise: they
  // name routes and show traffic, which is for the operator's scraper, not the public port.
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_PORT: int(9464),
  /** When set, the scraper must send `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  EMBEDDED_PG_PORT: int(54329),
  DB_POOL_SIZE: int(10),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  LOAD_DEMO_DATA: bool.default(true),
  MAINTENANCE_RETRY_AFTER_SECONDS: int(300),
  MAINTENANCE_CACHE_MS: int(1000),
  // Section 9 "set by environment" values, passed to the web app.
  IDLE_TIMEOUT_MS: int(15 * 60_000),
  IDLE_EXPIRATION_TIMEOUT_MS: int(60_000),
  FORCED_LOGOUT_DISABLED: bool.default(false),
  TWO_FACTOR_EXPIRY_SECONDS: int(300),
  CASH_BALANCES_REFRESH_MS: int(30_000),
  ENTITY_LIST_REFRESH_MS: int(5 * 60_000),
  // Section 4's optional session polling: 0 leaves it off (visibility and storage events still refresh).
  SESSION_POLL_MS: int(0),
  API_FETCH_TIMEOUT_MS: int(30_000),
  // Room for the /entities forest of a 100,000-entity tree (≈ 27 MB, bench:entities).
  MAX_RESPONSE_SIZE_BYTES: int(64 * 1024 * 1024),
  TRANSFER_CRYPTO_CURRENCIES: list.default(['BTC', 'ETH', 'USDT', 'USDC']),
  TRANSFER_FIAT_CURRENCIES: list.default(['USD', 'EUR', 'GBP', 'CHF']),
  AUTHENTICATOR_APP_LINKS: list.default([
    'Google Authenticator|https://support.google.com/accounts/answer/1066447',
    'Microsoft Authenticator|https://www.microsoft.com/security/mobile-authenticator-app',
  ]),
  SESSION_LIFETIME_SECONDS: int(30 * 24 * 3600),
  SESSION_CLOCK_TOLERANCE_SECONDS: int(15),
  SESSION_IDLE_TIMEOUT_SECONDS: int(3600),
  /** Secure `__Host-` cookies; on by default in production (needs HTTPS). */
  COOKIE_SECURE: bool.optional(),
  BEARER_TOKEN_TTL_SECONDS: int(900),
  // Keys: set them (base64, 32 bytes) when several instances share a database; otherwise
  // they are generated once into SECRETS_FILE.
  TOTP_ENCRYPTION_KEY: z.string().optional(),
  AUTH_TOKEN_SECRET: z.string().optional(),
  SECRETS_FILE: z.string().optional(),
  LOGIN_LOCK_THRESHOLD: int(10),
  LOGIN_LOCK_MINUTES: int(15),
  LOGIN_IP_LOCK_THRESHOLD: int(100),
  LOGIN_DELAY_BASE_MS: int(250),
  LOGIN_DELAY_MAX_MS: int(4000),
  PASSWORD_RESET_TTL_MINUTES: int(60),
  /**
   * `forgot-password` calls accepted per submitted identifier in a LOGIN_LOCK_MINUTES window
   * (and reset links mailed per user in that window); further calls answer 429.
   */
  FORGOT_PASSWORD_LIMIT: int(3),
  /** `forgot-password` calls accepted per client address in a LOGIN_LOCK_MINUTES window. */
  FORGOT_PASSWORD_IP_LIMIT: int(20),
  /** How long the set-password link of an invited user works. */
  INVITE_TTL_HOURS: int(72),
  /** How long the link confirming a changed e-mail address works. */
  EMAIL_CHANGE_TTL_HOURS: int(24),
  /** The longest an API key made by a user may live (its expiry is required). */
  API_KEY_MAX_DAYS: int(365),
  SMTP_URL: z.string().url().optional(),
  /** Hours a newly approved or changed destination waits before it can receive funds. */
  WHITELIST_COOLDOWN_HOURS: z.coerce.number().nonnegative().default(24),
  // The plausible window of every date a call carries (value dates, list filters): a date
  // outside it is refused with a field message, never passed on to PostgreSQL.
  DATE_WINDOW_START: isoDate.default(DEFAULT_DATE_WINDOW.from),
  DATE_WINDOW_END: isoDate.default(DEFAULT_DATE_WINDOW.to),
  // Microsoft Entra ID (OpenID Connect); sign-in with Microsoft is offered only when set.
  MS_ENTRA_ISSUER: z.string().url().optional(),
  MS_ENTRA_CLIENT_ID: z.string().optional(),
  MS_ENTRA_CLIENT_SECRET: z.string().optional(),
  MS_ENTRA_TENANT_ID: z.string().optional(),
  /** Only for a local test IdP over plain HTTP. */
  MS_ENTRA_ALLOW_INSECURE: bool.default(false),
  MAIL_FROM: z.string().default('Clearway <no-reply@clearway.local>'),
  // Background jobs (platform/jobs): every instance may add jobs; those with the worker on run them.
  JOBS_WORKER: bool.default(true),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  /** Days a notification is kept (read or not) before the nightly job deletes it. */
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  // The end of day (modules/eod): each weekday's run starts once its cut-off has passed in the
  // time zone (the FX market's day ends at 17:00 New York); staff with eod_processing may run it too.
  EOD_CUTOFF_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day such as 17:00')
    .default('17:00'),
  EOD_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/New_York')
    .default('America/New_York'),
  /** Lets staff run the end of day of a date whose cut-off has not come (test environments only). */
  EOD_ALLOW_FUTURE_DATES: bool.default(false),
  /** Trades (or positions) the end of day settles, rolls or finances per database transaction. */
  EOD_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(200),
  /** The longest period (in days) one statement may cover; a longer one is refused with 413 (section 8). */
  STATEMENT_MAX_DAYS: z.coerce.number().int().min(1).max(3660).default(366),
  // Trading controls (modules/trading/desk-rules.ts): how long a quote lives, how far staff may back-date.
  QUOTE_TTL_SECONDS: z.coerce.number().int().min(1).max(300).default(DEFAULT_QUOTE_TTL_SECONDS),
  TRADE_BACKDATE_BUSINESS_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(5200)
    .default(DEFAULT_BACKDATE_BUSINESS_DAYS),
  // Files (platform/storage): PostgreSQL by default; a directory must be shared by every instance.
  STORAGE_DRIVER: z.enum(['postgres', 'filesystem']).default('postgres'),
  /** Default: `<DATA_DIR>/files`. */
  STORAGE_DIR: z.string().optional(),
});

export type Config = z.infer<typeof ZConfig>;

const isLoopback = (host: string) => /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);

/** Settings that are valid alone but not together. */
function combinationIssues(c: Config): string[] {
  const issues: string[] = [];
  if (c.APP_ENV === 'production' && !isLoopback(c.METRICS_HOST) && !c.METRICS_TOKEN)
    issues.push('  METRICS_TOKEN: required in production when METRICS_HOST is not a loopback address');
  if (c.DATE_WINDOW_START > c.DATE_WINDOW_END)
    issues.push('  DATE_WINDOW_END: must not be before DATE_WINDOW_START');
  return issues;
}

/** Validates the environment once; a bad value stops start-up with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  const lines = parsed.success
    ? combinationIssues(parsed.data)
    : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (!parsed.success || lines.length) throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  return parsed.data;
}

/** What the web app needs to know, injected into index.html (never secrets). */
export function publicConfig(c: Config) {
  return {
    productName: c.PRODUCT_NAME,
    environment: c.APP_ENV,
    publicUrl: c.PUBLIC_URL ?? null,
    idleTimeoutMs: c.IDLE_TIMEOUT_MS,
    idleExpirationTimeoutMs: c.IDLE_EXPIRATION_TIMEOUT_MS,
    forcedLogoutDisabled: c.FORCED_LOGOUT_DISABLED,
    twoFactorExpirySeconds: c.TWO_FACTOR_EXPIRY_SECONDS,
    cashBalancesRefreshMs: c.CASH_BALANCES_REFRESH_MS,
    entityListRefreshMs: c.ENTITY_LIST_REFRESH_MS,
    sessionPollMs: c.SESSION_POLL_MS,
    apiFetchTimeoutMs: c.API_FETCH_TIMEOUT_MS,
    maxResponseSizeBytes: c.MAX_RESPONSE_SIZE_BYTES,
    transferCryptoCurrencies: c.TRANSFER_CRYPTO_CURRENCIES,
    transferFiatCurrencies: c.TRANSFER_FIAT_CURRENCIES,
    /** The dates every date field accepts (the date pickers' bounds). */
    dateWindow: { from: c.DATE_WINDOW_START, to: c.DATE_WINDOW_END },
    msEntraEnabled: Boolean(c.MS_ENTRA_ISSUER && c.MS_ENTRA_CLIENT_ID && c.MS_ENTRA_CLIENT_SECRET),
    authenticatorAppLinks: c.AUTHENTICATOR_APP_LINKS.map((l) => {
      const [name = l, url = ''] = l.split('|');
      return { name, url };
    }),
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
