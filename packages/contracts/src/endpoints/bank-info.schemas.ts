import { z } from 'zod';
import { text, trimmed, ZId } from '../primitives';

const id = ZId;
const entityId = id.optional();

export const ZBankInfo = z.object({
  id: z.number(),
  entityId: z.number(),
  beneficiaryName: z.string(),
  beneficiaryAddress: z.string(),
  bankName: z.string(),
  iban: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bic: z.string(),
  currency: z.string(),
  status: z.enum(['ACTIVE', 'REMOVED']),
  active: z.boolean(),
  usableFrom: z.string(),
  usable: z.boolean(),
  createdAt: z.string(),
});
export type TBankInfo = z.infer<typeof ZBankInfo>;

const bankFields = {
  beneficiaryName: trimmed(140).min(1, 'Enter the beneficiary'),
  beneficiaryAddress: trimmed(280).min(1, 'Enter the beneficiary address'),
  bankName: trimmed(140).min(1, 'Enter the bank'),
  iban: trimmed(42).optional(),
  accountNumber: trimmed(34).optional(),
  bic: trimmed(11).min(8, 'A BIC has 8 or 11 characters'),
  currency: text(3, 'Use a three-letter currency code').regex(
    /^[A-Z]{3}$/,
    'Use a three-letter currency code',
  ),
};
/** A bank account's details as checked and kept (the payload of a BANK ACCOUNT request). */
export const ZBankDetails = z.strictObject(bankFields);
export const ZBankInfoRequest = z.strictObject({
  entityId,
  /** Present: a change to that bank account (UPDATE BANK ACCOUNT); absent: a new one. */
  bankInfoId: id.optional(),
  ...bankFields,
});
export const ZBankInfoCreate = z.strictObject({ entityId, ...bankFields });
export const ZBankInfoUpdate = z.strictObject({ entityId, bankInfoId: id, ...bankFields });
export const ZBankInfoList = z.strictObject({ entityId, includeRemoved: z.boolean().default(false) });
export const ZBankInfoRef = z.strictObject({ entityId, bankInfoId: id });
