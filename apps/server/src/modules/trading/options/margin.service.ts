import type { TInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import type {
  TMarginLine,
  TMarginRequirement,
  TOptionValuation,
} from '@clearway/contracts/endpoints/options.schemas';
import { INSTRUMENT_KINDS, type InstrumentKind } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { Money } from '../../../platform/money';
import type { EntitiesService } from '../../entities/entities.service';
import { entityAtOrBelow, entityBelow } from '../../entities/entity-sql';
import type { InstrumentsModule } from '../../instruments/instruments.module';
import { BUILT_IN_MARGIN_PCT } from '../../instruments/option-market.service';
import type { SheetRate } from '../../instruments/rates.service';
import type { BalancesService, UnrealisedPnl } from '../../ledger/balances.service';
import type { LedgerService } from '../../ledger/ledger.service';
import { type MarginClaim, marginVersionOf } from '../margin-claim';
import type { Marks } from '../marks';
import type { PnlService } from '../pnl.service';
import type { Who } from '../trade-context';
import { trades } from '../trading.tables';
import { garmanKohlhagen, yearsBetween } from './garman-kohlhagen';
import type { OptionValuation } from './option-valuation.service';

/** What a booking about to be made adds to its owner's margin: a position's change, or a new option. */
export type MarginChange =
  | { kind: 'MARGIN_FX' | 'CFD'; accountId: number; instrumentId: number; signedAmount: string }
  | {
      kind: 'FX_OPTION';
      side: 'BUY' | 'SELL';
      optionType: 'CALL' | 'PUT';
      instrumentId: number;
      accountId: number;
      base: string;
      quote: string;
      notional: string;
      strike: string;
      expiryDate: string;
    };

type Deps = {
  db: Db;
  ledger: LedgerService;
  entities: EntitiesService;
  balances: BalancesService;
  instruments: InstrumentsModule;
  valuation: OptionValuation;
  pnl: PnlService;
};
type Position = { accountId: number; instrument: TInstrument; quantity: string };
type Assessed = Awaited<ReturnType<UnrealisedPnl>> & { lines?: TMarginLine[]; marginMissing?: string[] };

/**
 * Margin: the initial margin an entity's positions and short options require, in its base
 * currency — FX: |net notional| × the FX rate; CFD: |quantity| × contract size × price × the
 * CFD rate; a short option: |delta| × notional × the FX_OPTION rate (long options require
 * none: their premium is paid) — at the rates that hold for the entity (an override on it or
 * the nearest above it, else the default, else the built-in rate). Equity is the summary's
 * (balances plus unrealised P&L plus the options' market value); free margin = equity −
 * initial margin; margin level = equity ÷ initial margin; a margin call when equity is below
 * the requirement. The summary's unrealised P&L and the requirement are computed in one pass
 * (`assess`), so both read the same positions and marks.
 */
export function createMargin(deps: Deps) {
  const { db, ledger, entities, balances, instruments, valuation, pnl } = deps;

  /** The margin rates (fractions) that hold for an entity, in one statement. */
  async function ratesFor(entityId: number): Promise<Record<InstrumentKind, Money>> {
    const rows = await db.execute<{ instrument_class: InstrumentKind; rate_pct: string; depth: number }>(sql`
      select m.instrument_class, m.rate_pct::text, coalesce(length(owner.path), 0) as depth
        from margin_rates m left join entities owner on owner.id = m.entity_id
       where m.entity_id is null or ${entityAtOrBelow(entityId, sql`m.entity_id`)}`);
    const out = {} as Record<InstrumentKind, Money>;
    for (const kind of INSTRUMENT_KINDS) {
      // The deepest owner is the nearest: its override wins over those above and the default.
      const nearest = rows.rows
        .filter((r) => r.instrument_class === kind)
        .sort((a, b) => b.depth - a.depth)[0];
      out[kind] = new Money(nearest?.rate_pct ?? BUILT_IN_MARGIN_PCT[kind]).div(100);
    }
    return out;
  }

  async function linesOf(
    positions: Position[],
    shortOptions: TOptionValuation[],
    rates: Record<InstrumentKind, Money>,
    marks: Marks,
    base: string,
    change?: MarginChange,
  ) {
    const baseScale = await ledger.scaleOf(base);
    const missing = new Set<string>();
    const lines: TMarginLine[] = [];
    const toBase = (amount: Money, currency: string) => {
      const rate = marks.fx(currency, base);
      if (!rate) missing.add(currency);
      return rate ? amount.times(rate) : new Money(0);
    };
    const line = (
      kind: InstrumentKind,
      l: Omit<TMarginLine, 'instrumentClass' | 'ratePct' | 'requirement' | 'exposure'>,
      exposure: Money,
    ) => {
      const exposureBase = new Money(exposure.toFixed(baseScale));
      lines.push({
        ...l,
        instrumentClass: kind,
        exposure: exposureBase.toFixed(baseScale),
        ratePct: rates[kind].times(100).toString(),
        requirement: exposureBase.times(rates[kind]).toFixed(baseScale),
      });
    };
    const net = new Map(
      positions.map((p) => [`${p.accountId}:${p.instrument.id}`, { ...p, quantity: new Money(p.quantity) }]),
    );
    if (change && change.kind !== 'FX_OPTION') {
      const key = `${change.accountId}:${change.instrumentId}`;
      const now = net.get(key) ?? {
        accountId: change.accountId,
        instrument: await instruments.catalog.get(change.instrumentId),
        quantity: new Money(0),
      };
      net.set(key, { ...now, quantity: now.quantity.plus(change.signedAmount) });
    }
    for (const p of net.values()) {
      const i = p.instrument;
      if (p.quantity.isZero()) continue;
      const common = {
        accountId: p.accountId,
        instrumentId: i.id,
        symbol: i.symbol,
        tradeId: null,
        quantity: p.quantity.toString(),
      };
      if (i.kind === 'FX') line('FX', common, toBase(p.quantity.abs(), i.base));
      else if (i.kind === 'CFD') {
        const price = marks.cfd(i.id);
        if (!price) missing.add(i.symbol);
        line(
          'CFD',
          common,
          toBase(
            p.quantity
              .abs()
              .times(i.contractSize)
              .times(price ?? 0),
            i.quote,
          ),
        );
      }
    }
    const optionExposure = (o: { base: string; notional: string; delta: string | null }) =>
      toBase(new Money(o.delta ?? 0).abs().times(o.notional), o.base);
    for (const o of shortOptions) {
      if (o.delta === null) missing.add(`delta of ${o.ticket}`);
      const quantity = new Money(o.notional).neg().toString();
      line(
        'FX_OPTION',
        { accountId: o.accountId, instrumentId: 0, symbol: o.symbol, tradeId: o.tradeId, quantity },
        optionExposure(o),
      );
    }
    if (change?.kind === 'FX_OPTION' && change.side === 'SELL') {
      const market = await instruments.optionMarket.snapshot();
      const spot = marks.fx(change.base, change.quote);
      const years = yearsBetween(new Date().toISOString().slice(0, 10), change.expiryDate);
      const delta = spot
        ? garmanKohlhagen({
            kind: change.optionType,
            spot: spot.toNumber(),
            strike: Number(change.strike),
            years,
            domesticRate: market.rate(change.quote) ?? 0,
            foreignRate: market.rate(change.base) ?? 0,
            volatility: market.volatility(change.base, change.quote, Math.max(years, 1 / 365)) ?? 0,
          }).delta
        : 0;
      line(
        'FX_OPTION',
        {
          accountId: change.accountId,
          instrumentId: change.instrumentId,
          symbol: `${change.base}/${change.quote}`,
          tradeId: null,
          quantity: new Money(change.notional).neg().toString(),
        },
        optionExposure({ base: change.base, notional: change.notional, delta: delta.toPrecision(15) }),
      );
    }
    const initial = lines.reduce((s, l) => s.plus(l.requirement), new Money(0));
    return { lines, initial: initial.toFixed(baseScale), missing: [...missing] };
  }

  /**
   * Equity's unrealised part (positions and undelivered trades, plus the live options' market
   * value) and — for the entity's own accounts — the initial margin they require.
   */
  async function assess(
    entityId: number,
    scope: 'own' | 'below',
    base: string,
    sheet: SheetRate[],
    change?: MarginChange,
  ): Promise<Assessed> {
    const positionsPnl = await pnl.unrealised(entityId, scope, base, sheet);
    const optionsValue = await valuation.marketValueIn(entityId, scope, base, sheet);
    const scale = await ledger.scaleOf(base);
    const amount = new Money(positionsPnl.amount).plus(optionsValue.amount).toFixed(scale);
    const missingRates = [...new Set([...positionsPnl.missingRates, ...optionsValue.missingRates])].sort();
    if (scope !== 'own') return { amount, missingRates };
    const shorts = optionsValue.options.filter((o) => o.side === 'SELL');
    const m = await linesOf(
      positionsPnl.positions,
      shorts,
      await ratesFor(entityId),
      positionsPnl.marks,
      base,
      change,
    );
    return { amount, missingRates, initialMargin: m.initial, lines: m.lines, marginMissing: m.missing };
  }

  async function requirementOf(entityId: number, change?: MarginChange): Promise<TMarginRequirement> {
    const self = (await entities.ancestry(entityId)).at(-1)!;
    let assessed: Assessed | null = null;
    const summary = await balances.summary(entityId, async (id, scope, base, sheet) => {
      assessed = await assess(id, scope, base, sheet, change);
      return assessed;
    });
    const a = assessed as unknown as Assessed;
    const margin = summary.margin!;
    return {
      entityId,
      entityName: self.name,
      baseCurrency: summary.equity.baseCurrency,
      marginClient: self.attributes.includes('Margin'),
      lines: a.lines ?? [],
      initialMargin: margin.initialMargin,
      equity: summary.equity.equity,
      freeMargin: margin.freeMargin,
      marginLevelPct: margin.marginLevelPct,
      marginCall: margin.marginCall,
      missingRates: [...new Set([...(a.marginMissing ?? []), ...summary.equity.missingRates])].sort(),
    };
  }

  return {
    assess,
    requirementOf,
    /** The margin rates (fractions) that hold for an entity: a statement's margin at its cut-off. */
    ratesFor,

    /** The requirements of every entity below that holds positions or options, or is a margin client: nearest a call first. */
    async towardClients(entityId: number): Promise<TMarginRequirement[]> {
      const ids = await db.execute<{ id: number }>(sql`
        select distinct entity_id as id from ${trades} t
         where ${entityBelow(sql`t.entity_id`, entityId)} and t.status in ('OPEN', 'INACTIVE', 'PENDING')
        union
        select e.id from entities e where ${entityBelow(sql`e.id`, entityId)} and 'Margin' = any(e.attributes)
        order by 1`);
      const out: TMarginRequirement[] = [];
      for (const { id } of ids.rows) out.push(await requirementOf(Number(id)));
      // Nearest a call first: the lowest margin level; those requiring nothing last.
      const level = (r: TMarginRequirement) =>
        r.marginLevelPct === null ? Number.POSITIVE_INFINITY : Number(r.marginLevelPct);
      return out.sort((a, b) => level(a) - level(b) || a.entityName.localeCompare(b.entityName));
    },

    /**
     * Refuses a booking that would take a margin client's free margin below zero, saying by
     * how much; other entities' bookings are not held to it. Answers the margin version the
     * check read — read before the state it judged — for the booking to claim when it commits
     * (margin-claim.ts), or null when the entity is not a margin client.
     * @throws 422 naming the shortfall
     */
    async check(_who: Who, entityId: number, change: MarginChange): Promise<MarginClaim | null> {
      const owner = (await entities.ancestry(entityId)).at(-1)!;
      if (!owner.attributes.includes('Margin')) return null;
      const claim = { entityId, version: await marginVersionOf(db, entityId) };
      const after = await requirementOf(entityId, change);
      const free = new Money(after.freeMargin);
      if (free.gte(0)) return claim;
      const scale = await ledger.scaleOf(after.baseCurrency);
      const message = `Insufficient margin: this booking would take free margin ${free.abs().toFixed(scale)} ${after.baseCurrency} below zero (initial margin ${after.initialMargin}, equity ${after.equity} ${after.baseCurrency})`;
      throw new AppError('BadRequest', 422, message, { margin: message });
    },
  };
}
export type Margin = ReturnType<typeof createMargin>;
