import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../features/auth/components/auth-card';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { showSuccessToast } from '../lib/toasts';

/** `/reset-password?token=…`: a new password from a reset link, then sign in. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  return (
    <AuthCard title={t('pages.resetPassword')}>
      <ResetPasswordForm
        token={token}
        onDone={(message) => {
          showSuccessToast(t('pages.resetPassword'), message);
          void navigate({ to: '/login' });
        }}
      />
    </AuthCard>
  );
}
