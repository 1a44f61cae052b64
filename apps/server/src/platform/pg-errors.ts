type PgLike = { code?: string; constraint?: string; cause?: PgLike };

/** PostgreSQL's SQLSTATE, whether the driver error is thrown bare or wrapped by Drizzle. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as PgLike | undefined;
  return e?.cause?.code ?? e?.code;
}

/**
 * A refusal a batch function answered as a SQLSTATE in its result (not raised), as the
 * error it would have been alone, so `pgErrorCode` and the domain mappings read it the same.
 */
export function sqlStateError(code: string, context: string): Error & { code: string } {
  return Object.assign(new Error(`${context}: ${code}`), { code });
}

export function pgConstraint(err: unknown): string | undefined {
  const e = err as PgLike | undefined;
  return e?.cause?.constraint ?? e?.constraint;
}

/** SQLSTATEs of a lost or refused connection: class 08, and the server ending the session. */
const CONNECTION_STATES = /^(08...|57P01|57P02|57P03)$/;
/** Socket failures on the way to the server (refused, reset, unreachable, name not found). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What the pg driver says, without a code, about a client whose connection is gone. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether an error means the database could not be reached or dropped the connection —
 * not that the statement was wrong: the caller may retry once the database is back (503).
 * Looks through Drizzle's wrapper (`cause`) and Node's AggregateError (`errors`).
 */
export function isConnectionLoss(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (CONNECTION_STATES.test(e.code) || SOCKET_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.some((m) => (e.message as string).startsWith(m)))
    return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionLoss(x, depth + 1))) return true;
  return isConnectionLoss(e.cause, depth + 1);
}

/** The innermost cause's code and message, for a log line without a stack. */
export function rootCause(err: unknown): { code?: string; message: string } {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  while (e?.cause && typeof e.cause === 'object') e = e.cause as typeof e;
  return { ...(typeof e?.code === 'string' ? { code: e.code } : {}), message: String(e?.message ?? e) };
}
