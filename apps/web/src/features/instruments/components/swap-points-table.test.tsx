import type { TSwapCurve } from '@clearway/contracts/endpoints/instruments.schemas';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { SwapPointsTable } from './swap-points-table';

const point = (
  tenor: TSwapCurve['points'][number]['tenor'],
  bid: string,
  ask: string,
  mid: string,
  outright: string | null,
) => ({
  tenor,
  startDate: '2026-11-27',
  valueDate: '2026-12-28',
  daysFromSpot: 31,
  bid,
  ask,
  mid,
  outright,
});

/** EUR/USD as the server sends it: figures without trailing zeros, outrights at whatever they came to. */
const CURVE: TSwapCurve = {
  instrumentId: 1,
  symbol: 'EUR/USD',
  base: 'EUR',
  quote: 'USD',
  pipSize: '0.0001',
  pricePrecision: 5,
  tradeDate: '2026-11-24',
  spotDate: '2026-11-27',
  spot: { bid: '1.0841', ask: '1.0843', mid: '1.0842', asOf: '2026-11-24T06:00:00.000Z' },
  asOf: '2026-11-24T06:00:00.000Z',
  points: [
    point('ON', '0.42', '0.48', '0.45', '1.084156'),
    point('TN', '0.41', '0.47', '0.44', '1.0842'),
    point('1M', '12.8', '13.3', '13.05', '1.085505'),
    point('9M', '106.5', '109.5', '108', '1.095'),
  ],
};

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

describe('swap points and outrights', () => {
  it('reads every outright at the pair’s price precision, and each points column at one precision', () => {
    render(
      <MantineProvider>
        <SwapPointsTable curve={CURVE} />
      </MantineProvider>,
    );
    const rows = within(screen.getByRole('table', { name: 'Swap points of EUR/USD' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    // Not 1.084156 / 1.0842 / 1.085505 / 1.095 in one column.
    expect(rows.map((r) => r[7])).toEqual(['1.08416', '1.08420', '1.08550', '1.09500']);
    expect(rows.map((r) => [r[4], r[5], r[6]])).toEqual([
      ['0.42', '0.48', '0.45'],
      ['0.41', '0.47', '0.44'],
      ['12.80', '13.30', '13.05'],
      ['106.50', '109.50', '108.00'],
    ]);
    screen.getByText('Spot bid 1.08410 / ask 1.08430 (mid 1.08420)');
  });
});
