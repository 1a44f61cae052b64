import type { TEntityNode } from '@clearway/contracts/endpoints/entity.schemas';
import type { TQuote } from '@clearway/contracts/endpoints/quotes.schemas';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../lib/i18n';
import { BookTrade } from './book-trade';

/**
 * The /trades booking form in jsdom, its calls answered by the test: a client books at the
 * house's quote (its seconds counted down, Accept off once it expires, Refresh quote), staff
 * type the rate and may book off-market with a reason — which answers a request for approval.
 */

const node = (
  entityId: number,
  parentId: number,
  entityName: string,
  keys: string[],
  tradingEnabled: boolean,
  children: TEntityNode[] = [],
): TEntityNode => ({
  entityId,
  entityName,
  parentId,
  parentName: null,
  attributes: [],
  permissions: keys,
  childPermissions: keys,
  active: true,
  tradingEnabled,
  frozen: false,
  children,
});

const KEYS = ['account_view', 'manual_trade_booking'];
const NORTHWIND = node(4, 3, 'Northwind Capital', KEYS, true);
/** The client trader sees its own entity only. */
const CLIENT_FOREST = [NORTHWIND];
/** The platform's dealer sees the tree from the root, which does not trade. */
const STAFF_FOREST = [
  node(1, 0, 'Clearway Platform', KEYS, false, [
    node(2, 1, 'Aurora Markets', KEYS, false, [node(3, 2, 'Aurora London Desk', KEYS, false, [NORTHWIND])]),
  ]),
];

const EURUSD = {
  id: 1,
  kind: 'FX',
  symbol: 'EUR/USD',
  name: 'Euro / US Dollar',
  base: 'EUR',
  quote: 'USD',
  pricePrecision: 5,
  pipSize: '0.0001',
  spotLag: 2,
  enabled: true,
  priceTolerancePct: '2',
  maxTenorDays: 730,
  updatedAt: '',
  updatedBy: null,
};

const quoteOf = (quoteId: string, price: string, ttlSeconds: number): TQuote => ({
  quoteId,
  kind: 'DELIVERABLE_FX',
  entityId: 4,
  accountId: 9,
  instrumentId: 1,
  symbol: 'EUR/USD',
  side: 'BUY',
  amount: '1000.00',
  price,
  counterAmount: (1000 * Number(price)).toFixed(2),
  farPrice: null,
  swapPoints: null,
  premiumCurrency: null,
  valueDate: '2030-01-09',
  farValueDate: null,
  tradeDate: '2030-01-07',
  mid: '1.0842',
  spreadBps: '1.5',
  quotedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
  ttlSeconds,
});

const trade = (rate: string) => ({
  trade: {
    id: 77,
    ticket: 'T-0077',
    type: 'DELIVERABLE_FX',
    status: 'PENDING',
    side: 'BUY',
    entityId: 4,
    entityName: 'Northwind Capital',
    accountId: 9,
    accountName: 'Northwind Settlement',
    instrumentId: 1,
    symbol: 'EUR/USD',
    base: 'EUR',
    quote: 'USD',
    amount: '1000.00',
    rate,
    counterAmount: (1000 * Number(rate)).toFixed(2),
    tradeDate: '2030-01-07',
    valueDate: '2030-01-09',
    settlement: 'SPOT',
    openAmount: null,
    realisedPnl: null,
    reference: null,
    memo: null,
    bookedBy: 'trader',
    bookedAt: '2030-01-07T10:00:00.000Z',
  },
  legs: [],
  events: [],
  postings: [],
});

type Sent = { path: string; body: Record<string, unknown>; headers: Record<string, string> };

