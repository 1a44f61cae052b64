import { ZChangePassword, ZForgotPassword } from '@clearway/contracts/endpoints/auth.endpoints';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame';
import { fieldErrors, serverFieldErrors } from '../../../lib/form-errors';
import { serverMessage } from '../../../lib/gateway';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { changePassword, forgotPassword, resetPassword } from '../api/auth.calls';
import { AuthCard } from '../components/auth-card';
import { PasswordRules } from '../components/password-rules';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const invalid = fieldErrors(ZForgotPassword, { username }).username;
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      setSent((await forgotPassword(username)).message);
    } catch (err) {
      showErrorToast(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('pages.forgotPassword')}>
      {sent ? (
        <Alert color="teal">{sent}</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('login.email')}
              value={username}
              error={error}
              onChange={(e) => setUsername(e.currentTarget.value)}
              autoFocus
            />
            <Button type="submit" loading={busy}>
              {t('login.sendLink')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('login.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}

/** Shared by reset and change: new password twice, with the policy shown. */
function NewPasswordFields(props: {
  values: { password: string; confirm: string };
  errors: Record<string, string>;
  onChange: (v: { password: string; confirm: string }) => void;
}) {
  const { t } = useTranslation();
  const { values, errors, onChange } = props;
  return (
    <>
      <PasswordInput
        label={t('login.newPassword')}
        autoComplete="new-password"
        value={values.password}
        error={errors.password ?? errors.newPassword}
        onChange={(e) => onChange({ ...values, password: e.currentTarget.value })}
      />
      <PasswordInput
        label={t('login.confirmPassword')}
        autoComplete="new-password"
        value={values.confirm}
        error={errors.confirm}
        onChange={(e) => onChange({ ...values, confirm: e.currentTarget.value })}
      />
      <PasswordRules />
    </>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (values.password !== values.confirm) return setErrors({ confirm: t('login.mismatch') });
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await resetPassword(token, values.password);
      showSuccessToast(t('pages.resetPassword'), message);
      await navigate({ to: '/login' });
    } catch (err) {
      // Section 8: a failed reset shows an error toast with the error's message.
      showErrorToast(err);
      setFailure(serverMessage(err));
      setErrors(serverFieldErrors(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('pages.resetPassword')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && <Alert color="red">{failure}</Alert>}
          <NewPasswordFields values={values} errors={errors} onChange={setValues} />
          <Button type="submit" loading={busy}>
            {t('login.resetSubmit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const invalid = fieldErrors(ZChangePassword, { currentPassword: current, newPassword: values.password });
    if (values.password !== values.confirm) invalid.confirm = t('login.mismatch');
    setErrors(invalid);
    if (Object.keys(invalid).length) return;
    setBusy(true);
    try {
      const { message } = await changePassword(current, values.password);
      showSuccessToast(t('pages.changePassword'), message);
      setCurrent('');
      setValues({ password: '', confirm: '' });
    } catch (err) {
      setErrors(serverFieldErrors(err));
      showErrorToast(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame title={t('pages.changePassword')}>
      <form onSubmit={submit} noValidate style={{ maxWidth: 420 }}>
        <Stack>
          <PasswordInput
            label={t('login.currentPassword')}
            autoComplete="current-password"
            value={current}
            error={errors.currentPassword}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <NewPasswordFields values={values} errors={errors} onChange={setValues} />
          <Button type="submit" loading={busy} w="fit-content">
            {t('pages.changePassword')}
          </Button>
        </Stack>
      </form>
    </PageFrame>
  );
}
