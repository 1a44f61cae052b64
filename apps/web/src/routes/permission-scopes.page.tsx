import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../components/data-table';
import { PageFrame } from '../components/page-frame';
import { entityForestQuery, flattenForest } from '../features/entities/api/entity-forest.query';
import { loadsScopeTypes } from '../features/users/api/user-loading-rules';
import { useDeleteScope, useRightsPreview } from '../features/users/api/users.mutations';
import { scopesQuery } from '../features/users/api/users.queries';
import { RightsPreview } from '../features/users/components/rights-preview';
import { ScopeForm } from '../features/users/components/scope-form';
import { useSelectedEntity } from '../lib/selected-entity';
import { showErrorToast, showSuccessToast } from '../lib/toasts';

type ScopeRow = { id: number; groupName: string; entityId: number; entityName: string; scopeType: string };

/** `/user-management/permission-scopes`: where each group's roles apply; a new binding is previewed first. */
export function PermissionScopesPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const entityId = entity?.entityId ?? 0;
  const list = useQuery({
    ...scopesQuery(entityId),
    enabled: entityId > 0 && Boolean(entity?.capabilities.canViewUserPermissionScopes),
  });
  const forest = useQuery(entityForestQuery);
  const entities = flattenForest(forest.data ?? []).map((e) => ({
    value: String(e.entityId),
    label: `${'· '.repeat(e.depth)}${e.entityName}`,
  }));
  const remove = useDeleteScope();
  const preview = useRightsPreview();
  const [creating, create] = useDisclosure(false);
  const columns: Column<ScopeRow>[] = [
    {
      id: 'group',
      header: t('scopes.group'),
      cell: (s) => s.groupName,
      value: (s) => s.groupName,
      sort: 'text',
      fixed: true,
    },
    {
      id: 'entity',
      header: t('scopes.entity'),
      cell: (s) => s.entityName,
      value: (s) => s.entityName,
      sort: 'text',
    },
    {
      id: 'type',
      header: t('scopes.type'),
      cell: (s) => t(`scopes.types.${s.scopeType}`),
      value: (s) => s.scopeType,
    },
    {
      id: 'actions',
      header: t('shell.actions'),
      fixed: true,
      csv: false,
      cell: (s) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={async () => {
            // The effect first: who loses which key where, as the server's resolver reads it.
            const effect = await preview
              .mutateAsync({
                entityId,
                change: { kind: 'permission-scopes/delete', body: { id: s.id, entityId: s.entityId } },
              })
              .catch((err) => {
                showErrorToast(err);
                return null;
              });
            if (!effect) return;
            modals.openConfirmModal({
              title: t('scopes.deleteTitle', { group: s.groupName, entity: s.entityName }),
              size: 'xl',
              children: <RightsPreview preview={effect} />,
              confirmProps: { color: 'red', disabled: Boolean(effect.refused) },
              labels: { confirm: t('scopes.delete'), cancel: t('users.cancel') },
              onConfirm: async () => {
                try {
                  await remove.mutateAsync({ id: s.id, entityId: s.entityId });
                  showSuccessToast(t('scopes.deleted'), s.groupName);
                } catch (err) {
                  showErrorToast(err);
                }
              },
            });
          }}
        >
          {t('scopes.delete')}
        </Button>
      ),
    },
  ];
  return (
    <PageFrame
      title={t('pages.permissionScopes')}
      actions={<Button onClick={create.open}>{t('scopes.create')}</Button>}
    >
      <DataTable
        id="permission-scopes"
        label={t('pages.permissionScopes')}
        columns={columns}
        rows={list.data as ScopeRow[] | undefined}
        rowKey={(s) => s.id}
        query={list}
        empty={{ title: t('scopes.none'), hint: t('scopes.noneHint') }}
        defaultSort={{ by: 'group', direction: 'asc' }}
        search="rows"
        csv={{ fileName: 'permission-scopes.csv' }}
      />
      <Modal opened={creating} onClose={create.close} title={t('scopes.create')} size="xl">
        <ScopeForm
          entityId={entityId}
          entities={entities}
          loadTypes={loadsScopeTypes(entity)}
          onDone={create.close}
        />
      </Modal>
    </PageFrame>
  );
}
