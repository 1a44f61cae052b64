import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZBankInfoRequest } from './endpoints/bank-info.schemas';
import { ZCashReversal } from './endpoints/money.schemas';
import { plainIssueMessage } from './zod-messages';

const messages = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value, { error: plainIssueMessage }).error?.issues ?? []).map(
    (i) => `${i.path.join('.')}: ${i.message}`,
  );

describe('plain messages in place of zod’s default English', () => {
  it('reads a missing, mistyped or out-of-range field in words', () => {
    const shape = z.strictObject({
      name: z.string(),
      count: z.number().int().max(5),
      kind: z.enum(['A', 'B']),
      tags: z.array(z.string()).min(1),
      code: z.string().min(3),
    });
    expect(messages(shape, { count: 'x', kind: 'C', tags: [], code: 'ab', extra: 1 })).toEqual([
      'name: is required',
      'count: must be a number',
      'kind: is not one of the choices',
      'tags: needs at least one entry',
      'code: must be at least 3 characters',
      ': Unknown field',
    ]);
  });

  it('never leaves zod’s default English in a refusal of a contract schema', () => {
    for (const value of [{}, { beneficiaryName: 5, currency: 12 }, { entityId: 'x', bic: [] }]) {
      for (const m of messages(ZBankInfoRequest, value))
        expect(m).not.toMatch(/Invalid input|expected|received/);
    }
  });

  it('keeps the message a schema words itself', () => {
    expect(messages(ZCashReversal, { cashEntryId: 7, reason: 'x' })).toEqual([
      'reason: Say why the entry is reversed (at least 3 characters)',
    ]);
  });
});
