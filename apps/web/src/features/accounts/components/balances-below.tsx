import { Money } from '@clearway/contracts/amounts';
import type { TBaseCurrency } from '@clearway/contracts/endpoints/money.schemas';
import { Accordion, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListState } from '../../../components/list-state';
import { formatDecimal } from '../../../lib/format';
import { useScaleOf } from '../../reference-data/api/reference-data.queries';
import { childrenSummaryQuery } from '../api/accounts.queries';

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
  const scale = useScaleOf()(base.baseCurrency) ?? 2;
  const rows = (summary.data ?? [])
    .map((c) => {
      const held = c.assets.filter((a) => !new Money(a.available).isZero());
      return { ...c, held, value: baseValue(held, base, scale) };
    })
    .sort((a, b) => new Money(b.value).cmp(a.value));
  const title = t('overview.byEntityBelow', { currency: base.baseCurrency });
  return (
    <Accordion variant="contained" value={opened} onChange={setOpened}>
      <Accordion.Item value="clients">
        <Accordion.Control>{title}</Accordion.Control>
        <Accordion.Panel>
          <ListState
            query={summary}
            count={rows.length}
            label={title}
            empty={{ title: t('overview.noEntitiesBelow'), hint: t('overview.noEntitiesBelowHint') }}
          >
            <DataTable striped withTableBorder aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('overview.entity')}</Table.Th>
                  <Table.Th ta="right">{t('overview.available')}</Table.Th>
                  <Table.Th ta="right">{t('overview.inBase', { currency: base.baseCurrency })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, SHOWN).map((c) => (
                  <Table.Tr key={c.entityId}>
                    <Table.Td>{c.entityName}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {c.held.length === 0
                        ? '—'
                        : c.held.map((a) => (
                            <Text key={a.asset} size="sm" ff="monospace">
                              {formatDecimal(a.available, a.scale)} {a.asset}
                            </Text>
                          ))}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatDecimal(c.value, scale)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </DataTable>
            {rows.length > SHOWN && (
              <Text size="xs" c="dimmed" mt="xs">
                {t('overview.largestBelow', { shown: SHOWN, total: rows.length })}
              </Text>
            )}
          </ListState>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
