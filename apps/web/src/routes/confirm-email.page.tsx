import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../features/auth/components/auth-card';
import { ConfirmEmailForm } from '../features/users/components/confirm-email-form';
import { showSuccessToast } from '../lib/toasts';

/** `/confirm-email?token=…`: the new address confirms an e-mail change, then sign in. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  return (
    <AuthCard title={t('pages.confirmEmail')}>
      <ConfirmEmailForm
        token={token}
        onDone={(message) => {
          showSuccessToast(t('pages.confirmEmail'), message);
          void navigate({ to: '/login' });
        }}
      />
    </AuthCard>
  );
}
