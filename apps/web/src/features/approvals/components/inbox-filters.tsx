import { MONEY_REQUEST_TYPES } from '@clearway/contracts/endpoints/money-requests.schemas';
import type { INBOX_KINDS } from '@clearway/contracts/endpoints/requests.schemas';
import { REQUEST_TYPES, type RequestType, WHITELIST_REQUEST_TYPES } from '@clearway/contracts/enums';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Kind = (typeof INBOX_KINDS)[number];

/** What the inbox is narrowed to (the server's filter, without the page). */
export type InboxFilterValue = {
  kind?: Kind;
  type?: RequestType;
  search?: string;
  direction: 'asc' | 'desc';
};

const TYPES_OF: Record<Kind | 'all', readonly RequestType[]> = {
  all: REQUEST_TYPES,
  money: MONEY_REQUEST_TYPES,
  whitelist: WHITELIST_REQUEST_TYPES,
};

/** The inbox's filters: money or whitelisting, one type, a text search, oldest or newest first. */
export function InboxFilters({
  value,
  onChange,
}: {
  value: InboxFilterValue;
  onChange: (next: InboxFilterValue) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value.search ?? '');
  // The search goes to the server once typing pauses, not on every key.
  const sendSearch = useDebouncedCallback(
    (s: string) => onChange({ ...value, search: s.trim() || undefined }),
    300,
  );
  const kind = value.kind ?? 'all';
  return (
    <Group align="flex-end" gap="sm">
      <SegmentedControl
        aria-label={t('approvals.kind')}
        value={kind}
        onChange={(k) => onChange({ ...value, kind: k === 'all' ? undefined : (k as Kind), type: undefined })}
        data={[
          { value: 'all', label: t('approvals.kinds.all') },
          { value: 'money', label: t('approvals.kinds.money') },
          { value: 'whitelist', label: t('approvals.kinds.whitelist') },
        ]}
      />
      <Select
        aria-label={t('approvals.type')}
        placeholder={t('requests.allTypes')}
        clearable
        data={TYPES_OF[kind].map((v) => ({ value: v, label: requestTypeOf(v).label }))}
        value={value.type ?? null}
        onChange={(v) => onChange({ ...value, type: (v as RequestType | null) ?? undefined })}
        w={220}
      />
      <TextInput
        aria-label={t('approvals.search')}
        placeholder={t('approvals.searchHint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          sendSearch(e.currentTarget.value);
        }}
        maxLength={100}
        w={280}
      />
      <Select
        aria-label={t('overview.sortBy')}
        data={[
          { value: 'asc', label: t('requests.oldestFirst') },
          { value: 'desc', label: t('requests.newestFirst') },
        ]}
        value={value.direction}
        onChange={(v) => v && onChange({ ...value, direction: v as 'asc' | 'desc' })}
        allowDeselect={false}
        w={160}
      />
    </Group>
  );
}
