import i18n from 'i18next';
import type { z } from 'zod';

/** Each form field's label as the form shows it, by the schema's key. */
export type FieldLabels = Readonly<Record<string, string>>;

type Issue = z.core.$ZodRawIssue;

/**
 * A clear message for an issue the contract words no message for itself (zod's own would
 * read "Invalid input: expected string, received undefined"): named by the field's label
 * when the form gives one, never by its key.
 */
function plainMessage(issue: Issue, labels: FieldLabels): string {
  const label = labels[String(issue.path?.at(-1) ?? '')];
  const t = (key: string, vars: Record<string, unknown> = {}) =>
    label ? i18n.t(`forms.${key}`, { ...vars, label }) : i18n.t(`forms.${key}Field`, vars);
  const missing = issue.input === undefined || issue.input === null || issue.input === '';
  switch (issue.code) {
    case 'invalid_type':
      return missing ? t('required') : t('invalid');
    case 'too_small':
      return missing || issue.minimum === 1 ? t('required') : t('tooShort', { min: issue.minimum });
    case 'too_big':
      return t('tooLong', { max: issue.maximum });
    case 'invalid_value':
      return missing ? t('required') : t('pickOne');
    default:
      return missing ? t('required') : t('invalid');
  }
}

/**
 * Field messages from the same zod schema the server validates with: the contract's own
 * message where it words one, else a plain one naming the field by its label.
 */
export function fieldErrors<S extends z.ZodType>(
  schema: S,
  values: unknown,
  labels: FieldLabels = {},
): Record<string, string> {
  const parsed = schema.safeParse(values, { error: (issue) => plainMessage(issue, labels) });
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'form'] ??= issue.message;
  return errors;
}

/**
 * A form's values checked with the row's schema: its field messages, or the request body
 * the schema makes of them (what the server will read).
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  labels: FieldLabels = {},
): { errors: Record<string, string>; body?: z.output<S> } {
  const parsed = schema.safeParse(values, { error: (issue) => plainMessage(issue, labels) });
  if (parsed.success) return { errors: {}, body: parsed.data };
  return { errors: fieldErrors(schema, values, labels) };
}

/** The server's field messages from a 400 body, if any. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const body = (err as { body?: { errors?: Record<string, string> } })?.body;
  return body?.errors ?? {};
}
