import { Group, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A page's shape while its code comes (a slow link): a heading, a row of figures and a
 * table — not a blank page — announced as loading.
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-busy p="lg">
      <VisuallyHidden>{t('shell.pageLoading')}</VisuallyHidden>
      <Skeleton height={30} width={240} aria-hidden />
      <Group grow aria-hidden>
        {[0, 1, 2].map((i) => (
          <Paper key={i} withBorder p="md">
            <Skeleton height={12} width="50%" mb="sm" />
            <Skeleton height={24} width="70%" />
          </Paper>
        ))}
      </Group>
      <Paper withBorder p="sm" aria-hidden>
        <Stack gap="sm">
          {[0, 1, 2, 3, 4, 5].map((r) => (
            <Group key={r} gap="md" wrap="nowrap">
              {[0, 1, 2, 3].map((c) => (
                <Skeleton key={c} height={r === 0 ? 12 : 16} style={{ flex: 1 }} />
              ))}
            </Group>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
