import { readableMessage } from '@clearway/contracts/field-labels';
import i18n from 'i18next';
import type { z } from 'zod';
import { serverMessage, toGatewayError } from './gateway';

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
      if (missing || issue.minimum === 1) return t(issue.origin === 'array' ? 'pickSome' : 'required');
      return t('tooShort', { min: issue.minimum });
    case 'too_big':
      return t('tooLong', { max: issue.maximum });
    case 'invalid_value':
      return missing ? t('required') : t('pickOne');
    default:
      return missing ? t('required') : t('invalid');
  }
}

const isEmpty = (input: unknown) =>
  input === undefined || input === null || input === '' || (Array.isArray(input) && input.length === 0);

function requiredMessage(path: readonly PropertyKey[], labels: FieldLabels): string {
  const label = labels[String(path.at(-1) ?? '')];
  return label ? i18n.t('forms.required', { label }) : i18n.t('forms.requiredField');
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
  return checkForm(schema, values, labels).errors;
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
  const parsed = schema.safeParse(values, {
    reportInput: true,
    error: (issue) => plainMessage(issue, labels),
  });
  if (parsed.success) return { errors: {}, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    // Nothing given: "Account is required", whatever the schema says of a wrong value
    // ("must be a whole number between 1 and …" fits a wrong id, not an empty picker).
    const nothing = issue.path.length > 0 && 'input' in issue && isEmpty(issue.input);
    errors[issue.path.join('.') || 'form'] ??= nothing ? requiredMessage(issue.path, labels) : issue.message;
  }
  return { errors };
}

/** The server's field messages from a 400 body (section 8 `errors`), by the body's keys. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const body = (err as { body?: { errors?: unknown } })?.body;
  const errors = body?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter(([, m]) => typeof m === 'string'),
  ) as Record<string, string>;
}

/** What a refusal says, placed: each field message on its form field, the rest in one sentence. */
export type PlacedRefusal = { fields: Record<string, string>; message: string | null };

/**
 * Places a refused call on the form that made it. A field message goes to the form field
 * its key names (`fieldOf` maps body keys the form names differently, `fromAccountId` →
 * `accountId`); one the form does not show reads in the form's message, named by its label;
 * with nothing placed, the server's sentence, its field key turned into the label.
 */
export function placeRefusal(
  err: unknown,
  labels: FieldLabels,
  fieldOf: Readonly<Record<string, string>> = {},
): PlacedRefusal {
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [key, message] of Object.entries(serverFieldErrors(err))) {
    const field = fieldOf[key] ?? key;
    if (field in labels) fields[field] ??= message;
    // A fragment (`is not a valid IBAN`) reads after its field's label; a sentence stands alone.
    else unplaced.push(/^[a-z]/.test(message) ? readableMessage(`${key}: ${message}`, labels) : message);
  }
  if (unplaced.length) return { fields, message: unplaced.join(' · ') };
  if (Object.keys(fields).length) return { fields, message: null };
  return { fields, message: readableMessage(serverMessage(toGatewayError(err)), labels) };
}
