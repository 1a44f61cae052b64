import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

type Props = { code?: string; title: string; text: string };

/** A full-page error screen with the 'Back to Home' button of section 2. */
export function ErrorScreen({ code, title, text }: Props) {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="70vh" p="xl">
      <Stack align="center" gap="md" maw={520} ta="center">
        {code && (
          <Text fw={800} fz={64} c="dimmed" aria-hidden>
            {code}
          </Text>
        )}
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to="/">
          {t('errors.backToHome')}
        </Button>
      </Stack>
    </Center>
  );
}

export function ForbiddenScreen() {
  const { t } = useTranslation();
  return <ErrorScreen code="403" title={t('pages.forbidden')} text={t('errors.forbiddenText')} />;
}

export function ServerErrorScreen() {
  const { t } = useTranslation();
  return <ErrorScreen code="500" title={t('pages.serverError')} text={t('errors.serverErrorText')} />;
}

export function NotFoundScreen() {
  const { t } = useTranslation();
  return <ErrorScreen code="404" title={t('pages.notFound')} text={t('errors.notFoundText')} />;
}

export function AuthErrorScreen() {
  const { t } = useTranslation();
  return <ErrorScreen title={t('pages.error')} text={t('errors.authErrorText')} />;
}
