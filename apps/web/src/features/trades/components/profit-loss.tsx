import type { TAccountPnl, TPosition, TProfitLoss } from '@clearway/contracts/endpoints/pnl.schemas';
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { EMPTY_CELL, formatAmount, formatMoney } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format/dates';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';
import { profitLossQuery } from '../api/trades.queries';
import { NO_WRAP, useTradeFigures } from './trade-figures';

/** A loss reads red, a gain green: the sign is what a desk looks for first. */
const signColor = (value: string | null | undefined) =>
  !value || /^-?0*(\.0*)?$/.test(value) ? undefined : value.startsWith('-') ? 'red.9' : 'teal.9';

function Total({ label, value }: { label: string; value?: { figure: string; raw: string } }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton
          height={24}
          my={2}
          width="60%"
          role="status"
          aria-label={t('shell.loading', { what: label })}
        />
      ) : (
        <Text fz="lg" fw={700} ff="monospace" c={signColor(value.raw)} data-testid={label}>
          {value.figure}
        </Text>
      )}
    </Paper>
  );
}

type Row = TPosition & { accountName: string; entityName: string; entityId: number };

/** Positions and undelivered trades, per account and instrument, marked to the sheet. */
function Positions({ pnl, entityId }: { pnl: TProfitLoss | undefined; entityId: number }) {
  const { t } = useTranslation();
  const figures = useTradeFigures(entityId);
  const rows = pnl?.accounts.flatMap((a) =>
    a.positions.map((p) => ({
      accountName: a.accountName,
      entityName: a.entityName,
      entityId: a.entityId,
      ...p,
    })),
  );
  const columns: Column<Row>[] = [
    {
      id: 'account',
      header: t('trades.account'),
      value: (p) => p.accountName,
      cell: (p) => (
        <>
          <Text size="sm">{p.accountName}</Text>
          {p.entityId !== entityId && (
            <Text size="xs" c="dimmed">
              {p.entityName}
            </Text>
          )}
        </>
      ),
      sort: 'text',
      fixed: true,
    },
    {
      id: 'instrument',
      header: t('trades.instrument'),
      value: (p) => p.symbol,
      cell: (p) => (
        <>
          <Text size="sm">{p.symbol}</Text>
          <Text size="xs" c="dimmed">
            {t(`trades.positionKinds.${p.kind}`)}
          </Text>
        </>
      ),
      sort: 'text',
    },
    {
      id: 'quantity',
      header: t('trades.quantity'),
      value: (p) => p.quantity,
      cell: (p) => <span style={NO_WRAP}>{figures.quantity(p.quantity, p.instrumentId)}</span>,
      sort: 'decimal',
      align: 'right',
      mono: true,
    },
    {
      id: 'averageRate',
      header: t('trades.averageRate'),
      value: (p) => p.averageRate,
      cell: (p) => figures.derivedRate(p.averageRate, p.instrumentId),
      align: 'right',
      mono: true,
    },
    {
      id: 'mark',
      header: t('trades.mark'),
      value: (p) => p.mark,
      cell: (p) => figures.derivedRate(p.mark, p.instrumentId),
      align: 'right',
      mono: true,
    },
    {
      id: 'unrealised',
      header: t('trades.unrealised'),
      value: (p) => p.unrealised,
      cell: (p) => (
        <Text span inherit c={signColor(p.unrealised)} style={NO_WRAP}>
          {figures.money(p.unrealised, p.currency)}
        </Text>
      ),
      sort: 'decimal',
      align: 'right',
      mono: true,
    },
  ];
  return (
    <DataTable
      id="positions"
      label={t('trades.positions')}
      columns={columns}
      rows={rows}
      rowKey={(p) => `${p.accountName}-${p.instrumentId}-${p.kind}`}
      empty={{ title: t('trades.noPositions'), hint: t('trades.noPositionsHint') }}
      defaultSort={{ by: 'account', direction: 'asc' }}
      csv={{ fileName: `positions-${entityId}.csv` }}
    />
  );
}

/** Each account's realised, unrealised and total P&L in the account's currency. */
function Accounts({
  pnl,
  query,
  entityId,
}: {
  pnl: TProfitLoss | undefined;
  query: ReturnType<typeof useQuery<TProfitLoss>>;
  entityId: number;
}) {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  const figure = (a: TAccountPnl, key: 'realised' | 'unrealised' | 'total') =>
    a.total ? (
      <Text span inherit c={signColor(a.total[key])} style={NO_WRAP}>
        {`${formatAmount(a.total[key], assetOf(a.accountCurrency))} ${a.accountCurrency}`}
      </Text>
    ) : (
      EMPTY_CELL
    );
  const money = (key: 'realised' | 'unrealised' | 'total', header: string): Column<TAccountPnl> => ({
    id: key,
    header,
    value: (a) => a.total?.[key],
    cell: (a) => figure(a, key),
    sort: 'decimal',
    align: 'right',
    mono: true,
  });
  const columns: Column<TAccountPnl>[] = [
    {
      id: 'account',
      header: t('trades.account'),
      value: (a) => a.accountName,
      cell: (a) => (
        <>
          <Text size="sm">{a.accountName}</Text>
          {a.entityId !== entityId && (
            <Text size="xs" c="dimmed">
              {a.entityName}
            </Text>
          )}
        </>
      ),
      sort: 'text',
      fixed: true,
    },
    money('realised', t('trades.realised')),
    money('unrealised', t('trades.unrealised')),
    money('total', t('trades.totalPnl')),
  ];
  return (
    <DataTable
      id="pnl-accounts"
      label={t('trades.pnlByAccount')}
      columns={columns}
      rows={pnl?.accounts}
      rowKey={(a) => a.accountId}
      query={query}
      empty={{ title: t('trades.noPnl'), hint: t('trades.noPnlHint') }}
      defaultSort={{ by: 'account', direction: 'asc' }}
      csv={{ fileName: `profit-loss-${entityId}.csv` }}
    />
  );
}

/**
 * The entity's P&L on the Overview: realised, unrealised and total in its base currency
 * (as of when, and what could not be valued), each account's P&L in its own currency, and
 * the positions and undelivered trades behind the unrealised part, marked to the sheet.
 */
export function ProfitLoss({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const pnl = useQuery(profitLossQuery(entityId));
  const assetOf = useAssetOf();
  const p = pnl.data;
  const total = (key: 'realised' | 'unrealised' | 'total') =>
    p && { figure: formatMoney(p.total[key], p.baseCurrency, assetOf(p.baseCurrency)), raw: p.total[key] };
  const missing = p ? [...p.missingRates, ...p.missingMarks] : [];
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Total label={t('trades.realised')} value={total('realised')} />
        <Total label={t('trades.unrealised')} value={total('unrealised')} />
        <Total label={t('trades.totalPnl')} value={total('total')} />
      </SimpleGrid>
      {p && (
        <Text size="xs" c="dimmed">
          {t('trades.pnlAsOf', { when: formatDateTime(p.asOf), currency: p.baseCurrency })}
        </Text>
      )}
      {missing.length > 0 && (
        <Text size="xs" c="red.9" fw={600}>
          {t('trades.pnlMissing', { what: missing.join(', ') })}
        </Text>
      )}
      <Text fw={600} size="sm" mt="xs">
        {t('trades.pnlByAccount')}
      </Text>
      <Accounts pnl={p} query={pnl} entityId={entityId} />
      {p?.accounts.some((a) => a.positions.length) && (
        <>
          <Text fw={600} size="sm" mt="xs">
            {t('trades.positions')}
          </Text>
          <Positions pnl={p} entityId={entityId} />
        </>
      )}
    </Stack>
  );
}
