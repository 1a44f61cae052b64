import { describe, expect, it } from 'vitest';
import { bicProblem, canonicalIban, INVALID_BIC, INVALID_IBAN, ibanProblem } from './bank-codes';

describe('bank codes, checked the same way by the server and in the browser', () => {
  it('accepts an IBAN with a valid checksum however it is spaced, and keeps it without spaces', () => {
    expect(ibanProblem('GB33 BUKB 2020 1555 5555 55')).toBeNull();
    expect(canonicalIban('gb33 bukb 2020 1555 5555 55')).toBe('GB33BUKB20201555555555');
  });

  it('refuses an IBAN whose checksum or format is wrong', () => {
    expect(ibanProblem('GB34 BUKB 2020 1555 5555 55')).toBe(INVALID_IBAN);
    expect(ibanProblem('GB00 NOT AN IBAN')).toBe(INVALID_IBAN);
  });

  it('accepts a BIC of 8 or 11 characters in either case, and refuses anything else', () => {
    expect(bicProblem('NWBKGB2L')).toBeNull();
    expect(bicProblem('nwbkgb2lxxx')).toBeNull();
    expect(bicProblem('XXXX')).toBe(INVALID_BIC);
  });
});
