import type {
  TAccountPnl,
  TPnlFigures,
  TPosition,
  TProfitLoss,
} from '@clearway/contracts/endpoints/pnl.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { Money } from '../../platform/money';
import type { EntitiesService } from '../entities/entities.service';
import { entityBaseCurrencyOf, entityBelow, entityNameOf } from '../entities/entity-sql';
import type { InstrumentsModule } from '../instruments/instruments.module';
import type { SheetRate } from '../instruments/rates.service';
import type { LedgerService } from '../ledger/ledger.service';
import { accountCurrencyOf, accountNameOf } from '../ledger/ledger-sql';
import { type Marks, marksOf } from './marks';
import { tradeEvents, tradeLegs, trades } from './trading.tables';

type Scope = 'own' | 'below';
type Figures = { realised: Money; unrealised: Money };
/** Digits an average rate is shown with. */
const AVERAGE_DECIMALS = 10;

const ZERO = () => ({ realised: new Money(0), unrealised: new Money(0) });

/**
 * Positions and P&L, computed from the trades as they stand and marked now (the rate sheet's
 * mids, CFD prices): unrealised = quantity × mark − cost at the dealt rates (× contract size)
 * for open lots and undelivered legs; realised = what live trades realised on closing out or
 * delivery, plus the rolls and financing posted. Per account and currency, converted to the
 * account's currency and the entity's base currency at the sheet's mids.
 */
