import { z } from 'zod';
import { ZId } from '../primitives';

const id = ZId;
const entityId = id.optional();

export const ZSsiBankInstruction = z.object({
  id: z.number(),
  currency: z.string(),
  beneficiaryName: z.string(),
  bankName: z.string(),
  iban: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bic: z.string(),
  reference: z.string().nullable(),
});
export const ZSsiProfile = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** The entity whose assignment applies (the selected one or the nearest ancestor). */
  assignedAt: z.number(),
  bank: z.array(ZSsiBankInstruction),
});
export const ZSsiAddress = z.object({
  id: z.number(),
  asset: z.string(),
  network: z.string(),
  address: z.string(),
  tagMemo: z.string().nullable(),
  /** A QR code of the address (PNG data URL) for wallets that scan. */
  qrCode: z.string(),
});
export const ZSsiList = z.strictObject({ entityId });
export const ZSsiAssign = z.strictObject({ entityId, profileId: id });
export const ZSsiDelete = z.strictObject({ entityId, profileId: id });
