import { Table } from '@mantine/core';
import { type ReactNode, type UIEvent, useState } from 'react';

/**
 * A table over a long list of fixed-height rows that draws only the rows in view (and a few
 * either side), with spacer rows for the rest: a list of 100,000 rows scrolls as smoothly
 * as one of 100, and stays a real table to assistive technology. `render` draws row `i`.
 */
export function VirtualRows({
  count,
  rowHeight,
  height,
  columns,
  overscan = 10,
  head,
  render,
  label,
}: {
  count: number;
  rowHeight: number;
  /** The window's height in pixels (it never grows past what the rows need). */
  height: number;
  columns: number;
  overscan?: number;
  head: ReactNode;
  render: (index: number) => ReactNode;
  label: string;
}) {
  const [top, setTop] = useState(0);
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((top + height) / rowHeight) + overscan);
  const drawn: ReactNode[] = [];
  for (let i = first; i < last; i++) drawn.push(render(i));
  const spacer = (rows: number, key: string) =>
    rows > 0 ? (
      <tr key={key}>
        <td colSpan={columns} style={{ height: rows * rowHeight, padding: 0, border: 0 }} />
      </tr>
    ) : null;
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={640}
      maxHeight={height}
      onScroll={(e: UIEvent<HTMLDivElement>) => setTop(e.currentTarget.scrollTop)}
    >
      <Table stickyHeader aria-label={label} aria-rowcount={count + 1} layout="fixed">
        <Table.Thead>{head}</Table.Thead>
        <Table.Tbody>
          {spacer(first, 'before')}
          {drawn}
          {spacer(count - last, 'after')}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