export function createPnl(deps: {
  db: Db;
  ledger: LedgerService;
  instruments: InstrumentsModule;
  entities: EntitiesService;
}) {
  const { db, ledger, instruments, entities } = deps;

  async function marksNow(): Promise<{ marks: Marks; asOf: string }> {
    const sheet = await instruments.rates.sheet();
    const cfd = new Map((await instruments.cfdPrices.latest()).map((p) => [p.instrumentId, p.mid]));
    return { marks: marksOf(instruments.rates, sheet, cfd), asOf: new Date().toISOString() };
  }

  /** Open lots and undelivered legs in scope, per account and instrument: quantity and cost. */
  async function heldIn(where: SQL) {
    const held = await db.execute<{
      account_id: number;
      instrument_id: number;
      kind: 'POSITION' | 'UNSETTLED';
      quantity: string;
      cost: string;
    }>(sql`
      select t.account_id, t.instrument_id, 'POSITION' as kind, sum(t.open_amount)::text as quantity,
             sum(t.open_amount * t.rate)::text as cost
        from ${trades} t where t.open_amount <> 0 and ${where}
       group by t.account_id, t.instrument_id
      union all
      select t.account_id, t.instrument_id, 'UNSETTLED',
             sum(case when l.side = 'BUY' then l.receive_amount else -l.pay_amount end)::text,
             sum(case when l.side = 'BUY' then l.receive_amount else -l.pay_amount end * l.rate)::text
        from ${tradeLegs} l join ${trades} t on t.id = l.trade_id
       where l.status = 'PENDING' and t.instrument_id is not null and ${where}
       group by t.account_id, t.instrument_id
       order by 1, 2, 3`);
    return held.rows;
  }

  /** The rows of one read, in scope. */
  async function read(where: SQL) {
    const held = await heldIn(where);
    const realised = await db.execute<{ account_id: number; currency: string; amount: string }>(sql`
      select account_id, currency, sum(amount)::text as amount from (
        select t.account_id, t.quote_currency as currency, t.realised_pnl as amount from ${trades} t
         where t.realised_pnl is not null and t.status not in ('CANCELLED', 'REVERSED') and ${where}
        union all
        select t.account_id, t.quote_currency, (e.details->>'amount')::numeric from ${tradeEvents} e
          join ${trades} t on t.id = e.trade_id
         where e.kind in ('ROLLED', 'FINANCED') and ${where}) r
       group by account_id, currency order by 1, 2`);
    const ids = [...new Set([...held.map((r) => r.account_id), ...realised.rows.map((r) => r.account_id)])];
    const accounts = ids.length
      ? (
          await db.execute<{
            id: number;
            name: string;
            currency: string;
            entity_id: number;
            entity_name: string;
          }>(sql`
            select a.id, ${accountNameOf(sql`a.id`)} as name,
                   coalesce(${accountCurrencyOf(sql`a.id`)}, ${entityBaseCurrencyOf(sql`t.entity_id`)}) as currency,
                   t.entity_id, ${entityNameOf(sql`t.entity_id`)} as entity_name
              from unnest(${sql.param(ids)}::int[]) a(id)
              join lateral (select entity_id from ${trades} where account_id = a.id limit 1) t on true
             order by 2, 1`)
        ).rows
      : [];
    return { held, realised: realised.rows, accounts };
  }

  async function profitLoss(entityId: number, scope: Scope, accountId?: number): Promise<TProfitLoss> {
    const base = (await entities.tradingProfile(entityId)).currencyCode ?? 'USD';
    const owners = scope === 'own' ? sql`t.entity_id = ${entityId}` : entityBelow(sql`t.entity_id`, entityId);
    const where = accountId === undefined ? owners : sql`${owners} and t.account_id = ${accountId}`;
    const { held, realised, accounts } = await read(where);
    if (accountId !== undefined && !accounts.length) {
      // An account of the scope without trades has no P&L yet; one outside the scope is not found.
      const mine = await db.execute(sql`select 1 from ${trades} t where t.account_id = ${accountId} limit 1`);
      if (mine.rows.length) throw notFound('Account not found');
    }
    const { marks, asOf } = await marksNow();
    const scales = new Map<string, number>();
    const scaleOf = async (c: string) => {
      if (!scales.has(c)) scales.set(c, await ledger.scaleOf(c));
      return scales.get(c)!;
    };
    const instrumentsById = await instruments.catalog.getMany([...new Set(held.map((h) => h.instrument_id))]);
    const missingRates = new Set<string>();
    const missingMarks = new Set<string>();
    const convert = async (f: Figures, from: string, to: string): Promise<TPnlFigures | null> => {
      const rate = marks.fx(from, to);
      if (!rate) {
        missingRates.add(from);
        return null;
      }
      const scale = await scaleOf(to);
      const realisedTo = f.realised.times(rate).toFixed(scale);
      const unrealisedTo = f.unrealised.times(rate).toFixed(scale);
      return {
        realised: realisedTo,
        unrealised: unrealisedTo,
        total: new Money(realisedTo).plus(unrealisedTo).toFixed(scale),
      };
    };
    const fixed = async (f: Figures, currency: string): Promise<TPnlFigures> => {
      const scale = await scaleOf(currency);
      return {
        realised: f.realised.toFixed(scale),
        unrealised: f.unrealised.toFixed(scale),
        total: f.realised.plus(f.unrealised).toFixed(scale),
      };
    };

    const perCurrency = new Map<string, Figures>();
    const totalBase = ZERO();
    const out: TAccountPnl[] = [];
    for (const a of accounts) {
      const accountCurrency = a.currency;
      const byCurrency = new Map<string, Figures>();
      const add = (c: string, k: keyof Figures, v: Money) => {
        const f = byCurrency.get(c) ?? ZERO();
        f[k] = f[k].plus(v);
        byCurrency.set(c, f);
      };
      const positions: TPosition[] = [];
      for (const h of held.filter((x) => x.account_id === a.id)) {
        const i = instrumentsById.get(h.instrument_id)!;
        const quantity = new Money(h.quantity);
        const cost = new Money(h.cost);
        const size = new Money(i.kind === 'CFD' ? i.contractSize : 1);
        const mark = i.kind === 'CFD' ? marks.cfd(i.id) : i.kind === 'FX' ? marks.fx(i.base, i.quote) : null;
        if (!mark) missingMarks.add(i.symbol);
        const unrealised = mark ? quantity.times(mark).minus(cost).times(size) : null;
        const quoteScale = await scaleOf(i.quote);
        if (unrealised) add(i.quote, 'unrealised', new Money(unrealised.toFixed(quoteScale)));
        positions.push({
          instrumentId: i.id,
          symbol: i.symbol,
          kind: h.kind,
          quantity: i.kind === 'FX' ? quantity.toFixed(await scaleOf(i.base)) : quantity.toString(),
          averageRate: quantity.isZero()
            ? '0'
            : cost.div(quantity).toDecimalPlaces(AVERAGE_DECIMALS).toString(),
          mark: mark?.toString() ?? null,
          currency: i.quote,
          unrealised: unrealised ? unrealised.toFixed(quoteScale) : null,
        });
      }
      for (const r of realised.filter((x) => x.account_id === a.id))
        add(r.currency, 'realised', new Money(r.amount));
      const lines = [];
      const accountTotal = ZERO();
      let convertible = true;
      for (const [currency, f] of [...byCurrency.entries()].sort(([x], [y]) => x.localeCompare(y))) {
        const all = perCurrency.get(currency) ?? ZERO();
        perCurrency.set(currency, {
          realised: all.realised.plus(f.realised),
          unrealised: all.unrealised.plus(f.unrealised),
        });
        const inAccountCurrency = await convert(f, currency, accountCurrency);
        const inBaseCurrency = await convert(f, currency, base);
        if (inAccountCurrency) {
          accountTotal.realised = accountTotal.realised.plus(inAccountCurrency.realised);
          accountTotal.unrealised = accountTotal.unrealised.plus(inAccountCurrency.unrealised);
        } else convertible = false;
        if (inBaseCurrency) {
          totalBase.realised = totalBase.realised.plus(inBaseCurrency.realised);
          totalBase.unrealised = totalBase.unrealised.plus(inBaseCurrency.unrealised);
        }
        lines.push({ currency, ...(await fixed(f, currency)), inAccountCurrency, inBaseCurrency });
      }
      out.push({
        accountId: a.id,
        accountName: a.name,
        entityId: a.entity_id,
        entityName: a.entity_name,
        accountCurrency,
        positions,
        lines,
        total: convertible ? await fixed(accountTotal, accountCurrency) : null,
      });
    }
    const currencies = [];
    for (const [currency, f] of [...perCurrency.entries()].sort(([x], [y]) => x.localeCompare(y)))
      currencies.push({ currency, ...(await fixed(f, currency)) });
    return {
      entityId,
      baseCurrency: base,
      asOf,
      accounts: out,
      currencies,
      total: await fixed(totalBase, base),
      missingRates: [...missingRates].sort(),
      missingMarks: [...missingMarks].sort(),
    };
  }

  return {
    /** The P&L of the entity's own accounts (or one of them). */
    ofEntity: (entityId: number, accountId?: number) => profitLoss(entityId, 'own', accountId),
    /** The P&L of the accounts of every entity below (or one of them). */
    towardClients: (entityId: number, accountId?: number) => profitLoss(entityId, 'below', accountId),
    /**
     * The unrealised P&L in `base`, for equity (own accounts, or those below), marked at the
     * sheet given: what `profitLoss` totals, in a few statements — each account's figure per
     * currency rounded, then converted and rounded, as there.
     */
    async unrealised(entityId: number, scope: Scope, base: string, sheet: SheetRate[]) {
      const held = await heldIn(
        scope === 'own' ? sql`t.entity_id = ${entityId}` : entityBelow(sql`t.entity_id`, entityId),
      );
      const byId = await instruments.catalog.getMany([...new Set(held.map((h) => h.instrument_id))]);
      const cfd = [...byId.values()].some((i) => i.kind === 'CFD')
        ? new Map((await instruments.cfdPrices.latest()).map((p) => [p.instrumentId, p.mid]))
        : new Map<number, string>();
      const marks = marksOf(instruments.rates, sheet, cfd);
      const lines = new Map<string, Money>();
      // The open positions, as margin reads them (same numbers, no second read).
      const positions = held
        .filter((h) => h.kind === 'POSITION')
        .map((h) => ({
          accountId: h.account_id,
          instrument: byId.get(h.instrument_id)!,
          quantity: h.quantity,
        }));
      for (const h of held) {
        const i = byId.get(h.instrument_id)!;
        const mark = i.kind === 'CFD' ? marks.cfd(i.id) : i.kind === 'FX' ? marks.fx(i.base, i.quote) : null;
        if (!mark) continue;
        const size = new Money(i.kind === 'CFD' ? i.contractSize : 1);
        const value = new Money(h.quantity).times(mark).minus(h.cost).times(size);
        const key = `${h.account_id}:${i.quote}`;
        lines.set(key, (lines.get(key) ?? new Money(0)).plus(value.toFixed(await ledger.scaleOf(i.quote))));
      }
      const baseScale = await ledger.scaleOf(base);
      const missingRates = new Set<string>();
      let amount = new Money(0);
      for (const [key, value] of lines) {
        const currency = key.split(':')[1]!;
        const rate = marks.fx(currency, base);
        if (rate) amount = amount.plus(value.times(rate).toFixed(baseScale));
        else missingRates.add(currency);
      }
      return { amount: amount.toFixed(baseScale), missingRates: [...missingRates].sort(), positions, marks };
    },
  };
}
export type PnlService = ReturnType<typeof createPnl>;
