import { REQUEST_TYPES } from '@clearway/contracts/enums';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { type PageSizeProps, usePaging } from '../components/pager';
import { inboxQuery } from '../features/approvals/api/inbox.queries';
import { ApprovalPolicies } from '../features/approvals/components/approval-policies';
import { InboxFilters, type InboxFilterValue } from '../features/approvals/components/inbox-filters';
import { InboxTable } from '../features/approvals/components/inbox-table';
import { RequestDrawer } from '../features/approvals/components/request-drawer';
import { useSelectedEntity } from '../lib/selected-entity';
import { useOpenedRequest } from '../lib/use-opened-request';

/**
 * `/approvals` (beyond section 2, issue 21): everything waiting for the approver's decision
 * at the selected entity and below it — money and whitelisting requests — with filters and
 * paging; a request opens in a drawer (also from a notification's link, `?request=12`).
 */
export function ApprovalsPage({ pageSize, onPageSize }: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const paging = usePaging({ pageSize, onPageSize });
  const [filter, setFilter] = useState<InboxFilterValue>({ direction: 'asc' });
  const opened = useOpenedRequest();
  const list = useQuery({
    ...inboxQuery(id, { ...filter, limit: pageSize, offset: paging.offset }),
    enabled: id > 0,
  });
  // Ages count to when the page arrived, so they do not change under the reader's eyes.
  const now = useMemo(() => (list.dataUpdatedAt ? list.dataUpdatedAt : Date.now()), [list.dataUpdatedAt]);
  return (
    <PageFrame
      title={t('pages.approvals')}
      actions={
        entity?.capabilities.canManageApprovalPolicies ? (
          <ApprovalPolicies entityId={id} types={REQUEST_TYPES} />
        ) : undefined
      }
    >
      <Stack gap="xs">
        <InboxFilters
          value={filter}
          onChange={(next) => {
            setFilter(next);
            paging.setPage(1);
          }}
        />
        <InboxTable
          label={t('approvals.waiting')}
          rows={list.data?.items}
          query={list}
          paging={{ total: list.data?.total ?? 0, paging }}
          now={now}
          onOpen={(r) => opened.open(r.id)}
        />
      </Stack>
      <RequestDrawer entityId={id} requestId={opened.requestId} onClose={opened.close} />
    </PageFrame>
  );
}
