import { z } from 'zod';
import { ZId } from '../primitives';
import { defineRequestType } from './request-type';

/**
 * An entity's move to another parent where approval policies are under four eyes (a rule for
 * 'APPROVAL POLICY' in force at its old or new parent, or within it): a move changes the
 * approval rules the entity inherits, so it is applied only once another administrator —
 * account_management there, at the new parent and above the old one, never the requester —
 * approves it. The request sits at the moved entity; applied on approval if the entity still
 * sits below `fromParentId` and neither place is frozen.
 */
export const entityMoveRequest = defineRequestType({
  type: 'ENTITY MOVE',
  label: 'Entity Move',
  approveKey: 'authorization_management',
  payload: z.strictObject({
    fromParentId: ZId,
    fromParentName: z.string(),
    toParentId: ZId,
    toParentName: z.string(),
  }),
  fields: {
    fromParentId: { label: 'From parent', id: true },
    fromParentName: { label: 'From parent name' },
    toParentId: { label: 'To parent', id: true },
    toParentName: { label: 'To parent name' },
  },
});
