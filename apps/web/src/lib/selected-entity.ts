import type { Capabilities } from '@clearway/contracts/capabilities';
import { createContext, useContext } from 'react';

/** The entity the user acts on, as the shell resolved it (features read, never set, it). */
export type SelectedEntity = {
  entityId: number;
  entityName: string;
  attributes: readonly string[];
  capabilities: Capabilities;
  isBroker: boolean;
  /** Section 3's client-user flag: the user sees only client entities. */
  isClientUser: boolean;
};

/**
 * Section 4: pending requests load only when the user may view all pending requests, the
 * selected entity is a broker, and the user is not a client user.
 */
export const loadsPendingRequests = (e: SelectedEntity | null): boolean =>
  Boolean(e?.capabilities.canViewPendingRequests && e.isBroker && !e.isClientUser);

export type HistoricEntryType = 'DEPOSIT' | 'WITHDRAWAL' | 'INTERNAL_TRANSFER';
type CapabilityName = keyof Capabilities;

/** Historic entries are staff work: never a client user's, whatever keys they hold. */
function staffEntryTypes(
  e: SelectedEntity | null,
  flags: Record<HistoricEntryType, CapabilityName>,
): HistoricEntryType[] {
  if (!e || e.isClientUser) return [];
  return (Object.keys(flags) as HistoricEntryType[]).filter((type) => e.capabilities[flags[type]]);
}

/**
 * The historic entries the user may book on the entity, by the keys they hold. Historic
 * entries are back-office bookings by staff above the account's owner (the server refuses
 * them on the booker's own entity), so a client user, who only sees their own entities, is
 * never offered one — even with the request keys that section 6 maps them to.
 */
export const historicEntryTypes = (e: SelectedEntity | null) =>
  staffEntryTypes(e, {
    DEPOSIT: 'canCreateDepositHistoric',
    WITHDRAWAL: 'canCreateWithdrawalHistoric',
    INTERNAL_TRANSFER: 'canCreateInternalTransferHistoric',
  });

/** The historic entries the user may reverse: the same staff rule, the reversal routes' keys. */
export const reversibleEntryTypes = (e: SelectedEntity | null) =>
  staffEntryTypes(e, {
    DEPOSIT: 'canReverseDepositHistoric',
    WITHDRAWAL: 'canReverseWithdrawalHistoric',
    INTERNAL_TRANSFER: 'canReverseInternalTransferHistoric',
  });

export const SelectedEntityContext = createContext<SelectedEntity | null>(null);

export function useSelectedEntity(): SelectedEntity | null {
  return useContext(SelectedEntityContext);
}
