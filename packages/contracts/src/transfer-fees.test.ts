import { describe, expect, it } from 'vitest';
import {
  computeFee,
  type FeeTerms,
  feeTermsProblems,
  pickSchedule,
  type ScheduleCandidate,
} from './transfer-fees';

const PARENT = 10; // Aurora London Desk, say
const CHILD = 20; // Meridian Payments below it
const T = new Date('2026-06-01T00:00:00.000Z');
const LONG_AGO = new Date('2026-01-01T00:00:00.000Z');

const terms = (t: Partial<FeeTerms>): FeeTerms => ({
  fixed: '0',
  bps: '0',
  minimum: '0',
  maximum: null,
  tierMode: 'NONE',
  tiers: [],
  ...t,
});
const schedule = (id: number, t: Partial<ScheduleCandidate>): ScheduleCandidate => ({
  ...terms(t),
  id,
  entityId: CHILD,
  asset: 'USD',
  network: null,
  effectiveFrom: LONG_AGO,
  effectiveTo: null,
  ...t,
});

const TIERS = [
  { upTo: '1000', fixed: '0', bps: '100' },
  { upTo: '10000', fixed: '0', bps: '50' },
  { upTo: null, fixed: '0', bps: '10' },
];

type Case = {
  name: string;
  schedules: ScheduleCandidate[];
  asset?: string;
  network?: string | null;
  at?: Date;
  amount: string;
  scale: number;
  fee: string;
  net: string;
  /** The schedule that priced it (null: none applies). */
  by: number | null;
  bound?: 'MINIMUM' | 'MAXIMUM' | null;
};

const CASES: Case[] = [
  {
    name: 'no schedule: no fee',
    schedules: [],
    amount: '100.00',
    scale: 2,
    fee: '0.00',
    net: '100.00',
    by: null,
  },
  {
    name: 'fixed part only',
    schedules: [schedule(1, { fixed: '5.00' })],
    amount: '100.00',
    scale: 2,
    fee: '5.00',
    net: '95.00',
    by: 1,
  },
  {
    name: 'percentage part: 25 bps of 1 000.00',
    schedules: [schedule(1, { bps: '25' })],
    amount: '1000.00',
    scale: 2,
    fee: '2.50',
    net: '997.50',
    by: 1,
  },
  {
    name: 'percentage rounded half up at the asset scale: 50 bps of 1.01 is 0.00505 → 0.01',
    schedules: [schedule(1, { bps: '50' })],
    amount: '1.01',
    scale: 2,
    fee: '0.01',
    net: '1.00',
    by: 1,
  },
  {
    name: 'an exact half cent rounds up (not to even): 50 bps of 1.00 is 0.005 → 0.01',
    schedules: [schedule(1, { bps: '50' })],
    amount: '1.00',
    scale: 2,
    fee: '0.01',
    net: '0.99',
    by: 1,
  },
  {
    name: 'fixed plus percentage: 1.00 + 25 bps of 2 000.00',
    schedules: [schedule(1, { fixed: '1.00', bps: '25' })],
    amount: '2000.00',
    scale: 2,
    fee: '6.00',
    net: '1994.00',
    by: 1,
  },
  {
    name: 'minimum raises a small fee: 10 bps of 1 000.00 is 1.00, minimum 5.00',
    schedules: [schedule(1, { bps: '10', minimum: '5.00' })],
    amount: '1000.00',
    scale: 2,
    fee: '5.00',
    net: '995.00',
    by: 1,
    bound: 'MINIMUM',
  },
  {
    name: 'maximum caps a large fee: 100 bps of 100 000.00 is 1 000.00, maximum 250.00',
    schedules: [schedule(1, { bps: '100', maximum: '250.00' })],
    amount: '100000.00',
    scale: 2,
    fee: '250.00',
    net: '99750.00',
    by: 1,
    bound: 'MAXIMUM',
  },
  {
    name: 'graduated tiers: 1 % of the first 1 000, 0.5 % to 10 000, 0.1 % above — on 15 000.00',
    schedules: [schedule(1, { tierMode: 'GRADUATED', tiers: TIERS })],
    amount: '15000.00',
    scale: 2,
    fee: '60.00',
    net: '14940.00',
    by: 1,
  },
  {
    name: 'graduated tiers add each reached tier’s fixed part: 1 + 2 + 10 bps of the 1 000 above 100',
    schedules: [
      schedule(1, {
        tierMode: 'GRADUATED',
        tiers: [
          { upTo: '100', fixed: '1', bps: '0' },
          { upTo: null, fixed: '2', bps: '10' },
        ],
      }),
    ],
    amount: '1100.00',
    scale: 2,
    fee: '4.00',
    net: '1096.00',
    by: 1,
  },
  {
    name: 'volume tiers price the whole amount at its tier: 0.1 % of 15 000.00',
    schedules: [schedule(1, { tierMode: 'VOLUME', tiers: TIERS })],
    amount: '15000.00',
    scale: 2,
    fee: '15.00',
    net: '14985.00',
    by: 1,
  },
  {
    name: 'volume tier bounds are inclusive: 1 000.00 is priced at 1 %',
    schedules: [schedule(1, { tierMode: 'VOLUME', tiers: TIERS })],
    amount: '1000.00',
    scale: 2,
    fee: '10.00',
    net: '990.00',
    by: 1,
  },
  {
    name: 'BTC at 8 decimals: 0.0002 + 10 bps of 0.12345678 = 0.00032345678 → 0.00032346',
    schedules: [schedule(1, { asset: 'BTC', fixed: '0.0002', bps: '10' })],
    asset: 'BTC',
    network: 'BTC',
    amount: '0.12345678',
    scale: 8,
    fee: '0.00032346',
    net: '0.12313332',
    by: 1,
  },
  {
    name: 'ETH at 18 decimals, exact where floating point is not: 1 bp of 1.000000000000000001',
    schedules: [schedule(1, { asset: 'ETH', bps: '1' })],
    asset: 'ETH',
    network: 'ETH',
    amount: '1.000000000000000001',
    scale: 18,
    fee: '0.000100000000000000',
    net: '0.999900000000000001',
    by: 1,
  },
  {
    name: 'JPY at 0 decimals: 30 bps of 12 345 is 37.035 → 37',
    schedules: [schedule(1, { asset: 'JPY', bps: '30' })],
    asset: 'JPY',
    amount: '12345',
    scale: 0,
    fee: '37',
    net: '12308',
    by: 1,
  },
  {
    name: 'crypto per network: USDT on Tron pays the Tron fee, not the Ethereum one',
    schedules: [
      schedule(1, { asset: 'USDT', network: 'ETH', fixed: '12.000000' }),
      schedule(2, { asset: 'USDT', network: 'TRX', fixed: '1.000000' }),
    ],
    asset: 'USDT',
    network: 'TRX',
    amount: '500.000000',
    scale: 6,
    fee: '1.000000',
    net: '499.000000',
    by: 2,
  },
  {
    name: 'a network’s own schedule wins over the all-networks one of the same entity',
    schedules: [
      schedule(1, { asset: 'USDT', network: null, fixed: '3.000000' }),
      schedule(2, { asset: 'USDT', network: 'ETH', fixed: '12.000000' }),
    ],
    asset: 'USDT',
    network: 'ETH',
    amount: '500.000000',
    scale: 6,
    fee: '12.000000',
    net: '488.000000',
    by: 2,
  },
  {
    name: 'schedule change at a boundary: the old version up to the instant before',
    schedules: [
      schedule(1, { fixed: '5.00', effectiveTo: T }),
      schedule(2, { fixed: '7.00', effectiveFrom: T }),
    ],
    at: new Date(T.getTime() - 1),
    amount: '100.00',
    scale: 2,
    fee: '5.00',
    net: '95.00',
    by: 1,
  },
  {
    name: 'schedule change at a boundary: the new version from the boundary instant itself',
    schedules: [
      schedule(1, { fixed: '5.00', effectiveTo: T }),
      schedule(2, { fixed: '7.00', effectiveFrom: T }),
    ],
    at: T,
    amount: '100.00',
    scale: 2,
    fee: '7.00',
    net: '93.00',
    by: 2,
  },
  {
    name: 'a schedule not yet in force does not apply',
    schedules: [schedule(1, { fixed: '5.00', effectiveFrom: T })],
    at: LONG_AGO,
    amount: '100.00',
    scale: 2,
    fee: '0.00',
    net: '100.00',
    by: null,
  },
  {
    name: 'inherited: the parent’s schedule prices the child that has none',
    schedules: [schedule(1, { entityId: PARENT, fixed: '2.00' })],
    amount: '100.00',
    scale: 2,
    fee: '2.00',
    net: '98.00',
    by: 1,
  },
  {
    name: 'overriding: the child’s own schedule wins over the parent’s, even the parent’s per-network one',
    schedules: [
      schedule(1, { entityId: PARENT, asset: 'USDT', network: 'TRX', fixed: '2.000000' }),
      schedule(2, { entityId: CHILD, asset: 'USDT', network: null, fixed: '4.000000' }),
    ],
    asset: 'USDT',
    network: 'TRX',
    amount: '100.000000',
    scale: 6,
    fee: '4.000000',
    net: '96.000000',
    by: 2,
  },
  {
    name: 'another entity’s schedule (not above the transfer’s) never applies',
    schedules: [schedule(1, { entityId: 99, fixed: '2.00' })],
    amount: '100.00',
    scale: 2,
    fee: '0.00',
    net: '100.00',
    by: null,
  },
];

