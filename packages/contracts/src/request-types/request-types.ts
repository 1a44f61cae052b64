import type { z } from 'zod';
import type { RequestType } from '../enums';
import { approvalPolicyRequest } from './approval-policy-request-type';
import { entityMoveRequest } from './entity-request-types';
import { largeCashEntryRequest, limitRequest } from './limit-request-types';
import { depositRequest, internalTransferRequest, withdrawalRequest } from './money-request-types';
import type { RequestTypeDefinition } from './request-type';
import { barrierEventRequest, offMarketTradeRequest } from './trading-request-types';
import {
  bankAccountRequest,
  removeBankAccountRequest,
  removeWalletRequest,
  updateBankAccountRequest,
  updateWalletRequest,
  walletAddressRequest,
} from './whitelist-request-types';

/**
 * Every request type's definition by its type. A type in `REQUEST_TYPES` without a
 * definition here (or the reverse) does not compile. A new request type is: its value in
 * `REQUEST_TYPES` (and the database enum), its definition, one line here and one in the
 * view union (`requests.schemas.ts`), and its handler registered by the owning server module.
 */
export const REQUEST_TYPE_DEFINITIONS = {
  'BANK ACCOUNT': bankAccountRequest,
  'WALLET ADDRESS': walletAddressRequest,
  'REMOVE BANK ACCOUNT': removeBankAccountRequest,
  'REMOVE WALLET': removeWalletRequest,
  WITHDRAWAL: withdrawalRequest,
  DEPOSIT: depositRequest,
  'UPDATE WALLET': updateWalletRequest,
  'UPDATE BANK ACCOUNT': updateBankAccountRequest,
  'INTERNAL TRANSFER': internalTransferRequest,
  'APPROVAL POLICY': approvalPolicyRequest,
  'OFF MARKET TRADE': offMarketTradeRequest,
  'BARRIER EVENT': barrierEventRequest,
  LIMIT: limitRequest,
  'LARGE CASH ENTRY': largeCashEntryRequest,
  'ENTITY MOVE': entityMoveRequest,
} as const satisfies { [T in RequestType]: RequestTypeDefinition<T> };

type Definitions = typeof REQUEST_TYPE_DEFINITIONS;
type PayloadSchemaOf<T extends RequestType> = Definitions[T]['payload'];

/** The frozen payload of a request of type T, as stored and as every reader sees it. */
export type PayloadOf<T extends RequestType> = z.output<PayloadSchemaOf<T>>;
/** What a submitting module hands over for a request of type T (defaults not yet applied). */
export type PayloadInputOf<T extends RequestType> = z.input<PayloadSchemaOf<T>>;

// The same registry, typed so that a generic `T` keeps its own payload schema: code generic
// in the type (the server's engine) reads `requestTypeOf(type).payload` as T's schema, not
// as the union of all of them.
const DEFINITIONS: { [T in RequestType]: RequestTypeDefinition<T, PayloadSchemaOf<T>> } =
  REQUEST_TYPE_DEFINITIONS;

/** A request type's definition (its label, approve key, payload schema and field labels). */
export function requestTypeOf<T extends RequestType>(type: T): RequestTypeDefinition<T, PayloadSchemaOf<T>> {
  return DEFINITIONS[type];
}
