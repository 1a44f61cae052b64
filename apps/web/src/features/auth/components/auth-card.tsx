import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { runtimeConfig } from '../../../lib/runtime-config';

/** The centred card every signed-out page uses. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={400} maw="100%">
        <Stack>
          <Text fw={800} c="indigo">
            {runtimeConfig.productName}
          </Text>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
