import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useResetPassword } from '../api/auth.mutations';
import { NewPasswordFields, newPasswordProblems, usePasswordPolicy } from './new-password-fields';

/** Sets a new password with the reset link's token; `onDone` gets the server's message. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const policy = usePasswordPolicy();
  const labels = { password: t('login.newPassword'), confirm: t('login.confirmPassword') };
  const form = useForm({
    initial: () => ({ password: '', confirm: '' }),
    labels,
    required: ['password', 'confirm'],
    check: (v) => {
      const errors = newPasswordProblems(v, policy, t);
      return { errors, body: Object.keys(errors).length ? undefined : { token, password: v.password } };
    },
  });

  const send = async (body: { token: string; password: string }) => {
    try {
      onDone((await reset.mutateAsync(body)).message);
    } catch (err) {
      // Section 8: a failed password reset shows an error toast with the error's message.
      showErrorToast(err);
      throw err;
    }
  };

  return (
    <form onSubmit={form.onSubmit(send)} noValidate>
      <Stack>
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        )}
        <NewPasswordFields password={form.text('password')} confirm={form.text('confirm')} />
        <Button type="submit" loading={form.busy}>
          {t('login.resetSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