describe('transfer fee computation (one module: the estimate and the booking)', () => {
  it.each(CASES)('$name', (c) => {
    const picked = pickSchedule(c.schedules, {
      lineage: [CHILD, PARENT],
      asset: c.asset ?? 'USD',
      network: c.network ?? null,
      at: c.at ?? T,
    });
    expect(picked?.id ?? null).toBe(c.by);
    const quote = computeFee(picked, c.amount, c.scale);
    expect(quote).toEqual({ fee: c.fee, net: c.net, bound: c.bound ?? null });
  });

  it('the table covers at least twelve cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(12);
  });
});

describe('a schedule’s terms hold together', () => {
  it('refuses tiers that do not rise or do not end open, and a maximum below the minimum', () => {
    expect(feeTermsProblems(terms({ tierMode: 'GRADUATED', tiers: TIERS }))).toBeNull();
    expect(
      feeTermsProblems(terms({ tierMode: 'VOLUME', tiers: [{ upTo: '100', fixed: '0', bps: '1' }] })),
    ).toEqual({ tiers: 'the last tier must have no upper bound' });
    expect(
      feeTermsProblems(
        terms({
          tierMode: 'VOLUME',
          tiers: [
            { upTo: '100', fixed: '0', bps: '1' },
            { upTo: '50', fixed: '0', bps: '1' },
            { upTo: null, fixed: '0', bps: '1' },
          ],
        }),
      ),
    ).toEqual({ tiers: 'tier bounds must rise' });
    expect(feeTermsProblems(terms({ minimum: '5', maximum: '1' }))).toEqual({
      maximum: 'must not be below the minimum',
    });
  });
});
