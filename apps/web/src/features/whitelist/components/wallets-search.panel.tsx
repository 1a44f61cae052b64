import { Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListState } from '../../../components/list-state';
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
  return (
    <Stack>
      <TextInput
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      <ListState
        query={results}
        count={(results.data ?? []).length}
        label={t('search.label')}
        empty={{ title: t('search.none'), hint: t('search.noneHint') }}
      >
        <DataTable striped aria-label={t('search.label')}>
          <Table.Tbody>
            {(results.data ?? []).map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {w.friendlyName}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {w.network} · {w.address}
                  </Text>
                </Table.Td>
                <Table.Td>{w.entityName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
        {results.data?.length === SHOWN && (
          <Text size="xs" c="dimmed">
            {t('search.capped', { count: SHOWN })}
          </Text>
        )}
      </ListState>
    </Stack>
  );
}
