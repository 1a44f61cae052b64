import { compareDecimals } from '@clearway/contracts/amounts';
import { Group, Stack, Table, type TableTrProps, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  type SortingFn,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../lib/format';
import { useTablePrefs } from '../lib/table-prefs';
import classes from './data-table.module.css';
import { ColumnMenu, HeaderCell, TableAbsence, TableCount } from './data-table-parts';
import { ExportCsvButton } from './export-csv-button';
import { listView } from './list-state';
import { PagedFooter, type Paging } from './pager';
import { useRowNavigation } from './use-row-navigation';

export type CsvCell = string | number | null;
type Value = string | number | null | undefined;

/** One column: how its cells read, and the raw value its sorting, search and CSV use. */
export type Column<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The raw value (a decimal string, an ISO date, a name): sorted, searched and exported. */
  value?: (row: T) => Value;
  /**
   * How the column sorts: here, by `value` as text, as exact decimals or as numbers; or
   * 'server' — the list's call sorts by the column's id (a server-sorted table).
   */
  sort?: 'text' | 'decimal' | 'number' | 'server';
  /** The first click sorts descending (newest, largest first). */
  descFirst?: boolean;
  align?: 'right';
  mono?: boolean;
  /** Always shown: the column menu does not offer to hide it. */
  fixed?: boolean;
  /** Left out of the CSV (actions). */
  csv?: false;
  /** A fixed width (a badge that would otherwise shrink to an ellipsis). */
  width?: number;
};

export type SortOrder = { by: string; direction: 'asc' | 'desc' };

type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  isPlaceholderData?: boolean;
};

export type DataTableProps<T> = {
  /** Keeps the table's column choice between visits; unique per table. */
  id: string;
  /** The table's accessible name (and what its loading and failure messages name). */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** The read behind the rows: a skeleton while it comes, its failure with a retry. */
  query?: ListQuery;
  empty: { title: string; hint: string };
  /** Why nothing is asked for (an inverted date range): said instead of rows or "none". */
  refusal?: string | null;
  /** Sorting done by the server; without it, columns with `sort` are sorted here. */
  sort?: SortOrder & { onChange: (next: SortOrder) => void };
  /** The order rows sorted here start in. */
  defaultSort?: SortOrder;
  /** A text search: of the rows here ('rows'), or of the server's list (its value and setter). */
  search?: 'rows' | { value: string; onChange: (value: string) => void };
  /** A server-paged list: its total and the pages (the persisted page size). */
  paging?: { total: number; paging: Paging };
  /** "Export CSV": the given rows (every row the filters match), else the rows shown, as shown. */
  csv?: { fileName: string; header?: string[]; rows?: () => Promise<CsvCell[][]> };
  /** What Enter (or a click beside the row's controls) on a row opens. */
  onRowOpen?: (row: T) => void;
  rowProps?: (row: T) => TableTrProps;
  /** The list's own filters, shown above the table. */
  toolbar?: ReactNode;
  /** Under the rows (a note on what is left out). */
  children?: ReactNode;
};

const exact: SortingFn<unknown> = (a, b, id) =>
  compareDecimals(String(a.getValue(id) ?? '0'), String(b.getValue(id) ?? '0')) ?? 0;
const text: SortingFn<unknown> = (a, b, id) =>
  String(a.getValue(id) ?? '').localeCompare(String(b.getValue(id) ?? ''), undefined, { numeric: true });

/** Rows not yet known: one array for every render (a new one each time would re-run the table's row models). */
const NO_ROWS: never[] = [];

/** Below this width a table scrolls sideways in its own box instead of widening the page. */
const MIN_WIDTH = 640;

/**
 * The one table of the portal (TanStack Table under Mantine's): sortable headers with
 * `aria-sort` (here, or by the server), the count, a text search, a column choice kept
 * between visits, a sticky header, rows reached with the arrow keys (Enter opens one),
 * CSV of what is shown, server pages at the persisted page size, a skeleton while loading,
 * the failure with a retry, an empty state, and a refusal when the filters cannot hold.
 */
