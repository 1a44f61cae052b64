import { ZRateSet } from '@clearway/contracts/endpoints/instruments.schemas';
import { Alert, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListState } from '../../../components/list-state';
import { checkForm } from '../../../lib/form-errors';
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
  const [historyOf, setHistoryOf] = useState<Pair | null>(null);

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
          <ListState
            query={rates}
            count={rates.data?.length ?? 0}
            label={t('rates.title')}
            empty={{ title: t('rates.none'), hint: t('shell.emptyModuleHint') }}
          >
            <DataTable striped withTableBorder aria-label={t('rates.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('rates.pair')}</Table.Th>
                  <Table.Th ta="right">{t('rates.rate')}</Table.Th>
                  <Table.Th>{t('rates.asOf')}</Table.Th>
                  <Table.Th>{t('shell.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(rates.data ?? []).map((r) => (
                  <Table.Tr key={`${r.base}/${r.quote}`}>
                    <Table.Td>
                      {r.base}/{r.quote}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {r.rate}
                    </Table.Td>
                    <Table.Td>{new Date(r.asOf).toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        aria-label={t('rates.historyOf', { pair: `${r.base}/${r.quote}` })}
                        onClick={() => setHistoryOf({ base: r.base, quote: r.quote })}
                      >
                        {t('rates.history')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </DataTable>
          </ListState>
          {historyOf && <RateHistory entityId={entityId} pair={historyOf} />}
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
function RateHistory({ entityId, pair }: { entityId: number; pair: Pair }) {
  const { t } = useTranslation();
  const history = useQuery(rateHistoryQuery(entityId, pair));
  const label = t('rates.historyOf', { pair: `${pair.base}/${pair.quote}` });
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {label}
      </Text>
      <ListState
        query={history}
        count={history.data?.length ?? 0}
        label={label}
        empty={{ title: t('rates.noHistory'), hint: t('rates.noHistoryHint') }}
      >
        <DataTable withTableBorder aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="right">{t('rates.rate')}</Table.Th>
              <Table.Th ta="right">{t('rates.replaced')}</Table.Th>
              <Table.Th>{t('rates.by')}</Table.Th>
              <Table.Th>{t('rates.at')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(history.data ?? []).map((c) => (
              <Table.Tr key={`${c.at}-${c.rate}`}>
                <Table.Td ta="right" ff="monospace">
                  {c.rate}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {c.previous ?? '—'}
                </Table.Td>
                <Table.Td>{c.by}</Table.Td>
                <Table.Td>{new Date(c.at).toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      </ListState>
    </Stack>
  );
}
