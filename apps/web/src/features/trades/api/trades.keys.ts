import type { ZTradeList } from '@clearway/contracts/endpoints/trades.schemas';
import type { z } from 'zod';

export type TradeFilter = Omit<z.input<typeof ZTradeList>, 'entityId'>;

/** Every read of an entity's trades (the blotter, a trade, the P&L) sits under `entity(id)`. */
export const tradeKeys = {
  all: ['trades'] as const,
  entity: (entityId: number) => ['trades', entityId] as const,
  list: (entityId: number, filter: TradeFilter) => [...tradeKeys.entity(entityId), 'list', filter] as const,
  view: (entityId: number, tradeId: number) => [...tradeKeys.entity(entityId), 'view', tradeId] as const,
  profitLoss: (entityId: number) => [...tradeKeys.entity(entityId), 'profit-loss'] as const,
  optionPnl: (entityId: number) => [...tradeKeys.entity(entityId), 'option-pnl'] as const,
  margin: (entityId: number, towardClients: boolean) =>
    [...tradeKeys.entity(entityId), 'margin', towardClients] as const,
  summary: (entityId: number) => [...tradeKeys.entity(entityId), 'summary'] as const,
  /** The instrument catalogue by id: how each one's figures read. */
  instruments: (entityId: number) => ['trade-instruments', entityId] as const,
  /** What the booking form reads: the accounts, what an entity may trade, prices and value dates. */
  form: (entityId: number) => ['trade-form', entityId] as const,
  accounts: (entityId: number) => [...tradeKeys.form(entityId), 'accounts'] as const,
  tradable: (ownerId: number) => [...tradeKeys.form(ownerId), 'instruments'] as const,
  prices: (entityId: number) => [...tradeKeys.form(entityId), 'prices'] as const,
  spot: (entityId: number, base?: string, quote?: string, tradeDate?: string) =>
    [...tradeKeys.form(entityId), 'spot', base, quote, tradeDate] as const,
  cfdValueDate: (entityId: number, instrumentId: number | null) =>
    [...tradeKeys.form(entityId), 'cfd-value-date', instrumentId] as const,
};
