import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';

/** `/forgot-password`: asks for a reset link. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('pages.forgotPassword')}>
      <ForgotPasswordForm />
      <Anchor component={Link} to="/login" size="sm">
        {t('login.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
