import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { useSelectedEntity } from '../../../lib/selected-entity';
import { walletSearchQuery } from '../api/whitelist.queries';

/** A search shows this many matches at most and says so when there may be more. */
const SHOWN = 50;

/** "Wallets Search": wallets of the entities below the selected one (child permissions). */
export function WalletsSearchPanel() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 300);
  const id = entity?.entityId ?? -1;
  const results = useQuery({ ...walletSearchQuery(id, debounced, SHOWN), enabled: id > 0 });
  type Found = NonNullable<typeof results.data>[number];
  const columns: Column<Found>[] = [
    {
      id: 'wallet',
      header: t('whitelist.wallet'),
      value: (w) => `${w.friendlyName} ${w.network} ${w.address}`,
      cell: (w) => (
        <>
          <Text size="sm" fw={600}>
            {w.friendlyName}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {w.network} · {w.address}
          </Text>
        </>
      ),
      fixed: true,
    },
    { id: 'entity', header: t('overview.entity'), value: (w) => w.entityName, cell: (w) => w.entityName },
  ];
  return (
    <Stack>
      <TextInput
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      <DataTable
        id="wallet-search"
        label={t('search.label')}
        columns={columns}
        rows={results.data}
        rowKey={(w) => w.id}
        query={results}
        empty={{ title: t('search.none'), hint: t('search.noneHint') }}
        csv={{ fileName: `wallet-search-${id}.csv` }}
      >
        {results.data?.length === SHOWN && (
          <Text size="xs" c="dimmed">
            {t('search.capped', { count: SHOWN })}
          </Text>
        )}
      </DataTable>
    </Stack>
  );
}
