import { Badge, Group, Paper, RingProgress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL, formatMoney } from '../../../lib/format';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';
import { summaryQuery } from '../api/trades.queries';

/** Margin level bands: a call below 100 %, a warning below 150 %. */
const bandOf = (level: number | null) =>
  level === null ? 'teal' : level < 100 ? 'red' : level < 150 ? 'orange' : 'teal';

/**
 * The selected entity's margin (account/summary): equity, used (initial) and free margin, the
 * margin level as a gauge, and the margin-call flag.
 */
export function MarginSummary({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  const summary = useQuery(summaryQuery(entityId));
  const s = summary.data;
  if (!s)
    return (
      <Skeleton height={120} role="status" aria-label={t('shell.loading', { what: t('margin.title') })} />
    );
  const base = s.equity.baseCurrency;
  const money = (v: string) => formatMoney(v, base, assetOf(base));
  const m = s.margin;
  const level = m?.marginLevelPct == null ? null : Number(m.marginLevelPct);
  const figures: [string, string][] = [
    [t('margin.equity'), money(s.equity.equity)],
    [t('margin.used'), m ? money(m.initialMargin) : EMPTY_CELL],
    [t('margin.free'), m ? money(m.freeMargin) : EMPTY_CELL],
  ];
  return (
    <Paper withBorder p="md" aria-label={t('margin.title')} component="section">
      <Group justify="space-between" align="center" wrap="nowrap">
        <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
          {figures.map(([label, value]) => (
            <Stack key={label} gap={0}>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
              <Text fz="lg" fw={700} ff="monospace" data-testid={label}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Stack align="center" gap={4}>
          <RingProgress
            size={96}
            thickness={10}
            roundCaps
            sections={[{ value: level === null ? 100 : Math.min(100, level / 3), color: bandOf(level) }]}
            label={
              <Text ta="center" size="sm" fw={700} data-testid={t('margin.level')}>
                {level === null ? EMPTY_CELL : `${m?.marginLevelPct} %`}
              </Text>
            }
            aria-label={t('margin.levelGauge', {
              level: level === null ? t('margin.noRequirement') : `${m?.marginLevelPct} %`,
            })}
          />
          <Text size="xs" c="dimmed">
            {t('margin.level')}
          </Text>
          {m?.marginCall && (
            <Badge color="red" variant="filled">
              {t('margin.call')}
            </Badge>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
