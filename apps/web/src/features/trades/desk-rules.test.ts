import { describe, expect, it } from 'vitest';
import { deskRoleBelow, deskRoleFor, fxTradeDate, secondsLeft } from './desk-rules';

const node = (
  entityId: number,
  parentId: number,
  childPermissions: string[],
  tradingEnabled = false,
  attributes: string[] = [],
) => ({ entityId, parentId, childPermissions, tradingEnabled, attributes });

// The demo tree as three users see it: the platform's dealer (granted at the root), a
// broker desk's operator (granted at the broker) and a client's trader (its own entity only).
const DEALER_SEES = [
  node(1, 0, ['account_view', 'manual_trade_booking']),
  node(2, 1, ['account_view', 'manual_trade_booking']),
  node(3, 2, ['account_view', 'manual_trade_booking']),
  node(4, 3, ['account_view', 'manual_trade_booking'], true),
];
const TRADER_SEES = [node(4, 3, [], true)];
const FUND_MANAGER_SEES = [
  node(10, 3, ['manual_trade_booking'], true),
  node(11, 10, ['manual_trade_booking'], true),
];

describe('who books as the house’s staff, and who as a client at a quote', () => {
  it('is staff for a client below a desk that holds manual_trade_booking for those below it', () => {
    expect(deskRoleFor(4, DEALER_SEES)).toBe('staff');
    expect(deskRoleFor(3, DEALER_SEES)).toBe('staff');
  });

  it('is a client at its own entity: its parent is out of sight (the demo trader)', () => {
    expect(deskRoleFor(4, TRADER_SEES)).toBe('client');
  });

  it('is a client where the tree the user sees starts at a client (a fund manager over its funds)', () => {
    expect(deskRoleFor(11, FUND_MANAGER_SEES)).toBe('client');
  });

  it('is a client without the key for the entities below the parent, or at the top (the platform has no staff)', () => {
    const noKey = DEALER_SEES.map((e) =>
      e.entityId === 3 ? { ...e, childPermissions: ['account_view'] } : e,
    );
    expect(deskRoleFor(4, noKey)).toBe('client');
    expect(deskRoleFor(1, DEALER_SEES)).toBe('client');
    expect(deskRoleFor(99, DEALER_SEES)).toBe('client');
  });
});

describe('the booking form’s mode before an account is chosen', () => {
  it('is staff’s at a desk holding the key for those below it, a client’s at a client', () => {
    expect(deskRoleBelow(1, DEALER_SEES)).toBe('staff');
    expect(deskRoleBelow(4, TRADER_SEES)).toBe('client');
    expect(deskRoleBelow(10, FUND_MANAGER_SEES)).toBe('client');
  });
});

describe('the FX trade date and a quote’s seconds', () => {
  it('rolls at 17:00 New York and skips the weekend', () => {
    expect(fxTradeDate(new Date('2026-03-04T21:59:00Z'))).toBe('2026-03-04'); // 16:59 EST
    expect(fxTradeDate(new Date('2026-03-04T22:00:00Z'))).toBe('2026-03-05'); // 17:00 EST
    expect(fxTradeDate(new Date('2026-03-06T22:30:00Z'))).toBe('2026-03-09'); // Friday evening → Monday
    expect(fxTradeDate(new Date('2026-03-07T12:00:00Z'))).toBe('2026-03-09'); // Saturday → Monday
  });

  it('counts whole seconds left, rounding up, never below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 2_100)).toBe(8);
    expect(secondsLeft(10_000, 9_999)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});
