import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, keepsNegativeNumber, neutraliseFormulas, toCsv } from './csv';

/**
 * A CSV reader as spreadsheets have them: a field opens quoted only at its start, `""` in
 * quotes is a quote, text after a closing quote joins the field, and outside quotes a CR, a
 * LF or a CRLF ends the row. Splitting on `;` a file written with `,` is what a spreadsheet
 * in a decimal-comma locale does.
 */
function readCsv(text: string, delimiter: ',' | ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') field += text[++i];
      else quoted = false;
    } else if (c === '"' && !started) {
      quoted = true;
      started = true;
    } else if (c === delimiter || c === '\r' || c === '\n') {
      row.push(field);
      field = '';
      started = false;
      if (c !== delimiter) {
        rows.push(row);
        row = [];
        if (c === '\r' && text[i + 1] === '\n') i++;
      }
    } else {
      field += c;
      started = true;
    }
  }
  row.push(field);
  rows.push(row);
  return rows;
}

/** A formula's first character; a CR only where it is not the first half of a CRLF line break. */
const FORMULA_START = /^(?:[=+\-@\t]|\r(?!\n))/;
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

/** The lines of a field (from its start, and after each line break) a spreadsheet would run as a formula. */
function formulaLines(field: string): string[] {
  const starts = [0, ...[...field.matchAll(/\r\n|\r|\n/g)].map((m) => m.index + m[0].length)];
  return starts
    .map((s) => field.slice(s))
    .filter((rest) => FORMULA_START.test(rest) && !PLAIN_NUMBER.test(/^[^\r\n]*/.exec(rest)![0]));
}

/** Text an attacker would type: formula starts, delimiters, quotes and every kind of line break. */
const hostile = fc.oneof(
  fc.string({
    unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ';', ',', '"', "'", ' ', 'a', '1', '.', '|'),
    maxLength: 12,
  }),
  fc.constantFrom('-12.50', '-7', '+12', "=cmd|' /C calc'!A0", "x;=cmd|' /C calc'!A0", '\r=1+1', '-1,234.50'),
  fc.string(),
);
const rows = fc.array(fc.array(hostile, { minLength: 1, maxLength: 4 }), { minLength: 0, maxLength: 5 });

describe('CSV export', () => {
  it('leaves no field, nor any line within a field, starting a formula, read with "," or ";"', () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), rows, (header, body) => {
        const csv = toCsv(header, body);
        const formulas = (delimiter: ',' | ';') =>
          readCsv(csv, delimiter)
            .flat()
            .filter((field) => formulaLines(field).length > 0);
        expect({ ',': formulas(','), ';': formulas(';') }).toEqual({ ',': [], ';': [] });
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('reads back with "," as the cells it was given, neutralised', () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), rows, (header, body) => {
        const expected = [header, ...body].map((r) =>
          r.map((v, i) => neutraliseFormulas(v, keepsNegativeNumber(i, r.length))),
        );
        expect(readCsv(toCsv(header, body), ',')).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('changes nothing an ordinary cell holds', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 .:/()&'_€£-]*$/), (s) => {
        fc.pre(!FORMULA_START.test(s));
        expect(csvCell(s)).toBe(s);
      }),
    );
  });

  it('keeps a negative amount a number, and a formula with a minus text', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x', '-12.50'],
          ['y', '-7'],
          ['z', '-2+3'],
          ['w', '-1,234.50'],
        ],
      ),
    ).toBe(['a,b', 'x,-12.50', 'y,-7', "z,'-2+3", `w,"'-1,234.50"`].join('\r\n'));
    expect(toCsv(['amount'], [['-12.50'], [-3]])).toBe('amount\r\n-12.50\r\n-3');
  });

  it('spares no negative number first in a row of several: a ";" reader reads it with the cells after it', () => {
    expect(toCsv(['a', 'b'], [['-12', '5+cmd|x!A0']])).toBe("a,b\r\n'-12,5+cmd|x!A0");
  });

  it.each([
    ['a formula', '=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['a plus', '+1+1', "'+1+1"],
    ['an at', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\t=1', `"'\t'=1"`],
    ['a leading carriage return', '\r=1', `"'\r'=1"`],
    ['a formula after a bare carriage return', 'note\r=cmd|x', `"note\r'=cmd|x"`],
    ['a formula after a line feed', 'note\n@SUM(A1)', `"note\n'@SUM(A1)"`],
    ['a formula after a ";"', 'x;=cmd|x', `"x;'=cmd|x"`],
    ['a formula after a "," behind quotes', 'x,""=1', `"x,'""""=1"`],
    ['a negative number on a later line', 'x\n-5', `"x\n'-5"`],
  ])('neutralises %s', (_, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['a comma', 'x,y', '"x,y"'],
    ['a semicolon', 'x;y', '"x;y"'],
    ['a quote', 'say "hi"', '"say ""hi"""'],
    ['a tab', 'x\ty', '"x\ty"'],
    ['a bare carriage return', 'x\ry', '"x\ry"'],
    ['a line feed', 'x\ny', '"x\ny"'],
  ])('quotes a cell holding %s', (_, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes an empty cell for nothing', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, 0]])).toBe('a,b,c\r\n,,0');
  });
});
