import { ZCreateUserTemplate } from '@clearway/contracts/endpoints/users.schemas';
import { Alert, Button, Checkbox, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useCreateUserTemplate } from '../api/users.mutations';
import { groupsQuery, rolesQuery } from '../api/users.queries';

const EMPTY = {
  name: '',
  homeEntityId: '',
  groupIds: [] as string[],
  roleIds: [] as string[],
  twoFactorRequired: true,
};

/**
 * A user template: the entity new users belong to, their groups, their roles there and the
 * 2FA rule. It grants nothing itself: a user made from it passes the grant rule then.
 */
export function TemplateForm({
  entityId,
  entities,
  onDone,
}: {
  entityId: number;
  entities: { value: string; label: string }[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQuery(entityId));
  const roles = useQuery(rolesQuery(entityId));
  const create = useCreateUserTemplate();
  const labels = {
    name: t('userTemplates.name'),
    homeEntityId: t('users.entity'),
    groupIds: t('groups.title'),
    roleIds: t('users.roles'),
    twoFactorRequired: t('users.twoFactorRequired'),
  };
  const form = useForm({
    initial: () => ({ ...EMPTY, homeEntityId: String(entityId) }),
    labels,
    required: ['name', 'homeEntityId'],
    fieldOf: { roles: 'roleIds' },
    check: (v: typeof EMPTY) =>
      checkForm(
        ZCreateUserTemplate,
        {
          entityId,
          name: v.name,
          homeEntityId: Number(v.homeEntityId),
          groupIds: v.groupIds.map(Number),
          roles: v.roleIds.map((roleId) => ({ roleId: Number(roleId), scopeType: 'SELF' as const })),
          twoFactorRequired: v.twoFactorRequired,
        },
        labels,
      ),
  });
  return (
    <form
      onSubmit={form.onSubmit(async (body) => {
        await create.mutateAsync(body);
        showSuccessToast(t('userTemplates.created'), body.name);
        onDone();
      })}
      noValidate
    >
      <Stack>
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        )}
        <TextInput {...form.text('name')} />
        <Select {...form.choice('homeEntityId')} searchable data={entities} />
        <MultiSelect
          {...form.choices('groupIds')}
          searchable
          data={((groups.data ?? []) as { id: number; name: string }[]).map((g) => ({
            value: String(g.id),
            label: g.name,
          }))}
        />
        <MultiSelect
          {...form.choices('roleIds')}
          searchable
          data={((roles.data ?? []) as { id: number; name: string }[]).map((r) => ({
            value: String(r.id),
            label: r.name,
          }))}
        />
        <Checkbox
          label={labels.twoFactorRequired}
          checked={form.values.twoFactorRequired}
          onChange={(e) => form.set({ twoFactorRequired: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy}>
            {t('userTemplates.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
