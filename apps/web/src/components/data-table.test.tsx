import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../lib/format';
import { initI18n } from '../lib/i18n';
import { TABLE_PREFS_KEY, useTablePrefs } from '../lib/table-prefs';
import { type Column, DataTable, type DataTableProps, type SortOrder } from './data-table';
import { DateRangeFilter, rangeRefusal } from './date-range-filter';
import { usePaging } from './pager';

type Entry = { id: number; account: string; amount: string };
const ENTRIES: Entry[] = [
  { id: 1, account: 'Northwind Margin', amount: '10.5' },
  { id: 2, account: 'Aurora Settlement', amount: '9.75' },
  { id: 3, account: 'Meridian Custody', amount: '100' },
];
const USD = { scale: 2, assetClass: 'FIAT' } as const;
const COLUMNS: Column<Entry>[] = [
  { id: 'account', header: 'Account', cell: (e) => e.account, value: (e) => e.account, sort: 'text' },
  {
    id: 'amount',
    header: 'Amount',
    cell: (e) => formatAmount(e.amount, USD),
    value: (e) => e.amount,
    sort: 'decimal',
    align: 'right',
  },
  { id: 'id', header: 'Entry', cell: (e) => `#${e.id}`, value: (e) => e.id },
];
const EMPTY = { title: 'No cash entries.', hint: 'Entries appear here.' };

function Table(props: Partial<DataTableProps<Entry>>) {
  return (
    <DataTable
      id="test-entries"
      label="Cash entries"
      columns={COLUMNS}
      rows={ENTRIES}
      rowKey={(e) => e.id}
      empty={EMPTY}
      {...props}
    />
  );
}

/** A list sorted by the server: asks for the order clicked (`onAsk`) and shows the rows as given. */
function ServerSorted({ onAsk }: { onAsk: (next: SortOrder) => void }) {
  const [order, setOrder] = useState<SortOrder>({ by: 'amount', direction: 'desc' });
  const columns = COLUMNS.map((c) => ({ ...c, sort: c.sort && ('server' as const), descFirst: true }));
  return (
    <Table
      columns={columns}
      sort={{
        ...order,
        onChange: (next) => {
          onAsk(next);
          setOrder(next);
        },
      }}
    />
  );
}

/** The rows as the second page of 57. */
function Paged() {
  const paging = usePaging({ pageSize: 10, onPageSize: () => {} });
  return <Table paging={{ total: 57, paging }} />;
}

/** A history filtered by a date range, as a page composes it: `onAsk` counts the reads. */
function History({ onAsk }: { onAsk: () => void }) {
  const { t } = useTranslation();
  const [range, setRange] = useState({ from: '', to: '' });
  const refusal = rangeRefusal(range, t);
  const list = useQuery({
    queryKey: ['entries', range],
    queryFn: async () => {
      onAsk();
      return [] as Entry[];
    },
    enabled: !refusal,
  });
  return (
    <Table
      rows={list.data}
      query={list}
      refusal={refusal}
      toolbar={<DateRangeFilter value={range} onChange={setRange} />}
    />
  );
}

const show = (ui: React.ReactNode) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
const header = (name: string) => screen.getByRole('columnheader', { name });
const amounts = () =>
  within(screen.getByRole('table', { name: 'Cash entries' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent);

beforeAll(() => {
  initI18n();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  useTablePrefs.setState({ hidden: {} });
});

describe('DataTable', () => {
  it('sorts by a header: aria-sort says which way, amounts compare as exact decimals', () => {
    show(<Table />);
    expect(header('Amount').getAttribute('aria-sort')).toBe('none');
    expect(header('Entry').hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(within(header('Amount')).getByRole('button', { name: 'Amount' }));
    expect(header('Amount').getAttribute('aria-sort')).toBe('ascending');
    expect(amounts()).toEqual(['9.75', '10.50', '100.00']);

    fireEvent.click(within(header('Amount')).getByRole('button', { name: 'Amount' }));
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    expect(amounts()).toEqual(['100.00', '10.50', '9.75']);
    expect(header('Account').getAttribute('aria-sort')).toBe('none');
  });

  it('leaves a server-sorted list’s order to the server, asking it for the order clicked', () => {
    const asked: SortOrder[] = [];
    show(<ServerSorted onAsk={(next) => asked.push(next)} />);
    // The rows stay in the order the server gave them.
    expect(amounts()).toEqual(['10.50', '9.75', '100.00']);
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(asked).toEqual([{ by: 'amount', direction: 'asc' }]);
    expect(header('Amount').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(asked[1]).toEqual({ by: 'account', direction: 'desc' });
    expect(header('Account').getAttribute('aria-sort')).toBe('descending');
    expect(header('Amount').getAttribute('aria-sort')).toBe('none');
  });

  it('counts its rows, those a search leaves, and a server page’s place in the total', () => {
    show(<Table search="rows" />);
    expect(screen.getByTestId('table-count').textContent).toBe('3 rows');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search Cash entries' }), {
      target: { value: 'aurora' },
    });
    expect(screen.getByTestId('table-count').textContent).toBe('1 of 3 rows');
    expect(amounts()).toEqual(['9.75']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search Cash entries' }), {
      target: { value: 'nothing like it' },
    });
    screen.getByText('Nothing matches “nothing like it”.');
    cleanup();

    show(<Paged />);
    expect(screen.getByTestId('table-count').textContent).toBe('1–3 of 57');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByTestId('table-count').textContent).toBe('11–13 of 57');
  });

  it('refuses an inverted date range with a message, and asks nothing, instead of "No cash entries"', async () => {
    let calls = 0;
    show(<History onAsk={() => calls++} />);
    await screen.findByText('No cash entries.');
    const before = calls;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The To date is before the From date');
    screen.getByText('Pick a date on or after the From date');
    expect(screen.queryByText('No cash entries.')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    // Only the complete From date was asked for; the inverted range never was.
    expect(calls).toBe(before + 1);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-01' } });
    await screen.findByText('No cash entries.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the shape of its rows while the first ones come, never a zero or a blank', () => {
    const pending = { isPending: true, isError: false, error: null, refetch: () => {} };
    show(<Table rows={undefined} query={pending} />);
    expect(screen.getByRole('status').textContent).toContain('Loading Cash entries');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('table-count')).toBeNull();
  });

  it('moves between rows with the arrow keys and opens one with Enter', () => {
    const opened: number[] = [];
    show(<Table onRowOpen={(e) => opened.push(e.id)} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    rows[0]!.focus();
    fireEvent.keyDown(rows[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[1]!, { key: 'End' });
    expect(document.activeElement).toBe(rows[2]);
    fireEvent.keyDown(rows[2]!, { key: 'Enter' });
    expect(opened).toEqual([3]);
  });

  it('hides a column the user unticks, and keeps the choice for the next visit', async () => {
    show(<Table />);
    fireEvent.click(screen.getByRole('button', { name: 'Columns of Cash entries' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Entry' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Entry' })).toBeNull());
    expect(JSON.parse(localStorage.getItem(TABLE_PREFS_KEY) ?? '{}').state.hidden).toEqual({
      'test-entries': ['id'],
    });
    cleanup();
    show(<Table />);
    expect(screen.queryByRole('columnheader', { name: 'Entry' })).toBeNull();
    screen.getByRole('columnheader', { name: 'Amount' });
  });
});
