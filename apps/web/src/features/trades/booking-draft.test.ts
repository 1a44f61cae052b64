import type { TCfd, TFxPair } from '@clearway/contracts/endpoints/instruments.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import {
  atQuote,
  type BookingDraft,
  checkBooking,
  counterAmountOf,
  emptyBooking,
  offTheMarket,
  quoteRequestOf,
  sheetPrice,
} from './booking-draft';

const LABELS = {
  accountId: 'Account',
  instrumentId: 'Instrument',
  amount: 'Amount',
  rate: 'Rate',
  valueDate: 'Value date',
  swapPoints: 'Swap points (pips)',
  farValueDate: 'Far value date',
  reason: 'Reason',
};
const draft = (d: Partial<BookingDraft>): BookingDraft => ({ ...emptyBooking(), ...d });
const common = {
  id: 1,
  name: 'x',
  enabled: true,
  updatedAt: '',
  updatedBy: null,
  priceTolerancePct: '2',
  maxTenorDays: 730,
};
const EURUSD: TFxPair = {
  ...common,
  kind: 'FX',
  symbol: 'EUR/USD',
  base: 'EUR',
  quote: 'USD',
  pricePrecision: 5,
  pipSize: '0.0001',
  spotLag: 2,
};
const US500: TCfd = {
  ...common,
  id: 2,
  kind: 'CFD',
  symbol: 'US500',
  underlying: 'S&P 500',
  quote: 'USD',
  pricePrecision: 1,
  contractSize: '10',
  financingRateLong: '5',
  financingRateShort: '-3',
  settlementLag: 0,
};
const PRICES = {
  rates: [
    { base: 'EUR', quote: 'USD', rate: '1.0842', bid: '1.0841', ask: '1.08435', asOf: '', pricePrecision: 5 },
  ],
  cfds: [
    {
      instrumentId: 2,
      symbol: 'US500',
      quote: 'USD',
      bid: '5123',
      mid: '5123.5',
      ask: '5124',
      asOf: '',
      setBy: 'treasury',
    },
  ],
};

beforeAll(() => {
  initI18n();
});

describe('a booking draft, checked with its kind’s contract row', () => {
  it('names every missing field of a deliverable trade by the form’s label, at once', () => {
    expect(checkBooking(draft({}), 4, LABELS).errors).toEqual({
      accountId: 'Account is required',
      instrumentId: 'Instrument is required',
      amount: 'Amount is required',
      rate: 'Rate is required',
    });
  });

  it('sends a forward’s value date, and none at spot', () => {
    const spot = draft({
      accountId: '7',
      instrumentId: '1',
      amount: '1000.00',
      rate: '1.085',
      valueDate: '2030-01-08',
    });
    expect(checkBooking(spot, 4, LABELS).body).toEqual({
      kind: 'DELIVERABLE_FX',
      body: { entityId: 4, accountId: 7, instrumentId: 1, side: 'BUY', amount: '1000.00', rate: '1.085' },
    });
    const forward = checkBooking({ ...spot, forward: true }, 4, LABELS).body;
    expect(forward?.kind === 'DELIVERABLE_FX' && forward.body.valueDate).toBe('2030-01-08');
  });

  it('puts a CFD’s quantity and price problems on the form’s amount and rate', () => {
    const { errors, body } = checkBooking(
      draft({ kind: 'CFD', accountId: '7', instrumentId: '2', amount: '0', rate: 'abc' }),
      4,
      LABELS,
    );
    expect(body).toBeUndefined();
    expect(Object.keys(errors).sort()).toEqual(['amount', 'rate']);
  });

  it('requires an FX swap’s points and far value date', () => {
    const { errors } = checkBooking(
      draft({ kind: 'FX_SWAP', accountId: '7', instrumentId: '1', amount: '1000', rate: '1.08' }),
      4,
      LABELS,
    );
    expect(errors).toEqual({
      swapPoints: 'Swap points (pips) is required',
      farValueDate: 'Far value date is required',
    });
  });

  it('asks a conversion sweep only for its account', () => {
    expect(checkBooking(draft({ kind: 'CONVERSION_SWEEP', accountId: '7', amount: 'x' }), 4, LABELS)).toEqual(
      {
        errors: {},
        body: { kind: 'CONVERSION_SWEEP', body: { entityId: 4, accountId: 7 } },
      },
    );
  });
});

