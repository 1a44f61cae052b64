import { z } from 'zod';
import { REQUEST_TYPES, type RequestType } from '../enums';
import { ZId } from '../primitives';
import { defineRequestType } from './request-type';

/** The request types as a policy change names them (display case). */
const TYPE_LABELS: { readonly [T in RequestType]: string } = {
  'BANK ACCOUNT': 'Bank Account',
  'WALLET ADDRESS': 'Wallet Address',
  'REMOVE BANK ACCOUNT': 'Remove Bank Account',
  'REMOVE WALLET': 'Remove Wallet',
  WITHDRAWAL: 'Withdrawal',
  DEPOSIT: 'Deposit',
  'UPDATE WALLET': 'Update Wallet',
  'UPDATE BANK ACCOUNT': 'Update Bank Account',
  'INTERNAL TRANSFER': 'Internal Transfer',
  'APPROVAL POLICY': 'Approval Policy',
  'OFF MARKET TRADE': 'Off-market Trade',
  'BARRIER EVENT': 'Barrier Event',
  LIMIT: 'Limit',
  'LARGE CASH ENTRY': 'Large Cash Entry',
  'ENTITY MOVE': 'Entity Move',
};

/**
 * A change of an entity's approval policy, asked for where a rule for this very type is in
 * force (four eyes on the four-eyes rules): applied only once another administrator
 * (authorization_management there, never the requester) approves it.
 */
export const approvalPolicyRequest = defineRequestType({
  type: 'APPROVAL POLICY',
  label: 'Approval Policy',
  approveKey: 'authorization_management',
  payload: z.strictObject({
    requestType: z.enum(REQUEST_TYPES),
    /** Null: the entity's own rule is removed (the inherited one applies again). */
    requiredApprovals: z.number().int().min(1).max(10).nullable(),
    approverGroupId: ZId.nullable(),
  }),
  fields: {
    requestType: { label: 'Request type', values: TYPE_LABELS },
    requiredApprovals: { label: 'Approvers needed (empty: the inherited rule)' },
    approverGroupId: { label: 'Approvers’ group', id: true },
  },
});
