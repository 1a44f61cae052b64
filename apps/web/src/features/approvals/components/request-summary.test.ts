import { type TRequestView, ZRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import type { RequestType } from '@clearway/contracts/enums';
import { STORED } from '@clearway/contracts/request-types/request-types.test-support';
import { describe, expect, it } from 'vitest';
import {
  ageOf,
  amountOf,
  barrierEventOf,
  destinationOf,
  isTrading,
  offMarketOf,
  referenceOf,
} from './request-summary';

const viewOf = (type: RequestType, payload: unknown): TRequestView =>
  ZRequestView.parse({
    id: 7,
    type,
    entityId: 2,
    requester: { kind: 'user', id: 'u1', name: 'trader' },
    payload,
    status: 'PENDING',
    requiredApprovals: 1,
    approvals: [],
    history: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  });

describe('what an approver reads of a request at a glance', () => {
  it('names where the money goes: the bank account or wallet of a withdrawal, the account of a transfer, nothing for a deposit', () => {
    expect(destinationOf(viewOf('WITHDRAWAL', STORED.WITHDRAWAL[0]))).toBe('Citibank · 0123456789');
    expect(destinationOf(viewOf('WITHDRAWAL', STORED.WITHDRAWAL[1]))).toBe(`Treasury · 0x${'1f'.repeat(20)}`);
    expect(destinationOf(viewOf('INTERNAL TRANSFER', STORED['INTERNAL TRANSFER'][0]))).toBe(
      'Settlement · Harbor',
    );
    // A transfer stored before its target was named shows the account's number.
    expect(destinationOf(viewOf('INTERNAL TRANSFER', STORED['INTERNAL TRANSFER'][1]))).toBe('#13');
    expect(destinationOf(viewOf('DEPOSIT', STORED.DEPOSIT[0]))).toBeNull();
  });

  it('names the destination a whitelisting request adds or removes', () => {
    expect(destinationOf(viewOf('BANK ACCOUNT', STORED['BANK ACCOUNT'][0]))).toBe(
      'NatWest · GB29NWBK60161331926819',
    );
    expect(destinationOf(viewOf('REMOVE BANK ACCOUNT', STORED['REMOVE BANK ACCOUNT'][0]))).toBe(
      'NatWest · 0123456789',
    );
    expect(destinationOf(viewOf('WALLET ADDRESS', STORED['WALLET ADDRESS'][0]))).toBe(
      'Cold store · bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
  });

  it('gives a money request’s amount and reference (a transfer’s memo), and none for whitelisting', () => {
    expect(amountOf(viewOf('DEPOSIT', STORED.DEPOSIT[0]))).toEqual({ amount: '125.50', asset: 'USD' });
    expect(referenceOf(viewOf('DEPOSIT', STORED.DEPOSIT[0]))).toBe('INV-1');
    expect(referenceOf(viewOf('INTERNAL TRANSFER', STORED['INTERNAL TRANSFER'][1]))).toBe('rebalance');
    expect(referenceOf(viewOf('WITHDRAWAL', STORED.WITHDRAWAL[0]))).toBeNull();
    expect(amountOf(viewOf('WALLET ADDRESS', STORED['WALLET ADDRESS'][0]))).toBeNull();
  });

  it('reads an off-market booking as the approver weighs it: the price booked against the market, how far off against the tolerance, and why', () => {
    const r = viewOf('OFF MARKET TRADE', STORED['OFF MARKET TRADE'][0]);
    expect(isTrading(r)).toBe(true);
    expect(destinationOf(r)).toBe('EUR/USD · Buy at 1.1500 (market 1.0850)');
    expect(amountOf(r)).toEqual({ amount: '1000000.00', asset: 'EUR' });
    expect(referenceOf(r)).toBe('Client agreed the historic rate by phone');
    expect(offMarketOf(r)).toEqual({
      booking: 'Deliverable FX at a rate',
      symbol: 'EUR/USD',
      side: 'Buy',
      price: '1.1500',
      market: '1.0850',
      deviationPct: '5.9908',
      tolerancePct: '2',
      reason: 'Client agreed the historic rate by phone',
      tradeDate: null,
      valueDate: null,
      instrumentId: 3,
    });
    // A CFD's amount is a number of contracts: no currency.
    const cfd = viewOf('OFF MARKET TRADE', {
      ...STORED['OFF MARKET TRADE'][0],
      booking: 'CFD',
      symbol: 'US500',
    });
    expect(amountOf(cfd)).toEqual({ amount: '1000000.00', asset: null });
  });

  it('reads a barrier event: the option, the touch observed and its source', () => {
    const r = viewOf('BARRIER EVENT', STORED['BARRIER EVENT'][0]);
    expect(destinationOf(r)).toBe('T-2f7c · Knock-out at 1.1201');
    expect(amountOf(r)).toBeNull();
    expect(barrierEventOf(r)).toMatchObject({
      tradeId: 41,
      event: 'Knock-out',
      observedRate: '1.1201',
      source: 'Reuters EURUSD= page',
    });
    expect(offMarketOf(r)).toBeNull();
  });

  it('says a request’s age in its largest whole unit', () => {
    const at = '2026-11-20T10:00:00.000Z';
    const after = (ms: number) => Date.parse(at) + ms;
    expect(ageOf(at, after(20_000), 'en')).toBe('this minute');
    expect(ageOf(at, after(5 * 60_000), 'en')).toBe('5 minutes ago');
    expect(ageOf(at, after(3 * 3_600_000 + 59 * 60_000), 'en')).toBe('3 hours ago');
    expect(ageOf(at, after(49 * 3_600_000), 'en')).toBe('2 days ago');
  });
});
