import { ZForgotPassword } from '@clearway/contracts/endpoints/auth.endpoints';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { useForm } from '../../../lib/use-form';
import { useForgotPassword } from '../api/auth.mutations';

/** Asks for a reset link; the answer is the same whether or not an account matches. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const labels = { username: t('login.email') };
  const form = useForm({
    initial: () => ({ username: '' }),
    labels,
    required: ['username'],
    check: (v) => checkForm(ZForgotPassword, v, labels),
  });

  if (forgot.data) return <Alert color="teal">{forgot.data.message}</Alert>;
  return (
    <form onSubmit={form.onSubmit((body) => forgot.mutateAsync(body))} noValidate>
      <Stack>
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        )}
        <TextInput {...form.text('username')} autoComplete="username" autoFocus />
        <Button type="submit" loading={form.busy}>
          {t('login.sendLink')}
        </Button>
      </Stack>
    </form>
  );
}
