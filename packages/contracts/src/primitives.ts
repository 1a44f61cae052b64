import { z } from 'zod';

/**
 * The bounded building blocks every request schema is made of: ids within their database
 * column's range, text PostgreSQL can store, dates within a plausible window and amounts
 * the ledger's NUMERIC columns hold. A value outside them is refused at the contract with
 * a field message, before any handler or query sees it. Each primitive is registered in
 * FIELD_KINDS with its kind, so tests find every field of a kind in every schema.
 */

/** The largest value of a PostgreSQL `integer` (serial) column. */
export const INT4_MAX = 2_147_483_647;
/** Ids of `bigserial` columns: as far as a JSON number carries an integer exactly. */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;

/** Digits of a single amount: NUMERIC(38,18), the ledger's amount columns. */
export const AMOUNT_INTEGER_DIGITS = 20;
export const AMOUNT_SCALE = 18;
/** The largest amount any call accepts. */
export const AMOUNT_MAX = `${'9'.repeat(AMOUNT_INTEGER_DIGITS)}.${'9'.repeat(AMOUNT_SCALE)}`;

export type FieldKind = 'id' | 'text' | 'date' | 'amount';
export type FieldMeta =
  | { kind: 'id'; max: number; wire: 'number' | 'string' }
  | { kind: 'text' }
  | { kind: 'date' }
  | { kind: 'amount'; signed?: boolean };

/** Which primitive a schema was built from (refinements of a primitive keep its entry). */
export const FIELD_KINDS = z.registry<FieldMeta>();

export const idMessage = (max: number) => `must be a whole number between 1 and ${max}`;

/** An id as a JSON number: a whole number from 1 to the column's largest value. */
function idOf(max: number) {
  const message = idMessage(max);
  return z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message })
    .register(FIELD_KINDS, { kind: 'id', max, wire: 'number' });
}

/** An id of an `integer`/`serial` column (entities, accounts, wallets, cash entries, …). */
export const ZId = idOf(INT4_MAX);
/** An id of a `bigserial` column (requests, notifications). */
export const ZBigId = idOf(BIGINT_ID_MAX);

const ID_DIGITS = /^[0-9]{1,16}$/;

/**
 * The one id rule, for values that arrive untyped (a path, a query string, or a body the
 * generic guard reads before validation): a number, or a string of digits, from 1 to `max`.
 * @returns the id, or null when the value is not one
 */
export function parseId(raw: unknown, max: number = INT4_MAX): number | null {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && ID_DIGITS.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
}

/** An id carried as text (a path segment or a query value). */
function idTextOf(max: number) {
  const message = idMessage(max);
  return z
    .string({ error: message })
    .regex(ID_DIGITS, { error: message })
    .pipe(
      z.coerce
        .number<string>()
        .int({ error: message })
        .min(1, { error: message })
        .max(max, { error: message }),
    )
    .register(FIELD_KINDS, { kind: 'id', max, wire: 'string' });
}
export const ZIdParam = idTextOf(INT4_MAX);
export const ZBigIdParam = idTextOf(BIGINT_ID_MAX);

export const CONTROL_CHARACTERS = 'must not contain control characters';
export const UNPAIRED_SURROGATE = 'must not contain invalid characters (an unpaired surrogate)';
export const BIDI_CONTROL = 'must not contain text-direction control characters';

/**
 * The invisible characters that change the order text is shown in: embeddings and overrides
 * (U+202A–U+202E), isolates (U+2066–U+2069) and the marks (U+200E LRM, U+200F RLM, U+061C
 * ALM). An override makes `invoice\u202Egnp.exe` read "invoiceexe.png" to an approver; a mark
 * moves digits and punctuation about. Arabic and Hebrew text reads right without any of
 * them (the bidirectional algorithm orders it), so names, references and memos refuse them
 * all rather than judge which use is harmless.
 */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const isBidiControl = (c: number) => BIDI_CONTROLS.test(String.fromCharCode(c));

/** Text from outside any contract (a claim of an identity provider) with its direction controls removed. */
export const withoutBidiControls = (s: string) => s.replace(new RegExp(BIDI_CONTROLS.source, 'g'), '');

/**
 * Why a string cannot be stored as text, or null: a control character (C0 other than tab,
 * line feed and carriage return — NUL above all, which PostgreSQL text refuses —, DEL, C1),
 * half of a surrogate pair (no UTF-8 encoding; jsonb refuses its escape), or a
 * text-direction control (`BIDI_CONTROLS`: what people are shown must read as typed).
 */
export function textProblem(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f))
      return CONTROL_CHARACTERS;
    if (isBidiControl(c)) return BIDI_CONTROL;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return UNPAIRED_SURROGATE;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return UNPAIRED_SURROGATE;
  }
  return null;
}

const storable = (ctx: { value: string; issues: unknown[] }) => {
  const problem = textProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
};

