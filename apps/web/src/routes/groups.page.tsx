import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../components/data-table';
import { PageFrame } from '../components/page-frame';
import { groupsQuery, rolesQuery } from '../features/users/api/users.queries';
import { GroupCreateForm } from '../features/users/components/group-create-form';
import { GroupEditor } from '../features/users/components/group-editor';
import { useSelectedEntity } from '../lib/selected-entity';

type GroupRow = {
  id: number;
  name: string;
  description: string;
  roleIds: number[];
  members: { kind: 'user' | 'apiKey'; id: string }[];
};

/** `/user-management/groups`: groups with their members and roles; changes previewed before they are saved. */
export function GroupsPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const entityId = entity?.entityId ?? 0;
  const enabled = entityId > 0 && Boolean(entity?.capabilities.canViewUserGroups);
  const list = useQuery({ ...groupsQuery(entityId), enabled });
  const roles = useQuery({ ...rolesQuery(entityId), enabled });
  const roleName = new Map(((roles.data ?? []) as { id: number; name: string }[]).map((r) => [r.id, r.name]));
  const [editing, setEditing] = useState<GroupRow | null>(null);
  const [creating, create] = useDisclosure(false);
  const columns: Column<GroupRow>[] = [
    {
      id: 'name',
      header: t('groups.name'),
      cell: (g) => g.name,
      value: (g) => g.name,
      sort: 'text',
      fixed: true,
    },
    {
      id: 'description',
      header: t('rights.description'),
      cell: (g) => g.description,
      value: (g) => g.description,
    },
    {
      id: 'roles',
      header: t('groups.roles'),
      value: (g) => g.roleIds.map((id) => roleName.get(id) ?? id).join(', '),
      cell: (g) => g.roleIds.map((id) => roleName.get(id) ?? `#${id}`).join(', '),
    },
    {
      id: 'members',
      header: t('groups.memberCount'),
      value: (g) => g.members.length,
      cell: (g) => g.members.length,
      sort: 'number',
      align: 'right',
    },
    {
      id: 'actions',
      header: t('shell.actions'),
      fixed: true,
      csv: false,
      cell: (g) => (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => setEditing(g)}
          aria-label={t('groups.edit', { name: g.name })}
        >
          {t('rights.edit')}
        </Button>
      ),
    },
  ];
  return (
    <PageFrame
      title={t('pages.groups')}
      actions={<Button onClick={create.open}>{t('groups.create')}</Button>}
    >
      <DataTable
        id="groups"
        label={t('pages.groups')}
        columns={columns}
        rows={list.data as GroupRow[] | undefined}
        rowKey={(g) => g.id}
        query={list}
        empty={{ title: t('groups.none'), hint: t('groups.noneHint') }}
        defaultSort={{ by: 'name', direction: 'asc' }}
        search="rows"
        csv={{ fileName: 'groups.csv' }}
      />
      <Modal opened={creating} onClose={create.close} title={t('groups.create')}>
        <GroupCreateForm entityId={entityId} onDone={create.close} />
      </Modal>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('groups.edit', { name: editing?.name ?? '' })}
        size="xl"
      >
        {editing && <GroupEditor entityId={entityId} group={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </PageFrame>
  );
}
