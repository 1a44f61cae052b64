import { z } from 'zod';

const id = z.number().int().positive();
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
  beneficiaryName: z.string().trim().min(1, 'Enter the beneficiary').max(140),
  beneficiaryAddress: z.string().trim().min(1, 'Enter the beneficiary address').max(280),
  bankName: z.string().trim().min(1, 'Enter the bank').max(140),
  iban: z.string().trim().max(42).optional(),
  accountNumber: z.string().trim().max(34).optional(),
  bic: z.string().trim().min(8, 'A BIC has 8 or 11 characters').max(11),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code'),
};
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
