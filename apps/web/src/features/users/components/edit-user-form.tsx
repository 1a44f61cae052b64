import { type TUserSummary, ZUpdateUser } from '@clearway/contracts/endpoints/users.schemas';
import { Alert, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { checkForm } from '../../../lib/form-errors';
import { useForm } from '../../../lib/use-form';
import { useUpdateUser } from '../api/users.mutations';

/** A user's name, e-mail and 2FA rule: 'Save Changes' ends with 'User Updated'. */
export function EditUserForm({
  entityId,
  user,
  onDone,
}: {
  entityId: number;
  user: TUserSummary;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const labels = {
    displayName: t('users.displayName'),
    email: t('users.email'),
    twoFactorRequired: t('users.twoFactorRequired'),
  };
  const form = useForm({
    initial: () => ({
      displayName: user.displayName,
      email: user.email,
      twoFactorRequired: user.twoFactorRequired,
    }),
    labels,
    required: ['displayName', 'email'],
    check: (v: { displayName: string; email: string; twoFactorRequired: boolean }) =>
      checkForm(
        ZUpdateUser,
        {
          entityId,
          userId: user.id,
          displayName: v.displayName,
          email: v.email,
          ...(v.twoFactorRequired !== user.twoFactorRequired
            ? { twoFactorRequired: v.twoFactorRequired }
            : {}),
        },
        labels,
      ),
  });
  return (
    <form
      onSubmit={form.onSubmit(async (body) => {
        await update.mutateAsync(body);
        onDone();
        confirmSaved(t, 'user', 'updated');
      })}
      noValidate
    >
      <Stack>
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        )}
        <TextInput {...form.text('displayName')} />
        <TextInput
          {...form.text('email')}
          type="email"
          description={user.pendingEmail ? t('users.pendingEmail', { email: user.pendingEmail }) : undefined}
        />
        <Checkbox
          label={labels.twoFactorRequired}
          checked={form.values.twoFactorRequired}
          onChange={(e) => form.set({ twoFactorRequired: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy}>
            {t('rights.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
