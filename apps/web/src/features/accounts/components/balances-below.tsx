import { Money } from '@clearway/contracts/amounts';
import type { TBaseCurrency } from '@clearway/contracts/endpoints/money.schemas';
import { Accordion, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { EMPTY_CELL, formatAmount } from '../../../lib/format';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';
import { childrenSummaryQuery } from '../api/accounts.queries';
import { baseValueColumn } from './balances-table';

/** The entities shown: the largest by value, so a broker with thousands sees the ones that matter. */
const SHOWN = 50;

type Holding = { asset: string; available: string; scale: number };

/** Available funds in the base currency, rounded once at the end; an asset without a rate adds nothing. */
function baseValue(assets: Holding[], base: TBaseCurrency, scale: number): string {
  let total = new Money(0);
  for (const a of assets) {
    const rate = base.lines.find((l) => l.asset === a.asset)?.rate;
    if (rate !== undefined) total = total.plus(new Money(a.available).times(rate));
  }
  return total.toFixed(scale);
}

/**
 * For a broker: what each entity directly below it holds (with everything below that:
 * a desk with its clients), largest first by base-currency value. Read only when opened —
 * a broker may have many.
 */
export function BalancesBelow({ entityId, base }: { entityId: number; base: TBaseCurrency }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<string | null>(null);
  const summary = useQuery({ ...childrenSummaryQuery(entityId), enabled: opened !== null });
  const assetOf = useAssetOf();
  const scale = assetOf(base.baseCurrency)?.scale ?? 2;
  const rows = useMemo(
    () =>
      (summary.data ?? [])
        .map((c) => {
          const held = c.assets.filter((a) => !new Money(a.available).isZero());
          return { ...c, held, value: baseValue(held, base, scale) };
        })
        .sort((a, b) => new Money(b.value).cmp(a.value)),
    [summary.data, base, scale],
  );
  const shown = useMemo(() => summary.data && rows.slice(0, SHOWN), [summary.data, rows]);
  type Row = (typeof rows)[number];
  const title = t('overview.byEntityBelow', { currency: base.baseCurrency });
  const columns: Column<Row>[] = [
    {
      id: 'entity',
      header: t('overview.entity'),
      value: (c) => c.entityName,
      cell: (c) => c.entityName,
      sort: 'text',
      fixed: true,
    },
    {
      id: 'available',
      header: t('overview.available'),
      value: (c) => c.held.map((a) => `${a.available} ${a.asset}`).join('; '),
      cell: (c) =>
        c.held.length === 0
          ? EMPTY_CELL
          : c.held.map((a) => (
              <Text key={a.asset} size="sm" ff="monospace">
                {formatAmount(a.available, assetOf(a.asset))} {a.asset}
              </Text>
            )),
      align: 'right',
      mono: true,
    },
    baseValueColumn<Row>(t, base, assetOf, (c) => c.value),
  ];
  return (
    <Accordion variant="contained" value={opened} onChange={setOpened}>
      <Accordion.Item value="clients">
        <Accordion.Control>{title}</Accordion.Control>
        <Accordion.Panel>
          <DataTable
            id="balances-below"
            label={title}
            columns={columns}
            rows={shown}
            rowKey={(c) => c.entityId}
            query={summary}
            empty={{ title: t('overview.noEntitiesBelow'), hint: t('overview.noEntitiesBelowHint') }}
            defaultSort={{ by: 'baseValue', direction: 'desc' }}
            search="rows"
          >
            {rows.length > SHOWN && (
              <Text size="xs" c="dimmed">
                {t('overview.largestBelow', { shown: SHOWN, total: rows.length })}
              </Text>
            )}
          </DataTable>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
