import type { TCashEntryRow } from '@clearway/contracts/endpoints/money.schemas';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataTable } from '../../../components/data-table';
import { initI18n } from '../../../lib/i18n';
import { currenciesQuery } from '../../reference-data/api/reference-data.queries';
import { useCashEntryColumns } from './cash-entry-table';

/** The reference data every screen reads amounts by (scale and asset class), as the server lists it. */
const CURRENCIES = [
  { code: 'USD', name: 'US Dollar', digitalAssetName: null, scale: 2, assetClass: 'FIAT' },
  { code: 'JPY', name: 'Yen', digitalAssetName: null, scale: 0, assetClass: 'FIAT' },
  { code: 'BTC', name: 'Bitcoin', digitalAssetName: 'Bitcoin', scale: 8, assetClass: 'CRYPTO' },
  { code: 'ETH', name: 'Ether', digitalAssetName: 'Ethereum', scale: 18, assetClass: 'CRYPTO' },
] as const;

let next = 1;
const entry = (
  e: Partial<TCashEntryRow> & Pick<TCashEntryRow, 'type' | 'asset' | 'amount'>,
): TCashEntryRow => ({
  id: next++,
  entityId: 7,
  accountId: 70,
  counterAccountId: null,
  valueDate: '2026-11-23',
  reference: null,
  memo: null,
  transactionId: 1,
  requestId: null,
  createdBy: 'system',
  createdAt: '2026-11-23T21:10:07.000Z',
  accountName: 'Northwind Margin',
  entityName: 'Northwind Capital',
  counterAccountName: null,
  reversesEntryId: null,
  reversedByEntryId: null,
  ...e,
});

function History({ rows, accountId }: { rows: TCashEntryRow[]; accountId?: number }) {
  const columns = useCashEntryColumns({ entityId: 7, accountId });
  return (
    <DataTable id="t" label="Cash entries" columns={columns} rows={rows} rowKey={(e) => e.id} empty={EMPTY} />
  );
}
const EMPTY = { title: 'None', hint: '' };

const show = (rows: TCashEntryRow[], accountId?: number) => {
  const client = new QueryClient();
  client.setQueryData(currenciesQuery.queryKey, [...CURRENCIES]);
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <History rows={rows} accountId={accountId} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return within(screen.getByRole('table', { name: 'Cash entries' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell'));
};

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

describe('the cash-entry history as people read it', () => {
  it('shows each amount at its asset’s display precision: ETH and BTC trimmed, JPY without decimals', () => {
    const rows = show([
      entry({ type: 'DEPOSIT', asset: 'ETH', amount: '840.000000000000000000' }),
      entry({ type: 'DEPOSIT', asset: 'BTC', amount: '12.50000000' }),
      entry({ type: 'DEPOSIT', asset: 'JPY', amount: '1500' }),
      entry({ type: 'DEPOSIT', asset: 'USD', amount: '2500000.00' }),
    ]);
    expect(rows.map((cells) => cells[4]?.textContent)).toEqual(['840.00', '12.50', '1,500', '2,500,000.00']);
  });

  it('signs every amount by its direction on the account, reversals included, in one column', () => {
    const rows = show([
      entry({ type: 'DEPOSIT', asset: 'USD', amount: '777.77' }),
      entry({ type: 'DEPOSIT', asset: 'USD', amount: '-777.77', reversesEntryId: 1 }),
      entry({ type: 'WITHDRAWAL', asset: 'USD', amount: '100.00' }),
      entry({ type: 'WITHDRAWAL', asset: 'USD', amount: '-100.00', reversesEntryId: 3 }),
    ]);
    expect(rows.map((cells) => cells[4]?.textContent)).toEqual(['777.77', '-777.77', '-100.00', '100.00']);
  });

  it('reads a transfer as out of its sender and into its receiver when narrowed to one of them', () => {
    const transfer = entry({
      type: 'INTERNAL_TRANSFER',
      asset: 'USD',
      amount: '400.00',
      accountId: 70,
      counterAccountId: 71,
      counterAccountName: 'Northwind Settlement',
    });
    expect(show([transfer])[0]?.[4]?.textContent).toBe('400.00');
    cleanup();
    expect(show([transfer], 70)[0]?.[4]?.textContent).toBe('-400.00');
    cleanup();
    expect(show([transfer], 71)[0]?.[4]?.textContent).toBe('400.00');
  });

  it('shows the value date and the booking time in the reader’s locale, absolute, relative on hover', () => {
    const [cells] = show([entry({ type: 'DEPOSIT', asset: 'USD', amount: '1.00' })]);
    const valueDate = cells?.[0]?.querySelector('time');
    expect(valueDate?.getAttribute('dateTime')).toBe('2026-11-23');
    expect(valueDate?.textContent).toBe(
      new Intl.DateTimeFormat(navigator.language, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        timeZone: 'UTC',
      }).format(Date.UTC(2026, 10, 23)),
    );
    const booked = cells?.[7]?.querySelector('time');
    expect(booked?.getAttribute('dateTime')).toBe('2026-11-23T21:10:07.000Z');
    expect(booked?.textContent).toMatch(/2026.*\d{1,2}:\d{2}:\d{2}/);
    // The hover says how long ago, then the moment with its time zone.
    expect(booked?.getAttribute('title')).toMatch(/ago|in \d|yesterday|tomorrow|now/);
    // One empty-cell mark: no reference, no request.
    expect([cells?.[5]?.textContent, cells?.[6]?.textContent]).toEqual(['—', '—']);
  });
});
