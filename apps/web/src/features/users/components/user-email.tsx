import type { TUserSummary } from '@clearway/contracts/endpoints/users.schemas';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The user's e-mail, and a new one still waiting for its owner's confirmation. */
export function UserEmail({ user }: { user: Pick<TUserSummary, 'email' | 'pendingEmail'> }) {
  const { t } = useTranslation();
  if (!user.pendingEmail) return <>{user.email}</>;
  return (
    <Stack gap={0}>
      <span>{user.email}</span>
      <Text size="xs" c="dimmed">
        {t('users.pendingEmail', { email: user.pendingEmail })}
      </Text>
    </Stack>
  );
}
