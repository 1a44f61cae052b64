import { Table, type TableProps } from '@mantine/core';

/** Below this width a data table scrolls sideways rather than squeezing its columns. */
const MIN_WIDTH = 640;

/**
 * A data table that scrolls sideways inside its own box when the screen is narrower than
 * its columns need, instead of pushing the whole page wider than the screen.
 */
export function DataTable(props: TableProps) {
  return (
    <Table.ScrollContainer minWidth={MIN_WIDTH} type="native">
      <Table {...props} />
    </Table.ScrollContainer>
  );
}
