import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * The checks of a bank's codes, once for server and browser (ibantools): the server refuses
 * with them, the browser tells the same before it asks — so a bad IBAN shows with the
 * form's other problems, not on a second try. Messages read after the field's label.
 */
export const INVALID_IBAN = 'is not a valid IBAN';
export const INVALID_BIC = 'is not a valid BIC/SWIFT code';

/** An IBAN as stored: upper case, without spaces (`GB33 BUKB…` → `GB33BUKB…`); null if none can be made. */
export const canonicalIban = (iban: string): string | null => electronicFormatIBAN(iban) ?? null;

/** Why an IBAN is refused (its checksum and its country's format), or null. */
export const ibanProblem = (iban: string): string | null =>
  isValidIBAN(canonicalIban(iban) ?? '') ? null : INVALID_IBAN;

/** Why a BIC is refused, or null (either case accepted). */
export const bicProblem = (bic: string): string | null =>
  isValidBIC(bic.toUpperCase()) ? null : INVALID_BIC;
