import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OptionDraft } from '../option-draft';
import { payoffPoints } from '../option-draft';

const W = 320;
const H = 120;

/**
 * The drafted option's payoff at expiry per unit of notional against the spot (±20 % around
 * the strike), the strike and the barrier marked: a sketch to check the terms read as meant,
 * not a valuation.
 */
export function PayoffSketch({ draft }: { draft: OptionDraft }) {
  const { t } = useTranslation();
  const points = payoffPoints(draft);
  if (!points.length)
    return (
      <Text size="xs" c="dimmed">
        {t('options.payoffHint')}
      </Text>
    );
  const xs = points.map((p) => p.spot);
  const ys = points.map((p) => p.payoff);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(0, ...ys), Math.max(0, ...ys)];
  const span = y1 - y0 || 1;
  const x = (v: number) => ((v - x0) / (x1 - x0)) * W;
  const y = (v: number) => H - 8 - ((v - y0) / span) * (H - 16);
  const line = points
    .map((p, i) => `${i ? 'L' : 'M'}${x(p.spot).toFixed(1)},${y(p.payoff).toFixed(1)}`)
    .join(' ');
  const strike = Number(draft.strike);
  const level = draft.barrier ? Number(draft.barrierLevel) : Number.NaN;
  return (
    <svg
      width="100%"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('options.payoffLabel')}
      data-testid="payoff-sketch"
      style={{ maxWidth: W }}
    >
      <line x1={0} x2={W} y1={y(0)} y2={y(0)} stroke="var(--mantine-color-gray-5)" />
      <line
        x1={x(strike)}
        x2={x(strike)}
        y1={0}
        y2={H}
        stroke="var(--mantine-color-blue-4)"
        strokeDasharray="3 3"
      />
      {Number.isFinite(level) && level >= x0 && level <= x1 && (
        <line
          x1={x(level)}
          x2={x(level)}
          y1={0}
          y2={H}
          stroke="var(--mantine-color-red-6)"
          strokeDasharray="2 4"
        />
      )}
      <path d={line} fill="none" stroke="var(--mantine-color-teal-7)" strokeWidth={2} />
    </svg>
  );
}
