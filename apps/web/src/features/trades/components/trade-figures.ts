import { useQuery } from '@tanstack/react-query';
import { EMPTY_CELL, formatAmount } from '../../../lib/format';
import { groupDecimal } from '../../../lib/format/digits';
import { formatRate, formatSetRate } from '../../../lib/format/rates';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';
import { instrumentsByIdQuery } from '../api/trades.queries';

/** A figure and its currency are read as one piece: never broken over two lines. */
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Badge colours of a trade's status. */
export const STATUS_COLOR = {
  PENDING: 'blue',
  OPEN: 'teal',
  SETTLED: 'green',
  CLOSED: 'gray',
  CANCELLED: 'orange',
  REVERSED: 'red',
  INACTIVE: 'gray',
  EXERCISED: 'green',
  EXPIRED: 'gray',
  KNOCKED_OUT: 'orange',
  // A block split over an allocation group: its children carry its movements.
  ALLOCATED: 'violet',
} as const;

/** A count of contracts as written, its trailing zeros dropped (`10.000000` reads `10`). */
export const formatQuantity = (value: string) =>
  groupDecimal(value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));

/**
 * How the trades feature writes its figures: an amount at its currency's display precision
 * with the currency after it (a CFD's contracts as a count); a dealt rate at its
 * instrument's price precision but never with fewer decimals than it was dealt at (the
 * blotter shows exactly the rate booked); a derived rate (an average, a mark) at the price
 * precision, rounded for display only.
 */
export function useTradeFigures(entityId: number) {
  const assetOf = useAssetOf();
  const instruments = useQuery(instrumentsByIdQuery(entityId));
  const precisionOf = (id: number | null) =>
    id === null ? null : (instruments.data?.get(id)?.pricePrecision ?? null);
  const money = (value: string | null, asset: string | null) => {
    if (value === null) return EMPTY_CELL;
    return asset ? `${formatAmount(value, assetOf(asset))} ${asset}` : formatQuantity(value);
  };
  return {
    money,
    rate: (value: string | null, instrumentId: number | null) =>
      value === null ? EMPTY_CELL : formatSetRate(value, precisionOf(instrumentId)),
    derivedRate: (value: string | null, instrumentId: number) =>
      value === null ? EMPTY_CELL : formatRate(value, precisionOf(instrumentId)),
    /** A position's size: base-currency units of a pair, contracts of a CFD. */
    quantity: (value: string, instrumentId: number) => {
      const i = instruments.data?.get(instrumentId);
      return money(value, i && i.kind !== 'CFD' ? i.base : null);
    },
  };
}
