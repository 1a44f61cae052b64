import type { TAllocationGroup } from '@clearway/contracts/endpoints/allocations.schemas';
import { PieChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { useTranslation } from 'react-i18next';

const COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'lime.6', 'pink.6', 'yellow.6'];

/**
 * The split a group's weights make, as a pie. A chart takes numbers: the shares here are
 * only drawn (6 decimals at most), never used as amounts.
 */
export function WeightsPie({ group }: { group: TAllocationGroup }) {
  const { t } = useTranslation();
  if (group.investors.length === 0) return null;
  const data = group.investors.map((i, k) => ({
    name: i.entityName,
    value: Number(i.share),
    color: COLORS[k % COLORS.length]!,
  }));
  return (
    <figure aria-label={t('allocations.pieLabel', { name: group.name })} style={{ margin: 0 }}>
      <PieChart data={data} withLabels labelsType="percent" withTooltip size={160} />
    </figure>
  );
}
