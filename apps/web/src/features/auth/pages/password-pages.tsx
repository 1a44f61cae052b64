import { Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame';

function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={380}>
        <Stack>
          <Title order={2}>{title}</Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('pages.forgotPassword')}>
      <form onSubmit={(e) => e.preventDefault()}>
        <Stack>
          <TextInput label={t('login.email')} name="username" required />
          <Button type="submit">{t('login.sendLink')}</Button>
          <Anchor component={Link} to="/login" size="sm">
            {t('login.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('pages.resetPassword')}>
      <form onSubmit={(e) => e.preventDefault()}>
        <Stack>
          <PasswordInput
            label={t('login.newPassword')}
            name="password"
            autoComplete="new-password"
            required
          />
          <PasswordInput
            label={t('login.confirmPassword')}
            name="confirm"
            autoComplete="new-password"
            required
          />
          <Button type="submit">{t('login.resetSubmit')}</Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.changePassword')}>
      <form onSubmit={(e) => e.preventDefault()} style={{ maxWidth: 420 }}>
        <Stack>
          <PasswordInput
            label={t('login.password')}
            name="current"
            autoComplete="current-password"
            required
          />
          <PasswordInput
            label={t('login.newPassword')}
            name="password"
            autoComplete="new-password"
            required
          />
          <PasswordInput
            label={t('login.confirmPassword')}
            name="confirm"
            autoComplete="new-password"
            required
          />
          <Button type="submit" w="fit-content">
            {t('pages.changePassword')}
          </Button>
        </Stack>
      </form>
    </PageFrame>
  );
}
