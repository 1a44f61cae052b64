import type { TApiKeyView } from '@clearway/contracts/endpoints/api-keys.schemas';
import { Badge, Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../components/data-table';
import { DateTimeText } from '../components/date-time-text';
import { PageFrame } from '../components/page-frame';
import { entityForestQuery, flattenForest } from '../features/entities/api/entity-forest.query';
import { useRevokeApiKey } from '../features/users/api/users.mutations';
import { apiKeysQuery } from '../features/users/api/users.queries';
import { ApiKeyAccess } from '../features/users/components/api-key-access';
import { ApiKeyForm } from '../features/users/components/api-key-form';
import { heldOn } from '../features/users/components/grantable-keys';
import { EMPTY_CELL } from '../lib/format';
import { useSelectedEntity } from '../lib/selected-entity';
import { showErrorToast, showSuccessToast } from '../lib/toasts';

const stateOf = (k: TApiKeyView) =>
  k.revokedAt ? 'revoked' : k.expiresAt && new Date(k.expiresAt) < new Date() ? 'expired' : 'active';

/** `/user-management/api-keys`: keys of the selected entity's subtree — issue (secret once), see use, revoke. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const entityId = entity?.entityId ?? 0;
  const list = useQuery({
    ...apiKeysQuery(entityId),
    enabled: entityId > 0 && Boolean(entity?.capabilities.canViewUserAPIKeys),
  });
  const forest = useQuery(entityForestQuery);
  const held = heldOn(flattenForest(forest.data ?? []), entityId);
  const revoke = useRevokeApiKey();
  const [creating, create] = useDisclosure(false);
  const [accessOf, setAccessOf] = useState<TApiKeyView | null>(null);
  const columns: Column<TApiKeyView>[] = [
    {
      id: 'name',
      header: t('apiKeys.name'),
      cell: (k) => k.name,
      value: (k) => k.name,
      sort: 'text',
      fixed: true,
    },
    {
      id: 'prefix',
      header: t('apiKeys.prefix'),
      cell: (k) => `cw_${k.prefix}_…`,
      value: (k) => k.prefix,
      mono: true,
    },
    {
      id: 'owner',
      header: t('apiKeys.owner'),
      cell: (k) => k.ownerName ?? EMPTY_CELL,
      value: (k) => k.ownerName,
    },
    {
      id: 'entity',
      header: t('apiKeys.entity'),
      cell: (k) => k.homeEntityName,
      value: (k) => k.homeEntityName,
    },
    {
      id: 'state',
      header: t('apiKeys.state'),
      value: (k) => stateOf(k),
      cell: (k) => (
        <Badge color={stateOf(k) === 'active' ? 'teal' : 'gray'}>{t(`apiKeys.states.${stateOf(k)}`)}</Badge>
      ),
    },
    {
      id: 'expiresAt',
      header: t('apiKeys.expires'),
      value: (k) => k.expiresAt ?? '',
      cell: (k) => (k.expiresAt ? <DateTimeText value={k.expiresAt} /> : t('apiKeys.never')),
    },
    {
      id: 'allowList',
      header: t('apiKeys.allowList'),
      value: (k) => k.allowedCidrs.join(' '),
      cell: (k) => k.allowedCidrs.join(', ') || t('apiKeys.anywhere'),
      mono: true,
    },
    {
      id: 'lastUsed',
      header: t('apiKeys.lastUsed'),
      value: (k) => k.lastUsedAt ?? '',
      cell: (k) =>
        k.lastUsedAt ? (
          <>
            <DateTimeText value={k.lastUsedAt} /> {k.lastUsedIp}
          </>
        ) : (
          EMPTY_CELL
        ),
    },
    {
      id: 'actions',
      header: t('shell.actions'),
      fixed: true,
      csv: false,
      cell: (k) =>
        k.revokedAt ? null : (
          <>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setAccessOf(k)}
              aria-label={t('apiKeys.accessOf', { name: k.name })}
            >
              {t('apiKeys.access')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() =>
                modals.openConfirmModal({
                  title: t('apiKeys.revokeTitle', { name: k.name }),
                  children: t('apiKeys.revokeText'),
                  labels: { confirm: t('apiKeys.revoke'), cancel: t('users.cancel') },
                  confirmProps: { color: 'red' },
                  onConfirm: async () => {
                    try {
                      await revoke.mutateAsync({ entityId, apiKeyId: k.id });
                      showSuccessToast(t('apiKeys.revoked'), k.name);
                    } catch (err) {
                      showErrorToast(err);
                    }
                  },
                })
              }
            >
              {t('apiKeys.revoke')}
            </Button>
          </>
        ),
    },
  ];
  return (
    <PageFrame
      title={t('pages.apiKeys')}
      actions={<Button onClick={create.open}>{t('apiKeys.create')}</Button>}
    >
      <DataTable
        id="api-keys"
        label={t('pages.apiKeys')}
        columns={columns}
        rows={list.data}
        rowKey={(k) => k.id}
        query={list}
        empty={{ title: t('apiKeys.none'), hint: t('apiKeys.noneHint') }}
        defaultSort={{ by: 'name', direction: 'asc' }}
        search="rows"
        csv={{ fileName: 'api-keys.csv' }}
      />
      <Modal opened={creating} onClose={create.close} title={t('apiKeys.create')} closeOnClickOutside={false}>
        <ApiKeyForm entityId={entityId} onDone={create.close} />
      </Modal>
      <Modal
        opened={accessOf !== null}
        onClose={() => setAccessOf(null)}
        title={t('apiKeys.accessOf', { name: accessOf?.name ?? '' })}
        size="xl"
      >
        {accessOf && <ApiKeyAccess entityId={entityId} apiKey={accessOf} held={held} />}
      </Modal>
    </PageFrame>
  );
}
