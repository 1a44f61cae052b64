import { bicProblem, ibanProblem } from '@clearway/contracts/bank-codes';

/** A bank code of a form: the field it is typed in, and what was typed. */
type CodeField = readonly [field: string, value: string];

/**
 * A form's check with its bank codes checked too, as the server checks them (an IBAN's
 * checksum, a BIC). A code left empty, or one the schema already refused, is left as it is.
 * Apart from form-errors.ts so the sign-in page does not load the IBAN tables.
 */
export function withBankCodes<B>(
  checked: { errors: Record<string, string>; body?: B },
  codes: { iban?: CodeField; bic?: CodeField },
): { errors: Record<string, string>; body?: B } {
  const errors = { ...checked.errors };
  const check = (code: CodeField | undefined, problemOf: (v: string) => string | null) => {
    const [field, value] = code ?? ['', ''];
    const problem = value && !errors[field] ? problemOf(value) : null;
    if (problem) errors[field] = problem;
  };
  check(codes.iban, ibanProblem);
  check(codes.bic, bicProblem);
  return Object.keys(errors).length ? { errors } : checked;
}
