import type { TAccount } from '@clearway/contracts/endpoints/money.schemas';
import { ACCOUNT_TYPE_LABELS, labelOf } from '@clearway/contracts/enums';
import { Badge, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../components/data-table';
import { PageFrame } from '../components/page-frame';
import { accountListQuery } from '../features/accounts/api/accounts.queries';
import { AccountHistoryLink } from '../features/accounts/components/account-history-link';
import { EditAccount } from '../features/accounts/components/edit-account';
import { OpenAccount } from '../features/accounts/components/open-account';
import { EMPTY_CELL } from '../lib/format';
import { useSelectedEntity } from '../lib/selected-entity';

/**
 * `/accounts`: the selected entity's accounts (optionally those below it), sorted and
 * searched by any column, opened, edited and closed here; Enter on a row opens its history.
 */
export function AccountsPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const navigate = useNavigate();
  const id = entity?.entityId ?? -1;
  const [allAccessible, setAllAccessible] = useState(false);
  const list = useQuery({
    ...accountListQuery(id, { sortMode: 'name', allAccessible }),
    enabled: Boolean(entity),
  });
  const canCreate = Boolean(entity?.capabilities.canCreateAccount);
  const canEdit = Boolean(entity?.capabilities.canEditAccount);
  const text = (
    id: string,
    header: string,
    of: (a: TAccount) => string | null,
    mono = false,
  ): Column<TAccount> => ({
    id,
    header,
    value: of,
    cell: (a) => of(a) || EMPTY_CELL,
    sort: 'text',
    mono,
  });
  const columns: Column<TAccount>[] = [
    {
      id: 'name',
      header: t('accountsPage.name'),
      value: (a) => a.name,
      cell: (a) => <AccountHistoryLink accountId={a.id} name={a.name} />,
      sort: 'text',
      fixed: true,
    },
    text('type', t('accountsPage.type'), (a) => labelOf(ACCOUNT_TYPE_LABELS, a.type)),
    ...(allAccessible ? [text('entity', t('accountsPage.entity'), (a) => a.entityName)] : []),
    text('currency', t('accountsPage.currency'), (a) => a.currencyCode),
    text('iban', t('accountsPage.iban'), (a) => a.ibanCode, true),
    text('bic', t('accountsPage.bic'), (a) => a.swiftCode, true),
    text('code', t('accountsPage.code'), (a) => a.accountCode),
    {
      id: 'status',
      header: t('accountsPage.status'),
      value: (a) => (a.active ? t('accountsPage.active') : t('accountsPage.closed')),
      cell: (a) => (
        <Badge color={a.active ? 'teal' : 'gray'}>
          {a.active ? t('accountsPage.active') : t('accountsPage.closed')}
        </Badge>
      ),
      sort: 'text',
    },
    ...(canEdit
      ? [
          {
            id: 'actions',
            header: t('shell.actions'),
            fixed: true,
            csv: false,
            cell: (a: TAccount) => <EditAccount account={a} entityId={id} />,
          } satisfies Column<TAccount>,
        ]
      : []),
  ];

  return (
    <PageFrame title={t('pages.accounts')} actions={canCreate ? <OpenAccount entityId={id} /> : undefined}>
      <DataTable
        id="accounts"
        label={t('pages.accounts')}
        columns={columns}
        rows={list.data}
        rowKey={(a) => a.id}
        query={list}
        empty={{
          title: t('accountsPage.none'),
          hint: t(allAccessible ? 'accountsPage.noneHint' : 'accountsPage.noneHintBelow'),
        }}
        defaultSort={{ by: 'name', direction: 'asc' }}
        search="rows"
        csv={{ fileName: `accounts-${id}.csv` }}
        onRowOpen={
          entity?.capabilities.canViewCashEntries
            ? (a) => navigate({ to: '/deposit-and-withdrawals/historic', search: { accountId: a.id } })
            : undefined
        }
        toolbar={
          <Switch
            label={t('accountsPage.includeBelow')}
            checked={allAccessible}
            onChange={(e) => setAllAccessible(e.currentTarget.checked)}
          />
        }
      />
    </PageFrame>
  );
}
