import { ZChangePassword } from '@clearway/contracts/endpoints/auth.endpoints';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useChangePassword } from '../api/auth.mutations';
import { sessionQuery } from '../api/auth.queries';
import { NewPasswordFields, newPasswordProblems, usePasswordPolicy } from './new-password-fields';

const EMPTY = { currentPassword: '', password: '', confirm: '' };

/** The signed-in user changes their own password: the current one, then the new one twice. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const policy = usePasswordPolicy();
  const username = useQuery(sessionQuery).data?.user?.username;
  const labels = {
    currentPassword: t('login.currentPassword'),
    password: t('login.newPassword'),
    confirm: t('login.confirmPassword'),
  };
  const form = useForm({
    initial: () => EMPTY,
    labels,
    required: ['currentPassword', 'password', 'confirm'],
    // The server names the new password `password` in a policy refusal, `newPassword` in the body.
    fieldOf: { newPassword: 'password' },
    check: (v) => {
      const checked = checkForm(
        ZChangePassword,
        { currentPassword: v.currentPassword, newPassword: v.password },
        { currentPassword: labels.currentPassword, newPassword: labels.password },
      );
      const errors = { ...newPasswordProblems(v, policy, t, username) };
      if (checked.errors.currentPassword) errors.currentPassword = checked.errors.currentPassword;
      return { errors, body: Object.keys(errors).length ? undefined : checked.body };
    },
  });

  const send = async (body: { currentPassword: string; newPassword: string }) => {
    const { message } = await change.mutateAsync(body);
    showSuccessToast(t('pages.changePassword'), message);
    form.reset();
  };

  return (
    <form onSubmit={form.onSubmit(send)} noValidate style={{ maxWidth: 420 }}>
      <Stack>
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        )}
        <PasswordInput autoComplete="current-password" {...form.text('currentPassword')} />
        <NewPasswordFields
          password={form.text('password')}
          confirm={form.text('confirm')}
          username={username}
        />
        <Button type="submit" loading={form.busy} w="fit-content">
          {t('pages.changePassword')}
        </Button>
      </Stack>
    </form>
  );
}
