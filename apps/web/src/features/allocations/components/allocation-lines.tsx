import type { TAllocationChild } from '@clearway/contracts/endpoints/allocations.schemas';
import { labelOf, TRADE_STATUS_LABELS } from '@clearway/contracts/enums';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { EMPTY_CELL, formatDecimal } from '../../../lib/format';

/** The decimals an exact figure the server sent carries (amounts come at their currency's scale). */
export const decimalsIn = (v: string) => v.split('.')[1]?.length ?? 0;
/** An amount as sent, grouped, at the decimals it came with. */
export const shownAmount = (v: string) => formatDecimal(v, decimalsIn(v));
/** An exact share, four decimals finer than the amount it was rounded to. */
const shownExact = (exact: string, amount: string) => formatDecimal(exact, decimalsIn(amount) + 4);

/**
 * A block's children, or a preview of them: per investor, the weight, each leg's amount and
 * the exact share it was rounded from, and whether it took a remainder unit.
 */
export function AllocationLines({
  id,
  label,
  lines,
  base,
  quote,
}: {
  id: string;
  label: string;
  lines: TAllocationChild[];
  base: string | null;
  quote: string;
}) {
  const { t } = useTranslation();
  const unit = (flag: boolean) => (flag ? t('allocations.remainderYes') : EMPTY_CELL);
  const columns: Column<TAllocationChild>[] = [
    {
      id: 'investor',
      header: t('allocations.investor'),
      value: (c) => c.entityName,
      cell: (c) => `${c.entityName} · ${c.accountName}`,
      fixed: true,
    },
    {
      id: 'weight',
      header: t('allocations.weight'),
      value: (c) => c.weight,
      cell: (c) => c.weight,
      align: 'right',
    },
    {
      id: 'priority',
      header: t('allocations.priority'),
      value: (c) => c.priority ?? '',
      cell: (c) => c.priority ?? EMPTY_CELL,
      align: 'right',
    },
    {
      id: 'amount',
      header: t('allocations.amount'),
      value: (c) => c.amount,
      cell: (c) => `${shownAmount(c.amount)}${base ? ` ${base}` : ''}`,
      align: 'right',
      mono: true,
    },
    {
      id: 'exactAmount',
      header: t('allocations.exact'),
      value: (c) => c.exactAmount,
      cell: (c) => shownExact(c.exactAmount, c.amount),
      align: 'right',
      mono: true,
    },
    {
      id: 'amountRemainder',
      header: t('allocations.remainder'),
      value: (c) => (c.amountRemainder ? 1 : 0),
      cell: (c) => unit(c.amountRemainder),
    },
    {
      id: 'counterAmount',
      header: t('allocations.counterAmount'),
      value: (c) => c.counterAmount,
      cell: (c) => `${shownAmount(c.counterAmount)} ${quote}`,
      align: 'right',
      mono: true,
    },
    {
      id: 'counterRemainder',
      header: `${t('allocations.remainder')} (${quote})`,
      value: (c) => (c.counterRemainder ? 1 : 0),
      cell: (c) => unit(c.counterRemainder),
    },
    {
      id: 'trade',
      header: t('allocations.trade'),
      value: (c) => c.tradeId ?? '',
      cell: (c) =>
        c.tradeId === null ? (
          EMPTY_CELL
        ) : (
          <>
            #{c.tradeId}{' '}
            <Badge variant="light" size="sm">
              {labelOf(TRADE_STATUS_LABELS, c.status ?? '')}
            </Badge>
          </>
        ),
    },
  ];
  return (
    <DataTable
      id={id}
      label={label}
      columns={columns}
      rows={lines}
      rowKey={(c) => c.investorId}
      empty={{ title: t('allocations.noInvestors'), hint: t('allocations.noInvestorsHint') }}
    />
  );
}
