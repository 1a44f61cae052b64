import type { z } from 'zod';

/** Field messages from the same zod schema the server validates with. */
export function fieldErrors<S extends z.ZodType>(schema: S, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'form'] ??= issue.message;
  return errors;
}

/** The server's field messages from a 400 body, if any. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const body = (err as { body?: { errors?: Record<string, string> } })?.body;
  return body?.errors ?? {};
}
