import { ZCreateRole } from '@clearway/contracts/endpoints/authorization.schemas';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { checkForm } from '../../../lib/form-errors';
import { useForm } from '../../../lib/use-form';
import { useCreateRole } from '../api/users.mutations';
import { PermissionPicker } from './permission-picker';

const EMPTY = { name: '', description: '', permissions: [] as string[] };

/** A new role on the selected entity: a named set of keys (it gives nothing until a group or user holds it). */
export function RoleCreateForm({ entityId, onDone }: { entityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateRole();
  const labels = {
    name: t('rights.role'),
    description: t('rights.description'),
    permissions: t('rights.keys'),
  };
  const form = useForm({
    initial: () => EMPTY,
    labels,
    required: ['name', 'permissions'],
    check: (v: typeof EMPTY) => checkForm(ZCreateRole, { entityId, ...v }, labels),
  });
  return (
    <form
      onSubmit={form.onSubmit(async (body) => {
        await create.mutateAsync(body);
        onDone();
        confirmSaved(t, 'role', 'created');
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
        <TextInput {...form.text('description')} />
        <PermissionPicker {...form.choices('permissions')} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy}>
            {t('rights.createRole')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
