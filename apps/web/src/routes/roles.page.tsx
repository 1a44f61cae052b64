import type { PermissionKey } from '@clearway/contracts/permissions';
import { Badge, Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../components/data-table';
import { PageFrame } from '../components/page-frame';
import { rolesQuery } from '../features/users/api/users.queries';
import { RoleEditor } from '../features/users/components/role-editor';
import { useSelectedEntity } from '../lib/selected-entity';

type Role = {
  id: number;
  name: string;
  description: string;
  permissions: PermissionKey[];
  editable: boolean;
};

/** `/user-management/roles`: named key sets; a change is previewed (who gains or loses what) before it is saved. */
export function RolesPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const entityId = entity?.entityId ?? 0;
  const list = useQuery({
    ...rolesQuery(entityId),
    enabled: entityId > 0 && Boolean(entity?.capabilities.canViewUserRoles),
  });
  const [editing, setEditing] = useState<Role | null>(null);
  const [_creating, create] = useDisclosure(false);
  const columns: Column<Role>[] = [
    {
      id: 'name',
      header: t('rights.role'),
      cell: (r) => r.name,
      value: (r) => r.name,
      sort: 'text',
      fixed: true,
    },
    {
      id: 'description',
      header: t('rights.description'),
      cell: (r) => r.description,
      value: (r) => r.description,
    },
    {
      id: 'keys',
      header: t('rights.keys'),
      value: (r) => r.permissions.join(' '),
      cell: (r) => r.permissions.join(', '),
      mono: true,
    },
    {
      id: 'editable',
      header: t('rights.owner'),
      value: (r) => (r.editable ? 'own' : 'shared'),
      cell: (r) => <Badge variant="light">{r.editable ? t('rights.own') : t('rights.shared')}</Badge>,
    },
    {
      id: 'actions',
      header: t('shell.actions'),
      fixed: true,
      csv: false,
      cell: (r) =>
        r.editable ? (
          <Button
            size="xs"
            variant="subtle"
            onClick={() => setEditing(r)}
            aria-label={t('rights.editRole', { name: r.name })}
          >
            {t('rights.edit')}
          </Button>
        ) : null,
    },
  ];
  return (
    <PageFrame
      title={t('pages.roles')}
      actions={<Button onClick={create.open}>{t('rights.createRole')}</Button>}
    >
      <DataTable
        id="roles"
        label={t('pages.roles')}
        columns={columns}
        rows={list.data as Role[] | undefined}
        rowKey={(r) => r.id}
        query={list}
        empty={{ title: t('rights.none'), hint: t('rights.noneHint') }}
        defaultSort={{ by: 'name', direction: 'asc' }}
        search="rows"
        csv={{ fileName: 'roles.csv' }}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('rights.editRole', { name: editing?.name ?? '' })}
        size="xl"
      >
        {editing && <RoleEditor entityId={entityId} role={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </PageFrame>
  );
}
