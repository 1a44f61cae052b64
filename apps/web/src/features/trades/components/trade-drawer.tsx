import type { TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import {
  labelOf,
  TRADE_EVENT_LABELS,
  TRADE_LEG_STATUS_LABELS,
  TRADE_SIDE_LABELS,
  TRADE_STATUS_LABELS,
  TRADE_TYPE_LABELS,
} from '@clearway/contracts/enums';
import { postingKindLabel } from '@clearway/contracts/posting-kinds';
import { Badge, Button, Drawer, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText, DateTimeText } from '../../../components/date-time-text';
import { serverMessage } from '../../../lib/gateway';
import { useSelectedEntity } from '../../../lib/selected-entity';
import { tradeQuery } from '../api/trades.queries';
import { CancelTrade } from './cancel-trade';
import { OptionActions } from './option-actions';
import { OptionTerms } from './option-terms';
import { STATUS_COLOR, useTradeFigures } from './trade-figures';

function Field({ label, value }: { label: string; value: ReactNode }) {
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
function Terms({ view, entityId }: { view: TTradeView; entityId: number }) {
  const { t } = useTranslation();
  const f = useTradeFigures(entityId);
  const tr = view.trade;
  return (
    <SimpleGrid cols={2} spacing="xs">
      <Field label={t('trades.instrument')} value={`${tr.symbol} · ${labelOf(TRADE_TYPE_LABELS, tr.type)}`} />
      <Field label={t('trades.side')} value={labelOf(TRADE_SIDE_LABELS, tr.side)} />
      <Field label={t('trades.amount')} value={f.money(tr.amount, tr.base)} />
      <Field label={t('trades.rate')} value={f.rate(tr.rate, tr.instrumentId)} />
      <Field label={t('trades.counterAmount')} value={f.money(tr.counterAmount, tr.quote)} />
      <Field label={t('trades.tradeDate')} value={<DateText value={tr.tradeDate} />} />
      <Field
        label={t('trades.valueDate')}
        value={
          <>
            <DateText value={tr.valueDate} />
            {tr.settlement && ` (${t(`trades.settlements.${tr.settlement}`)})`}
          </>
        }
      />
      <Field label={t('trades.account')} value={`${tr.accountName} · ${tr.entityName}`} />
      {tr.openAmount !== null && (
        <Field label={t('trades.openAmount')} value={f.money(tr.openAmount, tr.base)} />
      )}
      {tr.realisedPnl !== null && (
        <Field label={t('trades.realisedPnl')} value={f.money(tr.realisedPnl, tr.quote)} />
      )}
      <Field label={t('trades.ticket')} value={tr.ticket} />
      {tr.reference && <Field label={t('trades.reference')} value={tr.reference} />}
      <Field
        label={t('trades.bookedBy')}
        value={
          <>
            {tr.bookedBy}, <DateTimeText value={tr.bookedAt} />
          </>
        }
      />
    </SimpleGrid>
  );
}

function Legs({ view, entityId }: { view: TTradeView; entityId: number }) {
  const { t } = useTranslation();
  const f = useTradeFigures(entityId);
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
              <Table.Td>
                <DateText value={l.valueDate} />
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {f.money(l.payAmount, l.payAsset)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {f.money(l.receiveAmount, l.receiveAsset)}
              </Table.Td>
              <Table.Td>{labelOf(TRADE_LEG_STATUS_LABELS, l.status)}</Table.Td>
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
              {labelOf(TRADE_EVENT_LABELS, e.kind)}
              {e.businessDate && (
                <>
                  {' · '}
                  <DateText value={e.businessDate} />
                </>
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {t('trades.eventBy', { by: e.by })} <DateTimeText value={e.at} />
            </Text>
            {e.reason && <Text size="xs">{t('trades.eventReason', { reason: e.reason })}</Text>}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function Postings({ view, entityId }: { view: TTradeView; entityId: number }) {
  const { t } = useTranslation();
  const f = useTradeFigures(entityId);
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
                    {postingKindLabel(p.kind)}
                  </Text>
                </Table.Td>
                <Table.Td>{p.accountName}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {f.money(p.amount, p.asset)}
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
            <Badge color={STATUS_COLOR[tr.status]}>{labelOf(TRADE_STATUS_LABELS, tr.status)}</Badge>
            {cancellable && (
              <Button color="red" variant="light" onClick={() => setCancelling(true)}>
                {t('trades.cancel')}
              </Button>
            )}
          </Group>
          {tr.option && entity?.capabilities.canAmendOptions && (
            <OptionActions trade={tr} entityId={entityId} />
          )}
          <Terms view={view.data} entityId={entityId} />
          {tr.option && <OptionTerms trade={tr} entityId={entityId} />}
          <Legs view={view.data} entityId={entityId} />
          <Events view={view.data} />
          <Postings view={view.data} entityId={entityId} />
        </Stack>
      )}
      {cancelling && tr && (
        <CancelTrade trade={tr} entityId={entityId} onClose={() => setCancelling(false)} />
      )}
    </Drawer>
  );
}