describe('a booking at the house’s quote, and staff’s by hand', () => {
  const terms = draft({ accountId: '7', instrumentId: '1', amount: '1000.00', side: 'SELL' });

  it('asks a client no rate: the quote prices it, with the very terms the booking sends', () => {
    const { errors, body } = checkBooking({ ...terms, rate: '0.001', offMarket: true }, 4, LABELS, 'quote');
    expect(errors).toEqual({});
    expect(body).toEqual({
      kind: 'DELIVERABLE_FX',
      body: { entityId: 4, accountId: 7, instrumentId: 1, side: 'SELL', amount: '1000.00' },
    });
    expect(quoteRequestOf(body!)).toEqual({
      kind: 'DELIVERABLE_FX',
      entityId: 4,
      accountId: 7,
      instrumentId: 1,
      side: 'SELL',
      amount: '1000.00',
      valueDate: undefined,
    });
    const quoteId = '2b1f7c0e-6d7a-4b7c-9a2e-0c1d2e3f4a5b';
    expect(atQuote(body!, quoteId).body).toEqual({ ...body!.body, quoteId });
  });

  it('quotes a CFD’s quantity and a swap’s dates; a sweep has no price to quote', () => {
    const cfd = checkBooking(
      draft({ kind: 'CFD', accountId: '7', instrumentId: '2', amount: '3' }),
      4,
      LABELS,
      'quote',
    );
    expect(quoteRequestOf(cfd.body!)).toMatchObject({ kind: 'CFD', quantity: '3' });
    const swap = checkBooking(
      draft({
        kind: 'FX_SWAP',
        accountId: '7',
        instrumentId: '1',
        amount: '1000',
        farValueDate: '2030-02-01',
      }),
      4,
      LABELS,
      'quote',
    );
    expect(swap.errors).toEqual({});
    expect(quoteRequestOf(swap.body!)).toMatchObject({ kind: 'FX_SWAP', farValueDate: '2030-02-01' });
    const sweep = checkBooking(draft({ kind: 'CONVERSION_SWEEP', accountId: '7' }), 4, LABELS, 'quote');
    expect(quoteRequestOf(sweep.body!)).toBeNull();
  });

  it('sends staff’s off-market flag, back-dated trade date and reason, and asks the reason either needs', () => {
    const typed = { ...terms, rate: '1.1500' };
    expect(checkBooking({ ...typed, offMarket: true }, 4, LABELS, 'typed', '2030-01-10').errors).toEqual({
      reason: 'Say why the trade is booked off-market',
    });
    expect(
      checkBooking({ ...typed, tradeDate: '2030-01-08' }, 4, LABELS, 'typed', '2030-01-10').errors,
    ).toEqual({
      reason: 'Say why the trade is back-dated',
    });
    expect(
      checkBooking({ ...typed, tradeDate: '2030-01-10' }, 4, LABELS, 'typed', '2030-01-10').errors,
    ).toEqual({});
    const { body } = checkBooking(
      { ...typed, offMarket: true, tradeDate: '2030-01-08', reason: '  Agreed by phone at 09:02  ' },
      4,
      LABELS,
      'typed',
      '2030-01-10',
    );
    expect(body?.body).toMatchObject({
      rate: '1.1500',
      offMarket: true,
      tradeDate: '2030-01-08',
      reason: 'Agreed by phone at 09:02',
    });
  });
});

describe('how far a typed price stands from the market', () => {
  it('is told against the instrument’s tolerance, from the sheet’s mid (a CFD’s own)', () => {
    expect(offTheMarket(EURUSD, '1.0950', PRICES)).toEqual({
      pct: '1.00',
      mid: '1.0842',
      tolerancePct: '2',
      beyond: false,
    });
    expect(offTheMarket(EURUSD, '1.15', PRICES)).toMatchObject({ pct: '6.07', beyond: true });
    expect(offTheMarket(US500, '5000', PRICES)).toMatchObject({ mid: '5123.5', beyond: true });
  });

  it('is unknown until the price is a number and the sheet has a mid', () => {
    expect(offTheMarket(EURUSD, '', PRICES)).toBeNull();
    expect(offTheMarket(EURUSD, '1.1', { rates: [], cfds: [] })).toBeNull();
  });
});

describe('the rate a trade starts from', () => {
  it('is the sheet’s ask for a buy and its bid for a sell, at the pair’s price precision', () => {
    expect(sheetPrice(EURUSD, 'BUY', PRICES)).toBe('1.08435');
    expect(sheetPrice(EURUSD, 'SELL', PRICES)).toBe('1.08410');
  });

  it('is the CFD’s own price, and empty when the sheet has none', () => {
    expect(sheetPrice(US500, 'BUY', PRICES)).toBe('5124.0');
    expect(sheetPrice(US500, 'SELL', { rates: [], cfds: [] })).toBe('');
  });
});

describe('the counter amount shown as the user types', () => {
  it('is amount × rate at the quote currency’s scale (× contract size for a CFD)', () => {
    expect(counterAmountOf(draft({ amount: '1000.00', rate: '1.085' }), EURUSD, 2)).toBe('1085.00');
    expect(counterAmountOf(draft({ amount: '3', rate: '5123.5' }), US500, 2)).toBe('153705.00');
  });

  it('is unknown until both figures are numbers', () => {
    expect(counterAmountOf(draft({ amount: '1,000', rate: '1.08' }), EURUSD, 2)).toBeNull();
    expect(counterAmountOf(draft({ amount: '1000', rate: '' }), EURUSD, 2)).toBeNull();
  });
});
