import { ZLoginRequest } from '@clearway/contracts/endpoints/auth.endpoints';
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../lib/form-errors';
import { serverMessage } from '../../../lib/gateway';
import { runtimeConfig } from '../../../lib/runtime-config';
import { isLoggedIn, pendingTwoFactor } from '../../../lib/session';
import { finishMicrosoftSignIn, login, startMicrosoftSignIn } from '../api/auth.calls';
import { sessionQuery } from '../api/auth.queries';
import { AuthCard } from '../components/auth-card';
import { TwoFactorStep } from '../components/two-factor-step';

const ERRORS: Record<string, string> = {
  SessionRequired: 'login.errors.sessionRequired',
  CredentialsSignin: 'login.errors.credentials',
  TooManyAttempts: 'login.errors.tooMany',
  SsoSignin: 'login.errors.sso',
  MissingCSRF: 'login.errors.csrf',
  EntraSignin: 'login.errors.entra',
};

/** Only same-site paths are followed after sign-in. */
const safeTarget = (url?: string) => (url?.startsWith('/') && !url.startsWith('//') ? url : '/');

/** Sign-in: username and password, then two-factor setup (QR) or verification. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as { error?: string; callbackUrl?: string; entra?: string };
  const session = useQuery(sessionQuery);
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(
    search.error ? t(ERRORS[search.error] ?? 'login.errors.generic') : null,
  );
  const [busy, setBusy] = useState(false);
  const pending = pendingTwoFactor(session.data);

  async function finish() {
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    await navigate({ to: safeTarget(search.callbackUrl) });
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const invalid = fieldErrors(ZLoginRequest, values);
    setErrors(invalid);
    if (Object.keys(invalid).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await login(values.username, values.password);
      if (res.require2fa === 'no') return finish();
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    } catch (err) {
      setFailure(serverMessage(err));
    } finally {
      setBusy(false);
    }
  }

  // Back from Microsoft: finish the sign-in this browser started.
  useEffect(() => {
    if (!search.entra) return;
    setBusy(true);
    finishMicrosoftSignIn(search.entra)
      .then(async (res) => {
        await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
        if (res.require2fa === 'no') await navigate({ to: safeTarget(res.callbackUrl) });
      })
      .catch((err) => setFailure(serverMessage(err)))
      .finally(() => setBusy(false));
  }, [search.entra, queryClient, navigate]);

  async function microsoft() {
    setBusy(true);
    try {
      window.location.assign(await startMicrosoftSignIn(safeTarget(search.callbackUrl)));
    } catch (err) {
      setFailure(serverMessage(err));
      setBusy(false);
    }
  }

  // Already signed in (another tab, or a reload after sign-in): go on.
  const signedIn = isLoggedIn(session.data);
  useEffect(() => {
    if (signedIn) void navigate({ to: safeTarget(search.callbackUrl) });
  }, [signedIn, navigate, search.callbackUrl]);

  if (pending) {
    return (
      <AuthCard title={t(pending === 'setup' ? 'login.setupTitle' : 'login.verifyTitle')}>
        <TwoFactorStep mode={pending} onDone={finish} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('pages.login')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoFocus
            value={values.username}
            error={errors.username}
            onChange={(e) => setValues({ ...values, username: e.currentTarget.value })}
          />
          <PasswordInput
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
          />
          <Button type="submit" loading={busy}>
            {t('login.submit')}
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('login.forgot')}
          </Anchor>
          {runtimeConfig.msEntraEnabled && (
            <>
              <Divider label={t('login.or')} />
              <Button variant="default" onClick={microsoft} loading={busy}>
                {t('login.microsoft')}
              </Button>
            </>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
