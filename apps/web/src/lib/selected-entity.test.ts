import type { Capabilities } from '@clearway/contracts/capabilities';
import { describe, expect, it } from 'vitest';
import { loadsPendingRequests, type SelectedEntity } from './selected-entity';

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
