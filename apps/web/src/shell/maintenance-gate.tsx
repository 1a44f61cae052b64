import { Center, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverModeQuery } from '../features/platform/api/platform.queries';

/** While maintenance is on, the portal shows the maintenance page instead of its pages. */
export function MaintenanceGate({ children, bypass }: { children: ReactNode; bypass: boolean }) {
  const { t } = useTranslation();
  const mode = useQuery(serverModeQuery);
  if (!mode.data?.maintenance || bypass) return children;
  return (
    <Center component="main" mih="100vh" p="xl">
      <Stack align="center" maw={520} ta="center">
        <Title order={1}>{t('pages.maintenance')}</Title>
        <Text c="dimmed">{mode.data.message || t('shell.maintenanceText')}</Text>
      </Stack>
    </Center>
  );
}
