import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { actionsAllowed, checkOption, emptyOption, optionQuoteOf, payoffPoints } from './option-draft';

beforeAll(() => {
  initI18n();
});

const labels = {
  accountId: 'Account',
  instrumentId: 'Pair',
  notional: 'Notional',
  strike: 'Strike',
  expiryDate: 'Expiry date',
  premium: 'Premium',
  premiumCurrency: 'Premium currency',
  barrierLevel: 'Barrier level',
  rebate: 'Rebate',
  rebateCurrency: 'Rebate currency',
  reason: 'Reason',
};

describe('the option booking draft', () => {
  it('builds the booking row’s body, the barrier nested only when one is drawn', () => {
    const d = {
      ...emptyOption(),
      accountId: '7',
      instrumentId: '3',
      notional: '1000000',
      strike: '1.0800',
      expiryDate: '2026-12-15',
      premium: '12500.00',
      premiumCurrency: 'USD',
    };
    expect(checkOption(d, 1, labels)).toEqual({
      errors: {},
      body: expect.objectContaining({ accountId: 7, instrumentId: 3, strike: '1.0800', cut: 'NY' }),
    });
    expect(checkOption(d, 1, labels).body?.barrier).toBeUndefined();
    const barrier = checkOption(
      { ...d, barrier: true, barrierLevel: '1.12', rebate: '100', rebateCurrency: 'USD' },
      1,
      labels,
    );
    expect(barrier.body?.barrier).toEqual({
      direction: 'UP',
      kind: 'KNOCK_OUT',
      level: '1.12',
      rebate: '100',
      rebateCurrency: 'USD',
    });
  });

  it('at the house’s quote sends no premium nor trade date, and asks the house for the premium of the very terms', () => {
    const d = {
      ...emptyOption(),
      accountId: '7',
      instrumentId: '3',
      notional: '1000000',
      strike: '1.0800',
      expiryDate: '2026-12-15',
      premium: '0.01',
      premiumCurrency: 'USD',
      tradeDate: '2026-01-02',
    };
    const { errors, body } = checkOption(d, 1, labels, 'quote');
    expect(errors).toEqual({});
    expect(body?.premium).toBeUndefined();
    expect(body?.tradeDate).toBeUndefined();
    expect(optionQuoteOf(body!)).toEqual({
      kind: 'FX_OPTION',
      entityId: 1,
      accountId: 7,
      instrumentId: 3,
      side: 'BUY',
      optionType: 'CALL',
      notional: '1000000',
      strike: '1.0800',
      expiryDate: '2026-12-15',
      cut: 'NY',
      premiumCurrency: 'USD',
    });
  });

  it('asks staff for the premium, and a reason for an off-market or back-dated option', () => {
    const d = {
      ...emptyOption(),
      accountId: '7',
      instrumentId: '3',
      notional: '1000000',
      strike: '1.0800',
      expiryDate: '2026-12-15',
      premiumCurrency: 'USD',
    };
    expect(checkOption(d, 1, labels, 'typed').errors).toEqual({ premium: 'Premium is required' });
    const priced = { ...d, premium: '90000.00' };
    expect(checkOption({ ...priced, offMarket: true }, 1, labels, 'typed', '2026-06-10').errors).toEqual({
      reason: 'Say why the trade is booked off-market',
    });
    expect(
      checkOption({ ...priced, tradeDate: '2026-06-08' }, 1, labels, 'typed', '2026-06-10').errors,
    ).toEqual({
      reason: 'Say why the trade is back-dated',
    });
    expect(
      checkOption({ ...priced, offMarket: true, reason: 'Desk override agreed' }, 1, labels, 'typed').body,
    ).toMatchObject({ premium: '90000.00', offMarket: true, reason: 'Desk override agreed' });
  });

  it('puts a barrier field’s problem on its own field', () => {
    const d = { ...emptyOption(), barrier: true, barrierLevel: 'abc' };
    expect(Object.keys(checkOption(d, 1, labels).errors)).toContain('barrierLevel');
  });

  it('offers only the moves the state allows', () => {
    expect(actionsAllowed('OPEN', null)).toEqual(['EXERCISE', 'EXPIRE']);
    expect(actionsAllowed('OPEN', 'KNOCK_OUT')).toEqual(['EXERCISE', 'EXPIRE', 'KNOCK_OUT']);
    expect(actionsAllowed('INACTIVE', 'KNOCK_IN')).toEqual(['KNOCK_IN', 'EXPIRE']);
    for (const ended of ['EXERCISED', 'EXPIRED', 'KNOCKED_OUT', 'CANCELLED', 'REVERSED'] as const)
      expect(actionsAllowed(ended, 'KNOCK_OUT')).toEqual([]);
  });

  it('sketches the payoff: a long call pays above the strike, a short one loses, a knock-out dies at its barrier', () => {
    const call = payoffPoints({ ...emptyOption(), strike: '1.00' }, 4);
    expect(call.map((p) => [Number(p.spot.toFixed(2)), Number(p.payoff.toFixed(2))])).toEqual([
      [0.8, 0],
      [0.9, 0],
      [1, 0],
      [1.1, 0.1],
      [1.2, 0.2],
    ]);
    expect(payoffPoints({ ...emptyOption(), strike: '1.00', side: 'SELL' }, 4).at(-1)!.payoff).toBeCloseTo(
      -0.2,
    );
    const ko = payoffPoints({ ...emptyOption(), strike: '1.00', barrier: true, barrierLevel: '1.15' }, 4);
    expect(ko.at(-1)!.payoff).toBe(0);
    expect(payoffPoints({ ...emptyOption(), strike: '' })).toEqual([]);
  });
});
