import { Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../../lib/runtime-config';

/** Sign-in: username and password (the two-factor steps follow the password). */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={380}>
        <form onSubmit={(e) => e.preventDefault()}>
          <Stack>
            <Title order={2}>{runtimeConfig.productName}</Title>
            <TextInput label={t('login.username')} name="username" autoComplete="username" required />
            <PasswordInput
              label={t('login.password')}
              name="password"
              autoComplete="current-password"
              required
            />
            <Button type="submit">{t('login.submit')}</Button>
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
