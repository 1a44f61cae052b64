import { ZBankInfoRequest } from '@clearway/contracts/endpoints/bank-info.schemas';
import { ZCashReversal } from '@clearway/contracts/endpoints/money.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { withBankCodes } from './bank-code-check';
import { checkForm, fieldErrors } from './form-errors';
import { initI18n } from './i18n';

beforeAll(() => {
  initI18n();
});

const LABELS = { beneficiaryName: 'Beneficiary name', bankName: 'Bank name', currency: 'Currency' };

describe('form messages from the contract’s zod schema', () => {
  it('names a missing field by its label, never its key or zod’s English', () => {
    const errors = fieldErrors(ZBankInfoRequest, { entityId: 2, beneficiaryAddress: 'x', bic: 'y' }, LABELS);
    expect(errors.beneficiaryName).toBe('Beneficiary name is required');
    expect(errors.bankName).toBe('Bank name is required');
    for (const message of Object.values(errors)) {
      expect(message).not.toMatch(/Invalid input|expected|received|beneficiaryName|bankName/);
    }
  });

  it('says "This field is required" where the form gives no label', () => {
    expect(fieldErrors(ZBankInfoRequest, { entityId: 2 }).bankName).toBe('This field is required');
  });

  it('says a field left empty is required, even where the contract words a wrong value (an id)', () => {
    const errors = fieldErrors(
      ZCashReversal,
      { entityId: 2, cashEntryId: undefined, reason: '' },
      { cashEntryId: 'Cash entry', reason: 'Reason' },
    );
    expect(errors).toEqual({ cashEntryId: 'Cash entry is required', reason: 'Reason is required' });
  });

  it('keeps the message the contract words itself', () => {
    expect(fieldErrors(ZCashReversal.pick({ reason: true }), { reason: 'no' }, { reason: 'Reason' })).toEqual(
      {
        reason: 'Say why the entry is reversed (at least 3 characters)',
      },
    );
  });

  it('gives the body the schema makes of valid values, and none with a problem', () => {
    expect(checkForm(ZCashReversal, { entityId: 2, cashEntryId: 7, reason: '  typo  ' })).toEqual({
      errors: {},
      body: { entityId: 2, cashEntryId: 7, reason: 'typo' },
    });
    expect(checkForm(ZCashReversal, { entityId: 2, cashEntryId: 7, reason: '' }).body).toBeUndefined();
  });

  it('checks an IBAN’s checksum and a BIC as the server does, with the form’s other problems', () => {
    const checked = checkForm(
      ZBankInfoRequest,
      { entityId: 2, iban: 'GB00 NOT AN IBAN', bic: 'NWBKGB2L' },
      LABELS,
    );
    expect(
      withBankCodes(checked, { iban: ['iban', 'GB00 NOT AN IBAN'], bic: ['bic', 'NWBKGB2L'] }).errors,
    ).toEqual({
      ...checked.errors,
      iban: 'is not a valid IBAN',
    });
    const good = { iban: ['iban', 'GB33 BUKB 2020 1555 5555 55'], bic: ['bic', 'nwbkgb2l'] } as const;
    expect(withBankCodes({ errors: {}, body: 1 }, good)).toEqual({ errors: {}, body: 1 });
    expect(withBankCodes({ errors: {}, body: 1 }, { bic: ['bic', 'XXXX'] }).errors).toEqual({
      bic: 'is not a valid BIC/SWIFT code',
    });
  });
});
