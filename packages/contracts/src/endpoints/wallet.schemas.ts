import { z } from 'zod';
import { VASP_STATUSES, WALLET_TYPE_UNKNOWN, WALLET_TYPES } from '../enums';
import { NETWORK_CODES } from '../networks';
import { text, trimmed, ZId, ZOffset } from '../primitives';

const id = ZId;
const entityId = id.optional();
export const ZWalletType = z.enum([...WALLET_TYPES, WALLET_TYPE_UNKNOWN]);

export const ZWallet = z.object({
  id: z.number(),
  entityId: z.number(),
  type: ZWalletType,
  active: z.boolean(),
  status: z.enum(['ACTIVE', 'REMOVED']),
  friendlyName: z.string(),
  network: z.enum(NETWORK_CODES),
  address: z.string(),
  tagMemo: z.string().nullable(),
  digitalAssets: z.array(z.string()),
  vaspId: z.number().nullable(),
  /** When the wallet may first receive a withdrawal (the cool-down after approval). */
  usableFrom: z.string(),
  usable: z.boolean(),
  createdAt: z.string(),
});
export type TWallet = z.infer<typeof ZWallet>;

const walletFields = {
  network: z.enum(NETWORK_CODES),
  address: trimmed(128).min(10, 'Enter the address'),
  tagMemo: trimmed(64).optional(),
  friendlyName: trimmed(80).min(1, 'Enter a name'),
  digitalAssets: z
    .array(text(10, 'Pick an asset').regex(/^[A-Z0-9]{2,10}$/))
    .min(1, 'Pick at least one asset')
    .max(10),
  walletType: ZWalletType.default(WALLET_TYPE_UNKNOWN),
  vaspId: id.optional(),
};
/** A wallet's details as checked and kept (the payload of a WALLET ADDRESS request). */
export const ZWalletDetails = z.strictObject(walletFields);
/** Without `walletId`: a new wallet (WALLET ADDRESS); with it: a change (UPDATE WALLET). */
export const ZWalletRequest = z.strictObject({ entityId, walletId: id.optional(), ...walletFields });
export const ZWalletList = z.strictObject({ entityId, includeRemoved: z.boolean().default(false) });
/** Clients may edit only the friendly name and the tag/memo; anything else is a new request. */
export const ZWalletEdit = z.strictObject({
  entityId,
  walletId: id,
  friendlyName: trimmed(80).min(1).optional(),
  tagMemo: trimmed(64).optional(),
});
export const ZWalletTypeUpdate = z.strictObject({
  entityId,
  walletId: id,
  walletType: z.enum(WALLET_TYPES),
  vaspId: id.optional(),
});
export const ZWalletRef = z.strictObject({ entityId, walletId: id });
export const ZWalletSearch = z.strictObject({
  entityId,
  query: trimmed(128).default(''),
  network: z.enum(NETWORK_CODES).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export const ZWalletSearchResult = z.array(ZWallet.extend({ entityName: z.string() }));
export const ZNetworks = z.array(
  z.object({
    code: z.string(),
    name: z.string(),
    assets: z.array(z.string()),
    tag: z.enum(['none', 'required']),
  }),
);
export const ZWorkflowsRequest = z.strictObject({
  entityId,
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'COMPLETED']).optional(),
  limit: z.number().int().min(1).max(200).default(50),
  offset: ZOffset,
});

export const ZVasp = z.object({
  id: z.number(),
  name: z.string(),
  lei: z.string().nullable(),
  travelRuleId: z.string().nullable(),
  jurisdiction: z.string(),
  website: z.string().nullable(),
  status: z.enum(VASP_STATUSES),
});
export type TVasp = z.infer<typeof ZVasp>;
const vaspFields = {
  name: trimmed(120).min(1, 'Enter a name'),
  lei: trimmed(20, 'An LEI has 20 characters')
    .regex(/^[A-Z0-9]{18}[0-9]{2}$/, 'An LEI has 20 characters')
    .optional(),
  travelRuleId: trimmed(120).optional(),
  jurisdiction: text(2, 'Use the ISO 3166 two-letter code').regex(
    /^[A-Z]{2}$/,
    'Use the ISO 3166 two-letter code',
  ),
  website: text(200).url().optional(),
  status: z.enum(VASP_STATUSES).default('ACTIVE'),
};
export const ZCreateVasp = z.strictObject({ entityId, ...vaspFields });
export const ZUpdateVasp = z.strictObject({ entityId, vaspId: id, ...vaspFields });
export const ZVaspRef = z.strictObject({ entityId, vaspId: id });
