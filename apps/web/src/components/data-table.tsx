import { Table, type TableProps } from '@mantine/core';

/**
 * A data table that scrolls sideways inside its own box when the screen is narrower than
 * its columns need, instead of pushing the whole page wider than the screen.
 */
export function DataTable({ minWidth = 640, ...props }: TableProps & { minWidth?: number }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table {...props} />
    </Table.ScrollContainer>
  );
}
