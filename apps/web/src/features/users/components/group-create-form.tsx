import { ZCreateGroup } from '@clearway/contracts/endpoints/authorization.schemas';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useCreateGroup } from '../api/users.mutations';

const EMPTY = { name: '', description: '' };

/** A new group on the selected entity: it grants nothing until it has roles and a scope. */
export function GroupCreateForm({ entityId, onDone }: { entityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateGroup();
  const labels = { name: t('groups.name'), description: t('rights.description') };
  const form = useForm({
    initial: () => EMPTY,
    labels,
    required: ['name'],
    check: (v: typeof EMPTY) => checkForm(ZCreateGroup, { entityId, ...v }, labels),
  });
  return (
    <form
      onSubmit={form.onSubmit(async (body) => {
        await create.mutateAsync(body);
        showSuccessToast(t('groups.created'), body.name);
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
        <TextInput {...form.text('description')} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy}>
            {t('groups.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
