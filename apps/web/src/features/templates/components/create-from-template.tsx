import type { TTemplate } from '@clearway/contracts/endpoints/template.schemas';
import { ZCreateViaTemplate } from '@clearway/contracts/endpoints/template.schemas';
import { Alert, Button, Group, List, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { useForm } from '../../../lib/use-form';
import { parentEntitiesQuery } from '../../entities/api/entities.queries';
import { useCreateFromTemplate } from '../api/templates.mutations';

/**
 * Creates an entity from a template: its parent (the template's by default) and name; the
 * template's fields, accounts, grants and policies come with it in one transaction. The
 * caller shows 'Entity Created'.
 */
export function CreateFromTemplate({
  entityId,
  template,
  onClose,
  onCreated,
}: {
  entityId: number;
  template: TTemplate;
  onClose: () => void;
  onCreated: (entity: { entityId: number; entityName: string }) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateFromTemplate(template.id);
  const parents = useQuery(parentEntitiesQuery);
  const labels = { parentId: t('templatesPage.newParent'), entityName: t('templatesPage.entityName') };
  const form = useForm({
    initial: () => ({ parentId: template.parentId ? String(template.parentId) : '', entityName: '' }),
    labels,
    required: ['parentId', 'entityName'],
    check: (v: { parentId: string; entityName: string }) =>
      checkForm(
        ZCreateViaTemplate,
        { entityId, parentId: v.parentId === '' ? undefined : Number(v.parentId), entityName: v.entityName },
        labels,
      ),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('templatesPage.useTitle', { name: template.name })}
      size="lg"
      centered
    >
      <form
        noValidate
        onSubmit={form.onSubmit(async (body) => {
          const created = await create.mutateAsync(body);
          onClose();
          onCreated(created);
        })}
      >
        <Stack>
          {form.failure && (
            <Alert color="red" role="alert">
              {form.failure}
            </Alert>
          )}
          <Select
            {...form.choice('parentId')}
            searchable
            data={(parents.data ?? []).map((p) => ({ value: String(p.entityId), label: p.entityName }))}
          />
          <TextInput {...form.text('entityName')} />
          <Text size="sm" fw={600}>
            {t('templatesPage.comesWith')}
          </Text>
          <List size="sm">
            <List.Item>
              {t('templatesPage.withAttributes', { list: template.attributes.join(', ') || '—' })}
            </List.Item>
            <List.Item>
              {t('templatesPage.withAccounts', {
                list: template.accounts.map((a) => a.accountName).join(', ') || '—',
              })}
            </List.Item>
            <List.Item>
              {t('templatesPage.withGrants', {
                list: template.grants.map((g) => g.groupName).join(', ') || '—',
              })}
            </List.Item>
            <List.Item>
              {t('templatesPage.withPolicies', {
                list:
                  template.approvalPolicies
                    .map((p) => `${p.requestType} × ${p.requiredApprovals}`)
                    .join(', ') || '—',
              })}
            </List.Item>
          </List>
          <Group justify="flex-end">
            <Button type="submit" loading={form.busy}>
              {t('entitiesPage.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
