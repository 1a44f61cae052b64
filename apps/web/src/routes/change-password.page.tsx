import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { ChangePasswordForm } from '../features/auth/components/change-password-form';

/** `/user/change-password` (the user menu's Change Password). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.changePassword')}>
      <ChangePasswordForm />
    </PageFrame>
  );
}
