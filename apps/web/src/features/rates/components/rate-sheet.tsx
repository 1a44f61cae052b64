import type { TRate, TRateChange } from '@clearway/contracts/endpoints/instruments.schemas';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { DateTimeText } from '../../../components/date-time-text';
import { EMPTY_CELL } from '../../../lib/format';
import { formatSetRate } from '../../../lib/format/rates';
import { type Pair, rateHistoryQuery, ratesQuery } from '../api/rates.queries';
import { RateForm } from './rate-form';

/** Staff with instrument_management read the rate sheet and set a mid rate (audited by the server). */
export function RateSheet({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const [opened, { open: start, close }] = useDisclosure(false);
  const rates = useQuery({ ...ratesQuery(entityId), enabled: opened });
  const [historyOf, setHistoryOf] = useState<(Pair & { pricePrecision: number | null }) | null>(null);

  const columns: Column<TRate>[] = [
    {
      id: 'pair',
      header: t('rates.pair'),
      value: (r) => `${r.base}/${r.quote}`,
      cell: (r) => `${r.base}/${r.quote}`,
      sort: 'text',
      fixed: true,
    },
    {
      id: 'rate',
      header: t('rates.rate'),
      value: (r) => r.rate,
      cell: (r) => formatSetRate(r.rate, r.pricePrecision),
      align: 'right',
      mono: true,
    },
    {
      id: 'asOf',
      header: t('rates.asOf'),
      value: (r) => r.asOf,
      cell: (r) => <DateTimeText value={r.asOf} />,
      sort: 'text',
      descFirst: true,
    },
    {
      id: 'actions',
      header: t('shell.actions'),
      fixed: true,
      csv: false,
      cell: (r) => (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={t('rates.historyOf', { pair: `${r.base}/${r.quote}` })}
          onClick={() => setHistoryOf({ base: r.base, quote: r.quote, pricePrecision: r.pricePrecision })}
        >
          {t('rates.history')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Button variant="default" onClick={start}>
        {t('rates.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('rates.title')} size="lg" centered>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('rates.hint')}
          </Text>
          <DataTable
            id="rate-sheet"
            label={t('rates.title')}
            columns={columns}
            rows={rates.data}
            rowKey={(r) => `${r.base}/${r.quote}`}
            query={rates}
            empty={{ title: t('rates.none'), hint: t('shell.emptyModuleHint') }}
            defaultSort={{ by: 'pair', direction: 'asc' }}
            search="rows"
          />
          {historyOf && (
            <RateHistory
              entityId={entityId}
              pair={{ base: historyOf.base, quote: historyOf.quote }}
              precision={historyOf.pricePrecision}
            />
          )}
          <RateForm entityId={entityId} />
        </Stack>
      </Modal>
    </>
  );
}

/** A pair's changes, newest first: the rate, the one it replaced, who set it and when. */
function RateHistory({
  entityId,
  pair,
  precision,
}: {
  entityId: number;
  pair: Pair;
  precision: number | null;
}) {
  const { t } = useTranslation();
  const history = useQuery(rateHistoryQuery(entityId, pair));
  const label = t('rates.historyOf', { pair: `${pair.base}/${pair.quote}` });
  const columns: Column<TRateChange>[] = [
    {
      id: 'rate',
      header: t('rates.rate'),
      value: (c) => c.rate,
      cell: (c) => formatSetRate(c.rate, precision),
      align: 'right',
      mono: true,
    },
    {
      id: 'previous',
      header: t('rates.replaced'),
      value: (c) => c.previous,
      cell: (c) => (c.previous === null ? EMPTY_CELL : formatSetRate(c.previous, precision)),
      align: 'right',
      mono: true,
    },
    { id: 'by', header: t('rates.by'), value: (c) => c.by, cell: (c) => c.by },
    { id: 'at', header: t('rates.at'), value: (c) => c.at, cell: (c) => <DateTimeText value={c.at} /> },
  ];
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {label}
      </Text>
      <DataTable
        id="rate-history"
        label={label}
        columns={columns}
        rows={history.data}
        rowKey={(c) => `${c.at}-${c.rate}`}
        query={history}
        empty={{ title: t('rates.noHistory'), hint: t('rates.noHistoryHint') }}
      />
    </Stack>
  );
}
