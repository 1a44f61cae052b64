import { ZLoginRequest } from '@clearway/contracts/endpoints/auth.endpoints';
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { serverMessage } from '../../../lib/gateway';
import { runtimeConfig } from '../../../lib/runtime-config';
import { useForm } from '../../../lib/use-form';
import { useLogin, useStartMicrosoftSignIn } from '../api/auth.mutations';

type Props = {
  /** Why the user is here (a session that ended, a failed single sign-on), until they try again. */
  notice: string | null;
  /** Where to go after signing in, for the Microsoft round trip. */
  callbackUrl: string;
  /** Signed in: `twoFactor` says whether a second step follows. */
  onSignedIn: (twoFactor: boolean) => void;
};

/** Username and password, or sign-in with Microsoft where it is configured. */
export function LoginForm({ notice, callbackUrl, onSignedIn }: Props) {
  const { t } = useTranslation();
  const login = useLogin();
  const microsoft = useStartMicrosoftSignIn();
  const labels = { username: t('login.username'), password: t('login.password') };
  const form = useForm({
    initial: () => ({ username: '', password: '' }),
    labels,
    required: ['username', 'password'],
    check: (v) => checkForm(ZLoginRequest, v, labels),
  });
  const send = async (body: { username: string; password: string }) => {
    const res = await login.mutateAsync(body);
    onSignedIn(res.require2fa !== 'no');
  };
  const failure = form.failure ?? (microsoft.error ? serverMessage(microsoft.error) : null);

  return (
    <form onSubmit={form.onSubmit(send)} noValidate>
      <Stack>
        {(failure ?? (login.isIdle ? notice : null)) && (
          <Alert color="red" role="alert">
            {failure ?? notice}
          </Alert>
        )}
        <TextInput {...form.text('username')} autoComplete="username" autoFocus />
        <PasswordInput {...form.text('password')} autoComplete="current-password" />
        <Button type="submit" loading={form.busy}>
          {t('login.submit')}
        </Button>
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t('login.forgot')}
        </Anchor>
        {runtimeConfig.msEntraEnabled && (
          <>
            <Divider label={t('login.or')} />
            <Button
              variant="default"
              loading={microsoft.isPending || microsoft.isSuccess}
              onClick={() =>
                microsoft.mutate(callbackUrl, { onSuccess: (url) => window.location.assign(url) })
              }
            >
              {t('login.microsoft')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
