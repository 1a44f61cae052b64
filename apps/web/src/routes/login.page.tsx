import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFinishMicrosoftSignIn } from '../features/auth/api/auth.mutations';
import { sessionQuery } from '../features/auth/api/auth.queries';
import { AuthCard } from '../features/auth/components/auth-card';
import { LoginForm } from '../features/auth/components/login-form';
import { TwoFactorStep } from '../features/auth/components/two-factor-step';
import { serverMessage } from '../lib/gateway';
import { isLoggedIn, pendingTwoFactor } from '../lib/session';

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

/** `/login`: username and password, then two-factor setup (QR) or verification. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as { error?: string; callbackUrl?: string; entra?: string };
  const session = useQuery(sessionQuery);
  const finishMicrosoft = useFinishMicrosoftSignIn();
  const pending = pendingTwoFactor(session.data);
  const target = safeTarget(search.callbackUrl);

  async function finish() {
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    await navigate({ to: target });
  }

  // Back from Microsoft: finish the sign-in this browser started.
  const finishWith = finishMicrosoft.mutate;
  useEffect(() => {
    if (!search.entra) return;
    finishWith(search.entra, {
      onSuccess: (res) => res.require2fa === 'no' && void navigate({ to: safeTarget(res.callbackUrl) }),
    });
  }, [search.entra, finishWith, navigate]);

  // Already signed in (another tab, or a reload after sign-in): go on.
  const signedIn = isLoggedIn(session.data);
  useEffect(() => {
    if (signedIn) void navigate({ to: target });
  }, [signedIn, navigate, target]);

  if (pending) {
    return (
      <AuthCard title={t(pending === 'setup' ? 'login.setupTitle' : 'login.verifyTitle')}>
        <TwoFactorStep mode={pending} onDone={finish} />
      </AuthCard>
    );
  }
  const notice = finishMicrosoft.error
    ? serverMessage(finishMicrosoft.error)
    : search.error
      ? t(ERRORS[search.error] ?? 'login.errors.generic')
      : null;
  return (
    <AuthCard title={t('pages.login')}>
      <LoginForm
        notice={notice}
        callbackUrl={target}
        onSignedIn={(twoFactor) => (twoFactor ? undefined : void finish())}
      />
    </AuthCard>
  );
}
