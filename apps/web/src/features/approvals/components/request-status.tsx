import type { RequestStatus } from '@clearway/contracts/enums';
import { Badge, ScrollArea, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<RequestStatus, string> = {
  PENDING: 'yellow',
  APPROVED: 'teal',
  REJECTED: 'red',
  CANCELLED: 'gray',
  COMPLETED: 'blue',
};

/** A request's status as a coloured badge. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return <Badge color={COLOR[status]}>{t(`whitelist.status.${status}`)}</Badge>;
}

/** The status filter of the request lists; 'ALL' lifts it. */
export function RequestStatusFilter(props: {
  value: string;
  onChange: (v: string) => void;
  statuses: readonly string[];
}) {
  const { t } = useTranslation();
  // On a narrow screen the row of statuses scrolls sideways rather than being cut off.
  return (
    <ScrollArea type="auto" scrollbars="x" maw="100%" offsetScrollbars="present">
      <SegmentedControl
        value={props.value}
        onChange={props.onChange}
        data={[...props.statuses, 'ALL'].map((s) => ({ value: s, label: t(`whitelist.status.${s}`) }))}
        w="fit-content"
      />
    </ScrollArea>
  );
}
