import type { TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import { Badge, Button, Drawer, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../lib/gateway';
import { useSelectedEntity } from '../../../lib/selected-entity';
import { tradeQuery } from '../api/trades.queries';
import { CancelTrade } from './cancel-trade';
import { figure, STATUS_COLOR } from './trade-figures';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** The trade's own terms. */
function Terms({ view }: { view: TTradeView }) {
  const { t } = useTranslation();
  const tr = view.trade;
  return (
    <SimpleGrid cols={2} spacing="xs">
      <Field label={t('trades.instrument')} value={`${tr.symbol} · ${t(`trades.types.${tr.type}`)}`} />
      <Field label={t('trades.side')} value={t(`trades.sides.${tr.side}`)} />
      <Field label={t('trades.amount')} value={`${figure(tr.amount)} ${tr.base ?? ''}`} />
      <Field label={t('trades.rate')} value={tr.rate} />
      <Field label={t('trades.counterAmount')} value={`${figure(tr.counterAmount)} ${tr.quote}`} />
      <Field label={t('trades.tradeDate')} value={tr.tradeDate} />
      <Field
        label={t('trades.valueDate')}
        value={tr.settlement ? `${tr.valueDate} (${t(`trades.settlements.${tr.settlement}`)})` : tr.valueDate}
      />
      <Field label={t('trades.account')} value={`${tr.accountName} · ${tr.entityName}`} />
      {tr.openAmount !== null && <Field label={t('trades.openAmount')} value={figure(tr.openAmount)} />}
      {tr.realisedPnl !== null && (
        <Field label={t('trades.realisedPnl')} value={`${figure(tr.realisedPnl)} ${tr.quote}`} />
      )}
      <Field label={t('trades.ticket')} value={tr.ticket} />
      <Field
        label={t('trades.bookedBy')}
        value={`${tr.bookedBy}, ${new Date(tr.bookedAt).toLocaleString()}`}
      />
    </SimpleGrid>
  );
}

function Legs({ view }: { view: TTradeView }) {
  const { t } = useTranslation();
  if (!view.legs.length) return null;
  return (
    <Stack gap={4}>
      <Title order={4}>{t('trades.legs')}</Title>
      <Table withTableBorder aria-label={t('trades.legs')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('trades.leg')}</Table.Th>
            <Table.Th>{t('trades.valueDate')}</Table.Th>
            <Table.Th ta="right">{t('trades.pays')}</Table.Th>
            <Table.Th ta="right">{t('trades.receives')}</Table.Th>
            <Table.Th>{t('trades.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.legs.map((l) => (
            <Table.Tr key={l.leg}>
              <Table.Td>{t(`trades.legs${l.leg}`)}</Table.Td>
              <Table.Td>{l.valueDate}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {figure(l.payAmount)} {l.payAsset}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {figure(l.receiveAmount)} {l.receiveAsset}
              </Table.Td>
              <Table.Td>{t(`trades.legStatuses.${l.status}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Events({ view }: { view: TTradeView }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={4}>{t('trades.events')}</Title>
      <Stack
        component="ol"
        gap={6}
        aria-label={t('trades.events')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {view.events.map((e) => (
          <li key={e.id}>
            <Text size="sm">
              {t(`trades.eventKinds.${e.kind}`)}
              {e.businessDate ? ` · ${e.businessDate}` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {t('trades.eventBy', { by: e.by, when: new Date(e.at).toLocaleString() })}
            </Text>
            {e.reason && <Text size="xs">{t('trades.eventReason', { reason: e.reason })}</Text>}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function Postings({ view }: { view: TTradeView }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={4}>{t('trades.postings')}</Title>
      {view.postings.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('trades.noPostings')}
        </Text>
      ) : (
        <Table withTableBorder aria-label={t('trades.postings')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('trades.transaction')}</Table.Th>
              <Table.Th>{t('trades.account')}</Table.Th>
              <Table.Th ta="right">{t('trades.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.postings.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Text size="sm">#{p.transactionId}</Text>
                  <Text size="xs" c="dimmed">
                    {p.kind}
                  </Text>
                </Table.Td>
                <Table.Td>{p.accountName}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {figure(p.amount)} {p.asset}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

// The drawer's tables are narrow (three to five columns): plain tables that fit, not a
// scrolling data table (a scroll region a keyboard could not reach).

/**
 * One trade in a drawer: its terms, legs, events (who, when, why) and the postings it made;
 * staff who may cancel trades cancel it from here, with a reason, after confirming.
 */
export function TradeDrawer({
  entityId,
  tradeId,
  onClose,
}: {
  entityId: number;
  tradeId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const view = useQuery(tradeQuery(entityId, tradeId));
  const [cancelling, setCancelling] = useState(false);
  const tr = view.data?.trade;
  const cancellable =
    Boolean(entity?.capabilities.canCancelTrades) &&
    tr &&
    tr.status !== 'CANCELLED' &&
    tr.status !== 'REVERSED';
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={t('trades.trade', { id: tradeId })}>
      {view.isPending && <Loader aria-label={t('trades.loading')} />}
      {view.isError && <Text c="red">{serverMessage(view.error)}</Text>}
      {view.data && tr && (
        <Stack>
          <Group justify="space-between">
            <Badge color={STATUS_COLOR[tr.status]}>{t(`trades.statuses.${tr.status}`)}</Badge>
            {cancellable && (
              <Button color="red" variant="light" onClick={() => setCancelling(true)}>
                {t('trades.cancel')}
              </Button>
            )}
          </Group>
          <Terms view={view.data} />
          <Legs view={view.data} />
          <Events view={view.data} />
          <Postings view={view.data} />
        </Stack>
      )}
      {cancelling && tr && (
        <CancelTrade trade={tr} entityId={entityId} onClose={() => setCancelling(false)} />
      )}
    </Drawer>
  );
}