/** Answers the form's calls; `answers` gives the quotes and the booking's answer in turn. */
function serve(forest: TEntityNode[], answers: { quotes?: TQuote[]; booking?: unknown }) {
  const sent: Sent[] = [];
  const quotes = [...(answers.quotes ?? [])];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://portal.test').pathname.replace(/^\/api/, '');
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      sent.push({ path, body, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
      const answer =
        {
          '/entity': forest,
          '/account/list': [
            {
              id: 9,
              name: 'Northwind Settlement',
              entityId: 4,
              entityName: 'Northwind Capital',
              active: true,
            },
          ],
          '/entity/instruments': { items: [EURUSD], total: 1 },
          '/instruments/list': { items: [EURUSD], total: 1 },
          '/cashentry/currencies': [
            { code: 'EUR', scale: 2, displayPrecision: 2 },
            { code: 'USD', scale: 2, displayPrecision: 2 },
          ],
          '/instruments/rates': [
            {
              base: 'EUR',
              quote: 'USD',
              rate: '1.0842',
              bid: '1.0841',
              ask: '1.08435',
              asOf: '',
              pricePrecision: 5,
            },
          ],
          '/instruments/cfd/prices': [],
          '/instruments/fx/spotValueDate': { valueDate: '2030-01-09' },
          '/trades/bookManualDeliverableFxTrade': answers.booking,
        }[path] ?? (path === '/trades/quote' ? quotes.shift() : undefined);
      if (answer === undefined) return new Promise<never>(() => {});
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <ModalsProvider>
          <BookTrade entityId={4} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

async function pick(label: string, option: string | RegExp) {
  const dialog = screen.getByRole('dialog', { name: 'Create Trade' });
  fireEvent.click(within(dialog).getByLabelText(label));
  // The list drops down through a transition jsdom never finishes: its options count as hidden.
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** Opens the form and fills the terms of a 1,000 EUR purchase of EUR/USD for Northwind. */
async function fillTerms() {
  fireEvent.click(screen.getByRole('button', { name: 'Book trade' }));
  await screen.findByRole('dialog', { name: 'Create Trade' });
  // The desk's rule reads the account's owner in the entity tree: wait for both.
  await waitFor(() =>
    expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).endsWith('/api/entity'))).toBe(true),
  );
  await pick('Account', /^Northwind Settlement · Northwind Capital$/);
  await pick('Instrument', 'EUR/USD');
  fireEvent.change(screen.getByRole('textbox', { name: /^Amount/ }), { target: { value: '1000.00' } });
}

const sentTo = (sent: Sent[], path: string) => sent.filter((s) => s.path === path);

describe('booking a trade from /trades', () => {
  beforeAll(() => {
    initI18n();
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
  });
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the gateway reads document.cookie
    document.cookie = 'clearway.session-valid=9999999999';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a client types no rate: Get quote shows the house’s price with its seconds counting down; expired, Accept is off and Refresh quote asks again; Accept books at the quote and names the trade', async () => {
    const first = '0b6f0d2e-1f49-4d7e-9c61-5a4f3e2d1c01';
    const second = '0b6f0d2e-1f49-4d7e-9c61-5a4f3e2d1c02';
    const sent = serve(CLIENT_FOREST, {
      quotes: [quoteOf(first, '1.08435', 10), quoteOf(second, '1.08450', 10)],
      booking: trade('1.08450'),
    });
    show();
    await fillTerms();
    const dialog = screen.getByRole('dialog', { name: 'Create Trade' });
    expect(within(dialog).queryByRole('textbox', { name: 'Rate' })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: /Off-market/ })).toBeNull();
    expect(within(dialog).getByTestId('quote-hint').textContent).toContain("the house's price");

    // The browser's clock, moved by the test: the countdown reads it.
    let clock = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get quote' }));
    const timer = await within(dialog).findByRole('timer');
    expect(timer.textContent).toBe('Expires in 10 s');
    clock += 3_000;
    await waitFor(() => expect(within(dialog).getByRole('timer').textContent).toBe('Expires in 7 s'));
    expect(within(dialog).getByTestId('review-rate').textContent).toBe('1.08435');
    expect(within(dialog).getByTestId('review-counter').textContent).toBe('1,084.35 USD');
    expect(sentTo(sent, '/trades/quote')[0]?.body).toEqual({
      kind: 'DELIVERABLE_FX',
      entityId: 4,
      accountId: 9,
      instrumentId: 1,
      side: 'BUY',
      amount: '1000.00',
    });
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toHaveProperty('disabled', false);

    // Its ten seconds run out: Accept turns off, Refresh quote appears.
    clock += 7_000;
    await waitFor(() => expect(within(dialog).getByRole('timer').textContent).toBe('Expired'));
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refresh quote' }));
    await waitFor(() => expect(within(dialog).getByTestId('review-rate').textContent).toBe('1.08450'));
    expect(within(dialog).getByRole('timer').textContent).toBe('Expires in 10 s');
    expect(within(dialog).queryByRole('button', { name: 'Refresh quote' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const done = await screen.findByRole('dialog', { name: 'Trade Created' });
    expect(within(done).getByTestId('booked-trade').textContent).toBe(
      'Trade #77 (ticket T-0077): Buy 1,000.00 EUR EUR/USD at 1.08450 — 1,084.50 USD',
    );
    const [booking] = sentTo(sent, '/trades/bookManualDeliverableFxTrade');
    // Booked at the second quote: its id, no rate of the client's own, an Idempotency-Key.
    expect(booking?.body).toEqual({
      entityId: 4,
      accountId: 9,
      instrumentId: 1,
      side: 'BUY',
      amount: '1000.00',
      quoteId: second,
    });
    expect(booking?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  }, 60_000);

  it('staff type the rate, are told how far it is off the mid, and an off-market booking needs a reason and answers a request for another staff member to approve', async () => {
    const sent = serve(STAFF_FOREST, {
      booking: {
        pendingRequest: {
          id: 12,
          type: 'OFF MARKET TRADE',
          requiredApprovals: 1,
          message: 'Booked when another staff member approves request #12',
        },
      },
    });
    show();
    await fillTerms();
    const dialog = screen.getByRole('dialog', { name: 'Create Trade' });
    expect(within(dialog).queryByTestId('quote-hint')).toBeNull();
    const rate = within(dialog).getByRole('textbox', { name: 'Rate' });
    await waitFor(() => expect((rate as HTMLInputElement).value).toBe('1.08435'));
    fireEvent.change(rate, { target: { value: '1.1500' } });
    expect(within(dialog).getByTestId('off-market-hint').textContent).toContain(
      "1.1500 is 6.07 % off the sheet's mid 1.0842 (tolerance 2 %).",
    );

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Off-market/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Say why the trade is booked off-market')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Client agreed the historic rate by phone' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send for approval' }));

    const pending = await screen.findByRole('dialog', { name: 'Sent for approval' });
    expect(pending.textContent).toContain(
      'Sent for approval: request #12 — another staff member must approve it.',
    );
    expect(screen.queryByRole('dialog', { name: 'Trade Created' })).toBeNull();
    expect(sentTo(sent, '/trades/bookManualDeliverableFxTrade')[0]?.body).toMatchObject({
      rate: '1.1500',
      offMarket: true,
      reason: 'Client agreed the historic rate by phone',
    });
    expect(sentTo(sent, '/trades/quote')).toEqual([]);
  }, 60_000);
});
