import { Group, Pagination, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A paged page's persisted page size and its setter (the shell keeps it in persisted state). */
export type PageSizeProps = { pageSize: number; onPageSize: (n: number) => void };

const PAGE_SIZES = ['10', '25', '50', '100'];

type PagerProps = { total: number; value: number; onChange: (page: number) => void };

/** Page controls a screen reader can name: 'Previous page', 'Next page', 'Page 2'. */
export function Pager({ total, value, onChange }: PagerProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
      getItemProps={(page) => ({ 'aria-label': t('pager.page', { page }) })}
    />
  );
}

/** A paged list's state: the page shown, the persisted page size and the offset to ask from. */
export function usePaging({ pageSize, onPageSize }: PageSizeProps) {
  const [page, setPage] = useState(1);
  return { page, setPage, pageSize, onPageSize, offset: (page - 1) * pageSize };
}
export type Paging = ReturnType<typeof usePaging>;

/**
 * A paged table's foot: rows per page (the persisted table page size, shared by every paged
 * table) and the page controls once there is more than one page; nothing under an empty list.
 */
export function PagedFooter({ rows, paging }: { rows: number; paging: Paging }) {
  const { t } = useTranslation();
  const { page, setPage, pageSize, onPageSize } = paging;
  const pages = Math.max(1, Math.ceil(rows / pageSize));
  if (rows === 0) return null;
  return (
    <Group justify="space-between">
      <Group gap="xs">
        <Text size="sm">{t('overview.pageSize')}</Text>
        <Select
          data={PAGE_SIZES}
          value={String(pageSize)}
          onChange={(v) => {
            if (v) {
              onPageSize(Number(v));
              setPage(1);
            }
          }}
          w={90}
          allowDeselect={false}
          aria-label={t('overview.pageSize')}
        />
      </Group>
      {pages > 1 && <Pager total={pages} value={page} onChange={setPage} />}
    </Group>
  );
}
