import type { Capabilities } from '@clearway/contracts/capabilities';
import { describe, expect, it } from 'vitest';
import {
  historicEntryTypes,
  loadsPendingRequests,
  reversibleEntryTypes,
  type SelectedEntity,
} from './selected-entity';

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

describe('who is offered which historic cash booking', () => {
  const staffEntity = (capabilities: Partial<Capabilities>, isClientUser = false) => ({
    ...entity(false, true, isClientUser),
    capabilities: capabilities as Capabilities,
  });
  const every = {
    canCreateDepositHistoric: true,
    canCreateWithdrawalHistoric: true,
    canCreateInternalTransferHistoric: true,
  };

  it('offers staff the types whose keys they hold', () => {
    expect(historicEntryTypes(staffEntity(every))).toEqual(['DEPOSIT', 'WITHDRAWAL', 'INTERNAL_TRANSFER']);
    expect(historicEntryTypes(staffEntity({ canCreateDepositHistoric: true }))).toEqual(['DEPOSIT']);
    expect(
      historicEntryTypes(
        staffEntity({ canCreateWithdrawalHistoric: true, canCreateInternalTransferHistoric: true }),
      ),
    ).toEqual(['WITHDRAWAL', 'INTERNAL_TRANSFER']);
    expect(historicEntryTypes(staffEntity({}))).toEqual([]);
  });

  it('never offers one to a client user holding the same keys, nor without an entity', () => {
    expect(historicEntryTypes(staffEntity(every, true))).toEqual([]);
    expect(historicEntryTypes(null)).toEqual([]);
  });
});

describe('who may reverse which historic cash entry', () => {
  const staffEntity = (capabilities: Partial<Capabilities>, isClientUser = false) => ({
    ...entity(false, true, isClientUser),
    capabilities: capabilities as Capabilities,
  });

  it('lets staff reverse the types whose reversal keys they hold', () => {
    expect(reversibleEntryTypes(staffEntity({ canReverseDepositHistoric: true }))).toEqual(['DEPOSIT']);
    expect(
      reversibleEntryTypes(
        staffEntity({ canReverseWithdrawalHistoric: true, canReverseInternalTransferHistoric: true }),
      ),
    ).toEqual(['WITHDRAWAL', 'INTERNAL_TRANSFER']);
    expect(reversibleEntryTypes(staffEntity({ canCreateDepositHistoric: true }))).toEqual([]);
  });

  it('never lets a client user reverse, nor without an entity', () => {
    expect(reversibleEntryTypes(staffEntity({ canReverseDepositHistoric: true }, true))).toEqual([]);
    expect(reversibleEntryTypes(null)).toEqual([]);
  });
});