export function DataTable<T>(p: DataTableProps<T>) {
  const { t } = useTranslation();
  const hidden = useTablePrefs((s) => s.hidden[p.id]);
  const setHidden = useTablePrefs((s) => s.setHidden);
  const [localSort, setLocalSort] = useState<SortingState>(
    p.defaultSort ? [{ id: p.defaultSort.by, desc: p.defaultSort.direction === 'desc' }] : [],
  );
  const [filter, setFilter] = useState('');

  const defs = useMemo<ColumnDef<T>[]>(
    () =>
      p.columns.map((c) => ({
        id: c.id,
        header: c.header,
        ...(c.value ? { accessorFn: (row: T) => c.value?.(row) ?? null } : {}),
        cell: (ctx) => {
          const shown = c.cell(ctx.row.original);
          // The empty-cell mark reads the same in every column, monospaced or not.
          return shown === EMPTY_CELL ? <span className={classes.empty}>{EMPTY_CELL}</span> : shown;
        },
        enableSorting: Boolean(c.sort),
        enableHiding: !c.fixed,
        enableGlobalFilter: Boolean(c.value),
        sortingFn: (c.sort === 'decimal' ? exact : c.sort === 'number' ? 'basic' : text) as SortingFn<T>,
        sortDescFirst: Boolean(c.descFirst),
        sortUndefined: 'last',
        meta: c,
      })),
    [p.columns],
  );
  const server = p.sort;
  // One array per order the server was asked for, so the row models do not re-run per render.
  const [serverBy, serverDirection] = [server?.by, server?.direction];
  const serverSorting = useMemo<SortingState | null>(
    () => (serverBy ? [{ id: serverBy, desc: serverDirection === 'desc' }] : null),
    [serverBy, serverDirection],
  );
  const sorting = serverSorting ?? localSort;
  const onSortingChange = (u: Updater<SortingState>) => {
    const next = typeof u === 'function' ? u(sorting) : u;
    if (!server) return setLocalSort(next);
    const first = next[0];
    if (first) server.onChange({ by: first.id, direction: first.desc ? 'desc' : 'asc' });
  };
  const table = useReactTable({
    data: p.rows ?? NO_ROWS,
    columns: defs,
    getRowId: (row) => String(p.rowKey(row)),
    state: {
      sorting,
      globalFilter: p.search === 'rows' ? filter : '',
      columnVisibility: Object.fromEntries((hidden ?? []).map((id) => [id, false])),
    },
    onSortingChange,
    manualSorting: Boolean(server),
    enableSortingRemoval: false,
    enableMultiSort: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    globalFilterFn: 'includesString',
    // Pages are the server's (or none): nothing for the table to reset when rows change.
    autoResetAll: false,
  });

  const rows = table.getRowModel().rows;
  const visible = table.getVisibleLeafColumns();
  const metaOf = (id: string) => p.columns.find((c) => c.id === id);
  const total = p.paging?.total ?? table.getPreFilteredRowModel().rows.length;
  const view = p.refusal ? 'refused' : listView(p.query ?? { isPending: false, isError: false }, rows.length);
  const searched = p.search === 'rows' ? filter : (p.search?.value ?? '');

  const csvColumns = visible
    .map((c) => metaOf(c.id))
    .filter((c): c is Column<T> => Boolean(c?.value) && c?.csv !== false);
  const csvRows = async (): Promise<CsvCell[][]> =>
    p.csv?.rows
      ? p.csv.rows()
      : rows.map((r) => csvColumns.map((c) => (c.value?.(r.original) ?? null) as CsvCell));

  const onRowOpen = p.onRowOpen;
  const rowNavigation = useRowNavigation(
    rows.length,
    onRowOpen && ((i) => rows[i] && onRowOpen(rows[i].original)),
  );

  return (
    <Stack gap="xs">
      {p.toolbar}
      {/* The count and the table's controls once there are rows; a search stays while it is in use. */}
      {(view === 'rows' || searched || typeof p.search === 'object') && (
        <Group justify="space-between" gap="xs" wrap="wrap">
          {view === 'rows' || view === 'empty' ? (
            <TableCount
              total={total}
              shown={rows.length}
              page={p.paging ? { offset: p.paging.paging.offset, size: p.paging.paging.pageSize } : undefined}
            />
          ) : (
            <span />
          )}
          <Group gap="xs" wrap="wrap">
            {p.search && (
              <TextInput
                aria-label={t('table.searchIn', { table: p.label })}
                placeholder={t('table.search')}
                leftSection={<IconSearch size={14} aria-hidden />}
                value={searched}
                onChange={(e) =>
                  p.search === 'rows'
                    ? setFilter(e.currentTarget.value)
                    : p.search?.onChange(e.currentTarget.value)
                }
                w={200}
              />
            )}
            {view === 'rows' && (
              <ColumnMenu
                table={p.label}
                choices={table.getAllLeafColumns().map((c) => ({
                  id: c.id,
                  label: String(c.columnDef.header ?? c.id),
                  shown: c.getIsVisible(),
                  fixed: !c.getCanHide(),
                }))}
                onToggle={(id, shown) =>
                  setHidden(p.id, shown ? (hidden ?? []).filter((h) => h !== id) : [...(hidden ?? []), id])
                }
              />
            )}
            {p.csv && view === 'rows' && (
              <ExportCsvButton
                fileName={p.csv.fileName}
                of={p.label}
                header={p.csv.header ?? csvColumns.map((c) => c.header)}
                rows={csvRows}
              />
            )}
          </Group>
        </Group>
      )}
      {view !== 'rows' && (
        <TableAbsence
          view={view}
          label={p.label}
          refusal={p.refusal}
          query={p.query}
          empty={
            searched
              ? { title: t('table.noMatch', { query: searched }), hint: t('table.noMatchHint') }
              : p.empty
          }
          skeleton={{ columns: visible.length, rows: Math.min(p.paging?.paging.pageSize ?? 5, 10) }}
        />
      )}
      {view === 'rows' && (
        <Table.ScrollContainer minWidth={MIN_WIDTH} type="native" className={classes.scroll}>
          <Table
            striped
            highlightOnHover
            withTableBorder
            stickyHeader
            aria-label={p.label}
            aria-busy={p.query?.isPlaceholderData || undefined}
            className={p.query?.isPlaceholderData ? classes.stale : undefined}
          >
            <Table.Thead>
              {table.getHeaderGroups().map((g) => (
                <Table.Tr key={g.id}>
                  {g.headers.map((h) => (
                    <HeaderCell
                      key={h.id}
                      header={h}
                      align={metaOf(h.column.id)?.align}
                      width={metaOf(h.column.id)?.width}
                    />
                  ))}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr
                  key={row.id}
                  className={p.onRowOpen ? `${classes.row} ${classes.openable}` : classes.row}
                  {...rowNavigation(i)}
                  {...p.rowProps?.(row.original)}
                >
                  {row.getVisibleCells().map((cell) => {
                    const meta = metaOf(cell.column.id);
                    return (
                      <Table.Td key={cell.id} ta={meta?.align} ff={meta?.mono ? 'monospace' : undefined}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {view === 'rows' && p.children}
      {p.paging && view === 'rows' && <PagedFooter rows={p.paging.total} paging={p.paging.paging} />}
    </Stack>
  );
}
