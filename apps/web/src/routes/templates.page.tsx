import type { TTemplate } from '@clearway/contracts/endpoints/template.schemas';
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../components/data-table';
import { PageFrame } from '../components/page-frame';
import { confirmSaved } from '../components/saved-confirmation';
import {
  useCreateTemplate,
  useDeleteTemplate,
  useUpdateTemplate,
} from '../features/templates/api/templates.mutations';
import { templatesQuery } from '../features/templates/api/templates.queries';
import { CreateFromTemplate } from '../features/templates/components/create-from-template';
import { TemplateForm } from '../features/templates/components/template-form';
import { EMPTY_CELL } from '../lib/format';
import { useSelectedEntity } from '../lib/selected-entity';
import { showSuccessToast } from '../lib/toasts';

/**
 * `/templates`: the selected entity's templates (and those below it), created, edited and
 * deleted here; "Create entity" opens a new entity from one, with its accounts, grants and
 * approval policies, in one transaction.
 */
export function TemplatesPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const caps = entity?.capabilities;
  const navigate = useNavigate();
  const list = useQuery(templatesQuery(id));
  const [editing, setEditing] = useState<TTemplate | 'new' | null>(null);
  const [using, setUsing] = useState<TTemplate | null>(null);
  const create = useCreateTemplate(id);
  const update = useUpdateTemplate(id);
  const remove = useDeleteTemplate(id);

  const askDelete = (x: TTemplate) =>
    modals.openConfirmModal({
      title: t('templatesPage.deleteTitle', { name: x.name }),
      children: <Text size="sm">{t('templatesPage.deleteText')}</Text>,
      labels: { confirm: t('templatesPage.delete'), cancel: t('entitiesPage.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(x.id, {
          onSuccess: () =>
            showSuccessToast(t('templatesPage.deleted'), t('templatesPage.deletedText', { name: x.name })),
        }),
    });

  const list0 = (xs: string[]) => xs.join(', ') || EMPTY_CELL;
  const columns: Column<TTemplate>[] = [
    {
      id: 'name',
      header: t('templatesPage.name'),
      value: (x) => x.name,
      cell: (x) => x.name,
      sort: 'text',
      fixed: true,
    },
    {
      id: 'parent',
      header: t('templatesPage.parent'),
      value: (x) => x.parentName,
      cell: (x) => x.parentName ?? EMPTY_CELL,
    },
    {
      id: 'attributes',
      header: t('templatesPage.attributes'),
      value: (x) => x.attributes.join(', '),
      cell: (x) => list0(x.attributes),
    },
    {
      id: 'accounts',
      header: t('templatesPage.accounts'),
      value: (x) => x.accounts.map((a) => a.accountName).join(', '),
      cell: (x) => list0(x.accounts.map((a) => a.accountName)),
    },
    {
      id: 'grants',
      header: t('templatesPage.grants'),
      value: (x) => x.grants.map((g) => g.groupName).join(', '),
      cell: (x) => list0(x.grants.map((g) => g.groupName)),
    },
    {
      id: 'policies',
      header: t('templatesPage.policies'),
      value: (x) => x.approvalPolicies.map((p) => `${p.requestType} × ${p.requiredApprovals}`).join(', '),
      cell: (x) => list0(x.approvalPolicies.map((p) => `${p.requestType} × ${p.requiredApprovals}`)),
    },
    {
      id: 'owner',
      header: t('templatesPage.owner'),
      value: (x) => x.ownerEntityName,
      cell: (x) => x.ownerEntityName,
    },
    {
      id: 'actions',
      header: t('shell.actions'),
      fixed: true,
      csv: false,
      cell: (x) => (
        <Group gap={4} wrap="nowrap">
          {caps?.canCreateEntityViaTemplate && (
            <Button
              size="xs"
              onClick={() => setUsing(x)}
              aria-label={t('templatesPage.useFor', { name: x.name })}
            >
              {t('templatesPage.use')}
            </Button>
          )}
          {caps?.canEditTemplate && x.ownerEntityId === id && (
            <Button size="xs" variant="default" onClick={() => setEditing(x)}>
              {t('templatesPage.editButton')}
            </Button>
          )}
          {caps?.canDeleteTemplate && x.ownerEntityId === id && (
            <Button size="xs" variant="subtle" color="red" onClick={() => askDelete(x)}>
              {t('templatesPage.delete')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <PageFrame
      title={t('pages.templates')}
      actions={
        caps?.canCreateTemplate ? (
          <Button onClick={() => setEditing('new')}>{t('templatesPage.create')}</Button>
        ) : undefined
      }
    >
      <DataTable
        id="templates"
        label={t('pages.templates')}
        columns={columns}
        rows={list.data}
        rowKey={(x) => x.id}
        query={list}
        empty={{ title: t('templatesPage.none'), hint: t('templatesPage.noneHint') }}
        defaultSort={{ by: 'name', direction: 'asc' }}
        search="rows"
      />
      {editing && (
        <TemplateForm
          entityId={id}
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (editing === 'new') {
              await create.mutateAsync(body as never);
              confirmSaved(t, 'template', 'created');
            } else {
              await update.mutateAsync(body as never);
              confirmSaved(t, 'template', 'updated');
            }
          }}
        />
      )}
      {using && (
        <CreateFromTemplate
          entityId={id}
          template={using}
          onClose={() => setUsing(null)}
          onCreated={(created) => {
            confirmSaved(t, 'entity', 'created');
            void navigate({ to: '/entities', search: { entity: created.entityId } as never });
          }}
        />
      )}
    </PageFrame>
  );
}
