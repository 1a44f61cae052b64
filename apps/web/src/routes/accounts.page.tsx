import { Badge, Group, SegmentedControl, Stack, Switch, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../components/data-table';
import { ListState } from '../components/list-state';
import { PageFrame } from '../components/page-frame';
import type { AccountListOptions } from '../features/accounts/api/accounts.keys';
import { accountListQuery } from '../features/accounts/api/accounts.queries';
import { AccountHistoryLink } from '../features/accounts/components/account-history-link';
import { EditAccount } from '../features/accounts/components/edit-account';
import { OpenAccount } from '../features/accounts/components/open-account';
import { useSelectedEntity } from '../lib/selected-entity';

const SORTS = ['name', 'type', 'created'] as const;

/** `/accounts`: the selected entity's accounts (optionally those below it), opened, edited and closed here. */
export function AccountsPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const [options, setOptions] = useState<AccountListOptions>({ sortMode: 'name', allAccessible: false });
  const list = useQuery({ ...accountListQuery(id, options), enabled: Boolean(entity) });
  const canCreate = Boolean(entity?.capabilities.canCreateAccount);
  const canEdit = Boolean(entity?.capabilities.canEditAccount);
  const rows = list.data ?? [];

  return (
    <PageFrame title={t('pages.accounts')} actions={canCreate ? <OpenAccount entityId={id} /> : undefined}>
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <Text size="sm">{t('accountsPage.sortBy')}</Text>
            <SegmentedControl
              aria-label={t('accountsPage.sortBy')}
              value={options.sortMode}
              onChange={(v) => setOptions({ ...options, sortMode: v as AccountListOptions['sortMode'] })}
              data={SORTS.map((s) => ({ value: s, label: t(`accountsPage.sorts.${s}`) }))}
            />
          </Group>
          <Switch
            label={t('accountsPage.includeBelow')}
            checked={options.allAccessible}
            onChange={(e) => setOptions({ ...options, allAccessible: e.currentTarget.checked })}
          />
        </Group>
        <ListState
          query={list}
          count={rows.length}
          label={t('pages.accounts')}
          empty={{
            title: t('accountsPage.none'),
            hint: t(options.allAccessible ? 'accountsPage.noneHint' : 'accountsPage.noneHintBelow'),
          }}
        >
          <DataTable striped withTableBorder aria-label={t('pages.accounts')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('accountsPage.name')}</Table.Th>
                <Table.Th>{t('accountsPage.type')}</Table.Th>
                {options.allAccessible && <Table.Th>{t('accountsPage.entity')}</Table.Th>}
                <Table.Th>{t('accountsPage.currency')}</Table.Th>
                <Table.Th>{t('accountsPage.iban')}</Table.Th>
                <Table.Th>{t('accountsPage.bic')}</Table.Th>
                <Table.Th>{t('accountsPage.code')}</Table.Th>
                <Table.Th>{t('accountsPage.status')}</Table.Th>
                {canEdit && <Table.Th>{t('shell.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <AccountHistoryLink accountId={a.id} name={a.name} />
                  </Table.Td>
                  <Table.Td>{a.type}</Table.Td>
                  {options.allAccessible && <Table.Td>{a.entityName}</Table.Td>}
                  <Table.Td>{a.currencyCode ?? '—'}</Table.Td>
                  <Table.Td ff="monospace">{a.ibanCode ?? '—'}</Table.Td>
                  <Table.Td ff="monospace">{a.swiftCode ?? '—'}</Table.Td>
                  <Table.Td>{a.accountCode || '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={a.active ? 'teal' : 'gray'}>
                      {a.active ? t('accountsPage.active') : t('accountsPage.closed')}
                    </Badge>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <EditAccount account={a} entityId={id} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </DataTable>
        </ListState>
      </Stack>
    </PageFrame>
  );
}
