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

type HistoricEntryType = 'DEPOSIT' | 'WITHDRAWAL' | 'INTERNAL_TRANSFER';

/**
 * The historic entries the user may book on the entity, by the keys they hold. Historic
 * entries are back-office bookings by staff above the account's owner (the server refuses
 * them on the booker's own entity), so a client user, who only sees their own entities, is
 * never offered one — even with the request keys that section 6 maps them to.
 */
export function historicEntryTypes(e: SelectedEntity | null): HistoricEntryType[] {
  if (!e || e.isClientUser) return [];
  const c = e.capabilities;
  const allowed: [HistoricEntryType, boolean][] = [
    ['DEPOSIT', c.canCreateDepositHistoric],
    ['WITHDRAWAL', c.canCreateWithdrawalHistoric],
    ['INTERNAL_TRANSFER', c.canCreateInternalTransferHistoric],
  ];
  return allowed.filter(([, yes]) => yes).map(([type]) => type);
}

export const SelectedEntityContext = createContext<SelectedEntity | null>(null);

export function useSelectedEntity(): SelectedEntity | null {
  return useContext(SelectedEntityContext);
}
