import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENDPOINT_LIST } from './endpoint-table';
import {
  AMOUNT_BOUND,
  AMOUNT_MAX,
  BIDI_CONTROL,
  BIGINT_ID_MAX,
  CONTROL_CHARACTERS,
  DEFAULT_DATE_WINDOW,
  INT4_MAX,
  parseId,
  setDateWindow,
  text,
  trimmed,
  UNPAIRED_SURROGATE,
  withoutBidiControls,
  ZAmount,
  ZBigId,
  ZDate,
  ZId,
  ZIdParam,
} from './primitives';
import { schemaLeaves } from './schema-fields';

const problem = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('ids', () => {
  it('accepts a whole number from 1 to the largest value of an integer column', () => {
    expect(ZId.parse(1)).toBe(1);
    expect(ZId.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(ZBigId.parse(BIGINT_ID_MAX)).toBe(BIGINT_ID_MAX);
  });

  it.each([0, -1, 1.5, INT4_MAX + 1, 2 ** 53, 1e20, '1', Number.NaN, null])(
    'refuses %s with "must be a whole number between 1 and 2147483647"',
    (v) => expect(problem(ZId, v)).toBe('must be a whole number between 1 and 2147483647'),
  );

  it('refuses a bigserial id past what a JSON number carries exactly', () => {
    expect(problem(ZBigId, 2 ** 53)).toBe(`must be a whole number between 1 and ${BIGINT_ID_MAX}`);
  });

  it('reads an id from a path or a query string by the same rule', () => {
    expect(ZIdParam.parse('42')).toBe(42);
    for (const v of ['0', '-1', '1.5', '1e3', ' 1', '0x10', '', 'abc', '2147483648', '99999999999999999999'])
      expect([v, problem(ZIdParam, v)]).toEqual([v, 'must be a whole number between 1 and 2147483647']);
  });

  it('gives the guard the same rule for an entity id it reads before validation', () => {
    expect(parseId(7)).toBe(7);
    expect(parseId('7')).toBe(7);
    for (const v of [0, -3, 2.5, INT4_MAX + 1, '2147483648', 'x', '', [], {}, true])
      expect(parseId(v)).toBeNull();
  });
});

describe('text', () => {
  const name = trimmed(100).min(1);
  it('accepts ordinary text, tabs and line breaks, and characters outside the basic plane', () => {
    expect(name.parse('  Trading – €/£ 😀\tone\r\ntwo ')).toBe('Trading – €/£ 😀\tone\r\ntwo');
  });

  it.each([
    ['a NUL byte', 'a\u0000b'],
    ['an escape', 'a\u001bb'],
    ['a delete', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
  ])('refuses %s with "must not contain control characters"', (_, v) => {
    expect(problem(name, v)).toBe(CONTROL_CHARACTERS);
  });

  it.each([
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
    ['a high surrogate at the end', 'ab\ud83d'],
  ])('refuses %s', (_, v) => {
    expect(problem(name, v)).toBe(UNPAIRED_SURROGATE);
  });

  it('keeps a password exactly as typed', () => {
    expect(text(20).parse(' pass word ')).toBe(' pass word ');
  });
});

describe('text-direction controls', () => {
  const name = trimmed(100).min(1);
  const BIDI = [
    ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'],
    ...['\u2066', '\u2067', '\u2068', '\u2069'],
    ...['\u200e', '\u200f', '\u061c'],
  ];

  it.each(BIDI.map((c) => [`U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`, c]))(
    'refuses %s in a name, a reference and a password with "must not contain text-direction control characters"',
    (_, c) => {
      expect(problem(name, `invoice${c}gnp.exe`)).toBe(BIDI_CONTROL);
      expect(problem(trimmed(100), `${c}`)).toBe(BIDI_CONTROL);
      expect(problem(text(20), `pass${c}word`)).toBe(BIDI_CONTROL);
      expect(problem(text(36).uuid(), `${c}a`)).toBe(BIDI_CONTROL);
    },
  );

  it('accepts right-to-left text as typed: the bidirectional algorithm orders it without controls', () => {
    expect(name.parse('شركة الخليج')).toBe('شركة الخليج');
    expect(name.parse('בנק לאומי 12')).toBe('בנק לאומי 12');
  });

  it('strips them from text that comes from outside any contract', () => {
    expect(withoutBidiControls('Mallory\u202e\u2066gnp.exe\u200f')).toBe('Mallorygnp.exe');
    expect(withoutBidiControls('plain')).toBe('plain');
  });
});

describe('dates', () => {
  afterEach(() => setDateWindow(DEFAULT_DATE_WINDOW));

  it('accepts a date within the window and refuses others, naming the window', () => {
    expect(ZDate.parse('2026-11-20')).toBe('2026-11-20');
    expect(ZDate.parse(DEFAULT_DATE_WINDOW.from)).toBe(DEFAULT_DATE_WINDOW.from);
    expect(ZDate.parse(DEFAULT_DATE_WINDOW.to)).toBe(DEFAULT_DATE_WINDOW.to);
    for (const v of ['0000-01-01', '0001-01-01', '1969-12-31', '2101-01-01', '9999-12-31', '2026-02-30', 'x'])
      expect([v, problem(ZDate, v)]).toEqual([v, 'must be a date between 1970-01-01 and 2100-12-31']);
  });

  it('follows the configured window', () => {
    setDateWindow({ from: '2000-01-01', to: '2030-12-31' });
    expect(problem(ZDate, '1999-12-31')).toBe('must be a date between 2000-01-01 and 2030-12-31');
    expect(() => setDateWindow({ from: '2030-01-01', to: '2000-01-01' })).toThrow();
  });
});

describe('amounts', () => {
  it('accepts up to 20 digits before the point and 18 after: what NUMERIC(38,18) holds', () => {
    expect(ZAmount.parse(AMOUNT_MAX)).toBe(AMOUNT_MAX);
    expect(ZAmount.parse('99999999999999999999.99')).toBe('99999999999999999999.99');
  });

  it.each(['100000000000000000000', '1.0000000000000000001', '999999999999999999999999999999'])(
    'refuses %s as beyond the bound',
    (v) => expect(problem(ZAmount, v)).toBe(AMOUNT_BOUND),
  );

  it.each(['1e30', '-1', '12,5', 'Infinity', ' 1', ''])('refuses %s as not an amount', (v) => {
    expect(problem(ZAmount, v)).toBe('Enter an amount such as 125.50');
  });
});

/** Request fields that are deliberately free-form, and why. */
const UNBOUNDED_ALLOWED = new Set([
  // The session client's `data` is accepted for compatibility and ignored by the server.
  'auth.updateSession body.data',
]);

describe('every request field of every contract row', () => {
  const leaves = ENDPOINT_LIST.flatMap((e) =>
    (['body', 'query', 'params'] as const).flatMap((where) =>
      e[where]
        ? schemaLeaves(e[where]).map((l) => ({ ...l, name: `${e.id} ${[where, ...l.path].join('.')}` }))
        : [],
    ),
  );

  it('finds the fields (the walk reaches into objects, arrays and unions)', () => {
    const names = leaves.map((l) => l.name);
    expect(names).toContain('account.view body.accountId');
    expect(names).toContain('entity.create body.addresses.0.line1');
    expect(names).toContain('entity.childList params.id');
    expect(names).toContain('authorization.groupsCreate body.members.0.id');
  });

  it('builds every string from a primitive: text, a date, an amount or an id', () => {
    const bare = leaves.filter((l) => l.type === 'string' && !l.meta).map((l) => l.name);
    expect(bare).toEqual([]);
  });

  it('bounds every number: an id within its column, or a count with a minimum and a maximum', () => {
    const unbounded = leaves
      .filter((l) => l.type === 'number' && l.meta?.kind !== 'id')
      .filter((l) => {
        const n = l.schema as z.ZodNumber;
        return !(n.minValue !== null && n.minValue >= 0 && n.maxValue !== null && n.maxValue <= INT4_MAX);
      })
      .map((l) => l.name);
    expect(unbounded).toEqual([]);
  });

  it('refuses a text-direction override in every text field', () => {
    const accepted = leaves
      .filter((l) => l.meta?.kind === 'text')
      .filter((l) => problem(l.schema, 'a\u202e') !== BIDI_CONTROL)
      .map((l) => l.name);
    expect(leaves.filter((l) => l.meta?.kind === 'text').length).toBeGreaterThan(100);
    expect(accepted).toEqual([]);
  });

  it('takes nothing free-form beyond the documented exceptions', () => {
    const free = leaves.filter((l) => ['unknown', 'any', 'record'].includes(l.type)).map((l) => l.name);
    expect(free.filter((n) => !UNBOUNDED_ALLOWED.has(n))).toEqual([]);
  });
});
