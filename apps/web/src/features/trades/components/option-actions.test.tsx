import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { OptionActions } from './option-actions';

afterEach(cleanup);

const option = (status: TTrade['status'], kind: 'KNOCK_IN' | 'KNOCK_OUT' | null): TTrade => ({
  id: 41,
  ticket: 'T-41',
  type: 'FX_OPTION',
  status,
  side: 'BUY',
  entityId: 3,
  entityName: 'Northwind Capital',
  accountId: 9,
  accountName: 'Northwind Settlement',
  instrumentId: 1,
  symbol: 'EUR/USD',
  base: 'EUR',
  quote: 'USD',
  amount: '1000.00',
  rate: '1.08',
  counterAmount: '1080.00',
  tradeDate: '2026-03-02',
  valueDate: '2026-03-09',
  settlement: null,
  openAmount: null,
  realisedPnl: null,
  reference: null,
  memo: null,
  bookedBy: 'dealer',
  bookedAt: '2026-03-02T10:00:00.000Z',
  option: {
    optionType: 'CALL',
    strike: '1.08',
    notional: '1000.00',
    expiryDate: '2026-03-05',
    cut: 'NY',
    expiresAt: '2026-03-05T15:00:00.000Z',
    deliveryDate: '2026-03-09',
    barrier: kind && { direction: 'UP', kind, level: '1.12', rebate: null, rebateCurrency: null },
    premium: '25.00',
    premiumCurrency: 'USD',
    premiumDate: '2026-03-04',
    premiumPosted: true,
    underlyingTradeId: null,
  },
});

function show(trade: TTrade) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <OptionActions trade={trade} entityId={3} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return screen.queryAllByRole('button').map((b) => b.textContent);
}

describe('an option’s lifecycle actions in /trades', () => {
  beforeAll(() => {
    initI18n();
    // jsdom has no font loading API; the autosizing reason field listens to it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
  });

  it('offers only the moves its state allows', () => {
    expect(show(option('OPEN', null))).toEqual(['Exercise', 'Expire']);
    cleanup();
    expect(show(option('OPEN', 'KNOCK_OUT'))).toEqual(['Exercise', 'Expire', 'Knock out']);
    cleanup();
    expect(show(option('INACTIVE', 'KNOCK_IN'))).toEqual(['Knock in', 'Expire']);
    cleanup();
    expect(show(option('EXERCISED', null))).toEqual([]);
  });

  it('asks to confirm with a reason before a move, and offers the override only to exercise', () => {
    show(option('OPEN', null));
    fireEvent.click(screen.getByRole('button', { name: 'Exercise' }));
    const dialog = screen.getByRole('dialog', { name: 'Exercise option #41' });
    expect(dialog.textContent).toContain('Books the underlying deliverable trade at the strike');
    expect(screen.getByRole('switch', { name: /Exercise out of the money/ })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Exercise' }).at(-1)!);
    expect(screen.getByText(/Reason is required/)).toBeTruthy();
  });
});
