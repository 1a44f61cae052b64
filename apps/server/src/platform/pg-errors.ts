type PgLike = { code?: string; constraint?: string; cause?: PgLike };

/** PostgreSQL's SQLSTATE, whether the driver error is thrown bare or wrapped by Drizzle. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as PgLike | undefined;
  return e?.cause?.code ?? e?.code;
}

export function pgConstraint(err: unknown): string | undefined {
  const e = err as PgLike | undefined;
  return e?.cause?.constraint ?? e?.constraint;
}
