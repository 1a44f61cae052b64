import { ZCreateUser, ZCreateUserViaTemplate } from '@clearway/contracts/endpoints/users.schemas';
import { Alert, Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { checkForm } from '../../../lib/form-errors';
import { useForm } from '../../../lib/use-form';
import { useCreateUser, useCreateUserViaTemplate } from '../api/users.mutations';
import { userTemplatesQuery } from '../api/users.queries';

const EMPTY = { templateId: '', username: '', email: '', displayName: '', twoFactorRequired: true };

/**
 * 'Create User': the new user is invited by e-mail (a one-time set-password link). With a
 * template, its entity, groups, roles and 2FA rule apply; without one, the user belongs to
 * the selected entity.
 */
export function InviteUserForm({ entityId, onDone }: { entityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const templates = useQuery(userTemplatesQuery(entityId));
  const create = useCreateUser();
  const viaTemplate = useCreateUserViaTemplate();
  const labels = {
    templateId: t('users.template'),
    username: t('users.username'),
    email: t('users.email'),
    displayName: t('users.displayName'),
    twoFactorRequired: t('users.twoFactorRequired'),
    homeEntityId: t('users.entity'),
  };
  const form = useForm({
    initial: () => EMPTY,
    labels,
    required: ['username', 'email', 'displayName'],
    check: (v: typeof EMPTY): { errors: Record<string, string>; body?: object } =>
      v.templateId
        ? checkForm(
            ZCreateUserViaTemplate,
            {
              entityId,
              templateId: Number(v.templateId),
              username: v.username,
              email: v.email,
              displayName: v.displayName,
            },
            labels,
          )
        : checkForm(
            ZCreateUser,
            {
              entityId,
              homeEntityId: entityId,
              username: v.username,
              email: v.email,
              displayName: v.displayName,
              twoFactorRequired: v.twoFactorRequired,
            },
            labels,
          ),
  });
  const send = async (body: object) => {
    if ('templateId' in body)
      await viaTemplate.mutateAsync(body as Parameters<typeof viaTemplate.mutateAsync>[0]);
    else await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
    onDone();
    confirmSaved(t, 'user', 'created');
  };
  return (
    <form onSubmit={form.onSubmit(send)} noValidate>
      <Stack>
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        )}
        <Select
          {...form.choice('templateId')}
          clearable
          placeholder={t('users.noTemplate')}
          data={(templates.data ?? []).map((tpl) => ({
            value: String(tpl.id),
            label: `${tpl.name} — ${tpl.homeEntityName}`,
          }))}
        />
        <TextInput {...form.text('username')} autoComplete="off" />
        <TextInput {...form.text('displayName')} />
        <TextInput {...form.text('email')} type="email" />
        {!form.values.templateId && (
          <Checkbox
            label={labels.twoFactorRequired}
            checked={form.values.twoFactorRequired}
            onChange={(e) => form.set({ twoFactorRequired: e.currentTarget.checked })}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy}>
            {t('users.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
