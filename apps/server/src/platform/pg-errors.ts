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
