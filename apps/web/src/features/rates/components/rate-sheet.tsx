import { Button, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListState } from '../../../components/list-state';
import { type Pair, rateHistoryQuery, ratesQuery } from '../api/rates.queries';
import { RateForm } from './rate-form';

/** Staff with instrument_management read the rate sheet and set a mid rate (audited by the server). */
export function RateSheet({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const [opened, { open: start, close }] = useDisclosure(false);
  const rates = useQuery({ ...ratesQuery(entityId), enabled: opened });
  const [historyOf, setHistoryOf] = useState<Pair | null>(null);

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
          <RateForm entityId={entityId} />
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
