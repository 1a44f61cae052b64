import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The heading and body every page shares. */
export function PageFrame({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      {/* The actions go below the title when both do not fit on one line. */}
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

/** A section's heading below the page's own (level one): level two, at a quieter size. */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={2} size="h4">
      {children}
    </Title>
  );
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ title, hint }: { title?: string; hint?: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" gap={4}>
      <Text fw={600}>{title ?? t('shell.emptyModule')}</Text>
      <Text c="dimmed" size="sm">
        {hint ?? t('shell.emptyModuleHint')}
      </Text>
    </Stack>
  );
}