/**
 * Text of at most `max` characters that PostgreSQL can store, exactly as typed (a
 * password); refine it further as usual (`text(10).regex(…)`): refinements keep its kind.
 */
export function text(max: number, tooLong?: string) {
  return z
    .string()
    .max(max, tooLong)
    .check(storable as never)
    .register(FIELD_KINDS, { kind: 'text' });
}

/** Like `text`, with surrounding white space removed first (names, references, memos). */
export function trimmed(max: number, tooLong?: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .check(storable as never)
    .register(FIELD_KINDS, { kind: 'text' });
}

export type DateWindow = { from: string; to: string };
/** The default plausible window (DATE_WINDOW_START, DATE_WINDOW_END). */
export const DEFAULT_DATE_WINDOW: DateWindow = { from: '1970-01-01', to: '2100-12-31' };
let window: DateWindow = DEFAULT_DATE_WINDOW;

/** Sets the window every date field accepts: the server from its configuration, the web app from the server's. */
export function setDateWindow(w: DateWindow) {
  if (!z.iso.date().safeParse(w.from).success || !z.iso.date().safeParse(w.to).success || w.from > w.to)
    throw new Error(`Invalid date window ${w.from} … ${w.to}`);
  window = { from: w.from, to: w.to };
}
export const dateWindow = (): DateWindow => window;
export const dateMessage = (w: DateWindow = window) => `must be a date between ${w.from} and ${w.to}`;

/** A calendar date (yyyy-mm-dd) within the configured window. */
export const ZDate = z.iso
  .date({ error: () => dateMessage() })
  .check((ctx) => {
    // ISO dates with four-digit years order as strings.
    if (ctx.value < window.from || ctx.value > window.to)
      ctx.issues.push({ code: 'custom', message: dateMessage(), input: ctx.value });
  })
  .register(FIELD_KINDS, { kind: 'date' });

const INSTANT_MESSAGE = 'Enter a date and time such as 2026-11-27T14:05:00Z';
/** An instant: an ISO date and time with its offset (when a rate was observed, say); text of its shape. */
export const ZInstant = text(40, INSTANT_MESSAGE)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, INSTANT_MESSAGE)
  .refine((v) => !Number.isNaN(Date.parse(v)), INSTANT_MESSAGE);

/** Why a filter's date range is unusable — its To date before its From date — or null. */
export function dateRangeProblem(range: {
  from?: string | undefined;
  to?: string | undefined;
}): string | null {
  return range.from && range.to && range.from > range.to ? 'must not be before the From date' : null;
}
/** A list filter with a date range: refused (on `to`) when the range runs backwards. */
export function withDateRange<T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(
  schema: T,
) {
  return schema.refine((r) => dateRangeProblem(r) === null, {
    path: ['to'],
    message: 'must not be before the From date',
  });
}

const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;
const BOUNDED_DECIMAL = new RegExp(`^[0-9]{1,${AMOUNT_INTEGER_DIGITS}}(\\.[0-9]{1,${AMOUNT_SCALE}})?$`);
export const AMOUNT_BOUND = `must have at most ${AMOUNT_INTEGER_DIGITS} digits before the decimal point and ${AMOUNT_SCALE} after`;

/**
 * A non-negative decimal string the ledger's NUMERIC(38,18) holds: `shape` is the message
 * for something that is not a decimal number at all.
 */
export function decimal(shape: string) {
  return z
    .string({ error: shape })
    .check((ctx) => {
      const v = ctx.value;
      if (!DECIMAL.test(v)) ctx.issues.push({ code: 'custom', message: shape, input: v });
      else if (!BOUNDED_DECIMAL.test(v)) ctx.issues.push({ code: 'custom', message: AMOUNT_BOUND, input: v });
    })
    .register(FIELD_KINDS, { kind: 'amount' });
}

const SIGNED_DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;
const BOUNDED_SIGNED_DECIMAL = new RegExp(
  `^-?[0-9]{1,${AMOUNT_INTEGER_DIGITS}}(\\.[0-9]{1,${AMOUNT_SCALE}})?$`,
);

/**
 * A decimal string that may be negative (swap points, financing rates), within what a
 * NUMERIC(38,18) column holds either side of zero.
 */
export function signedDecimal(shape: string) {
  return z
    .string({ error: shape })
    .check((ctx) => {
      const v = ctx.value;
      if (!SIGNED_DECIMAL.test(v)) ctx.issues.push({ code: 'custom', message: shape, input: v });
      else if (!BOUNDED_SIGNED_DECIMAL.test(v))
        ctx.issues.push({ code: 'custom', message: AMOUNT_BOUND, input: v });
    })
    .register(FIELD_KINDS, { kind: 'amount', signed: true });
}

/** Amounts travel as decimal strings; the server checks the asset's scale. */
export const ZAmount = decimal('Enter an amount such as 125.50');

/** Paging: how many rows to skip. */
export const ZOffset = z.number().int().min(0).max(INT4_MAX).default(0);
