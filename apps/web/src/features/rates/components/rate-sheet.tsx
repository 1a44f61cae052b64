import { type TRate, type TRateChange, ZRateSet } from '@clearway/contracts/endpoints/instruments.schemas';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { DateTimeText } from '../../../components/date-time-text';
import { checkForm } from '../../../lib/form-errors';
import { EMPTY_CELL } from '../../../lib/format';
import { formatSetRate } from '../../../lib/format/rates';
import { showSuccessToast } from '../../../lib/toasts';
import { useDialogForm } from '../../../lib/use-form-submit';
import { currenciesQuery } from '../../reference-data/api/reference-data.queries';
import { useSetRate } from '../api/rates.mutations';
import { type Pair, rateHistoryQuery, ratesQuery } from '../api/rates.queries';

const EMPTY = { base: '', quote: 'USD', rate: '' };

/** Staff with instrument_management read the rate sheet and set a mid rate (audited by the server). */
export function RateSheet({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const { opened, start, close, form, setForm, errors, failure, busy, run } = useDialogForm(
    () => EMPTY,
    useSetRate(entityId),
  );
  const labels = { base: t('rates.base'), quote: t('rates.quote'), rate: t('rates.rate') };
  const rates = useQuery({ ...ratesQuery(entityId), enabled: opened });
  const currencies = useQuery({ ...currenciesQuery, enabled: opened });
  const codes = (currencies.data ?? []).map((c) => c.code);
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

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = { entityId, ...form };
    const { errors: invalid, body } = checkForm(ZRateSet, input, labels);
    await run(invalid, body, (saved) => {
      showSuccessToast(t('rates.saved'), `${saved.base}/${saved.quote} ${saved.rate}`);
      setForm({ ...form, rate: '' });
    });
  }

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
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              {failure && <Alert color="red">{failure}</Alert>}
              <Group align="flex-start" grow>
                <Select
                  label={labels.base}
                  searchable
                  data={codes}
                  value={form.base || null}
                  onChange={(v) => setForm({ ...form, base: v ?? '' })}
                  error={errors.base}
                />
                <Select
                  label={labels.quote}
                  searchable
                  data={codes}
                  value={form.quote || null}
                  onChange={(v) => setForm({ ...form, quote: v ?? '' })}
                  error={errors.quote}
                />
                <TextInput
                  label={labels.rate}
                  inputMode="decimal"
                  value={form.rate}
                  onChange={(e) => setForm({ ...form, rate: e.currentTarget.value.trim() })}
                  error={errors.rate}
                />
              </Group>
              <Group justify="flex-end">
                <Button type="submit" loading={busy}>
                  {t('rates.set')}
                </Button>
              </Group>
            </Stack>
          </form>
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
