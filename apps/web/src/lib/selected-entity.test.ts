import type { Capabilities } from '@clearway/contracts/capabilities';
import { describe, expect, it } from 'vitest';
import { booksHistoricEntries, loadsPendingRequests, type SelectedEntity } from './selected-entity';

const entity = (canViewPendingRequests: boolean, isBroker: boolean, isClientUser: boolean) =>
  ({
    entityId: 1,
    entityName: 'E',
    attributes: [],
    capabilities: { canViewPendingRequests } as Capabilities,
    isBroker,
    isClientUser,
  }) satisfies SelectedEntity;

describe('section 4: when pending requests load', () => {
  it('loads for a broker whose user may view all pending requests and is not a client user', () => {
    expect(loadsPendingRequests(entity(true, true, false))).toBe(true);
  });

  it('does not load when any one condition fails, or with no entity', () => {
    expect(loadsPendingRequests(entity(false, true, false))).toBe(false);
    expect(loadsPendingRequests(entity(true, false, false))).toBe(false);
    expect(loadsPendingRequests(entity(true, true, true))).toBe(false);
    expect(loadsPendingRequests(null)).toBe(false);
  });
});

describe('who is offered a historic cash booking', () => {
  const staffEntity = (canCreateDepositHistoric: boolean, isClientUser: boolean) => ({
    ...entity(false, true, isClientUser),
    capabilities: { canCreateDepositHistoric } as Capabilities,
  });

  it('offers it to staff holding the keys, never to a client user holding the same keys', () => {
    expect(booksHistoricEntries(staffEntity(true, false))).toBe(true);
    expect(booksHistoricEntries(staffEntity(true, true))).toBe(false);
    expect(booksHistoricEntries(staffEntity(false, false))).toBe(false);
    expect(booksHistoricEntries(null)).toBe(false);
  });
});
