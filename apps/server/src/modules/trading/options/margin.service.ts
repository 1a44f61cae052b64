import type { TInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import type { TMarginLine, TMarginRequirement } from '@clearway/contracts/endpoints/options.schemas';
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
import { keyOf, linesOf, markOf } from './margin-lines';
import type { OptionValuation } from './option-valuation.service';

/** What a booking about to be made adds to its owner's margin: a position's change, or a new option. */
export type MarginChange =
  | {
      kind: 'MARGIN_FX' | 'CFD';
      accountId: number;
      instrumentId: number;
      signedAmount: string;
      /** The rate or price it is dealt at: what the position is valued at when nothing marks it. */
      price?: string;
    }
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
type Assessed = Awaited<ReturnType<UnrealisedPnl>> & {
  lines?: TMarginLine[];
  marginMissing?: string[];
  /** With a change: the initial margin without it, what it loses at once at the mark, what of it cannot be valued. */
  initialBefore?: string;
  changeLoss?: string;
  unvalued?: string | null;
};

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
 *
 * Nothing that takes risk counts as zero risk for want of a market figure. A position nothing
 * marks (a CFD without a recorded price) is valued at the price it was dealt at — the booking's
 * own price, else the average price of its open lots: a dealing desk sizes the risk it just
 * took at the price it took it, and refusing instead would stop a client closing a position
 * the desk has no price for. A short option whose delta the market cannot give (no spot, no
 * volatility) counts at its full notional (|delta| = 1). A booking whose own exposure cannot
 * be valued in the base currency at all (no rate) is refused (`check`).
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

  /** The average price of each open position's lots (what an unmarked position is valued at). */
  async function dealtPrices(entityId: number): Promise<Map<string, Money>> {
    const rows = await db.execute<{ account_id: number; instrument_id: number; price: string }>(sql`
      select account_id, instrument_id, (sum(open_amount * rate) / sum(open_amount))::text as price
        from ${trades} where entity_id = ${entityId} and open_amount <> 0 and type in ('MARGIN_FX', 'CFD')
       group by account_id, instrument_id having sum(open_amount) <> 0`);
    return new Map(rows.rows.map((r) => [keyOf(r.account_id, r.instrument_id), new Money(r.price)]));
  }

  /**
   * The marks with the change's CFD priced: the unrealised P&L reads CFD prices only when a CFD
   * is already held, so an entity's first CFD would otherwise be unmarked (and, before, count
   * as zero risk).
   */
  async function markedFor(marks: Marks, change?: MarginChange): Promise<Marks> {
    if (change?.kind !== 'CFD' || marks.cfd(change.instrumentId)) return marks;
    const latest = (await instruments.cfdPrices.latest()).find((p) => p.instrumentId === change.instrumentId);
    if (!latest) return marks;
    const mid = new Money(latest.mid);
    return { fx: marks.fx, cfd: (id) => (id === change.instrumentId ? mid : marks.cfd(id)) };
  }

  /**
   * Equity's unrealised part (positions and undelivered trades, plus the live options' market
   * value) and — for the entity's own accounts — the initial margin they require. With a
   * change, as they would stand after it: its exposure counted, and what it loses at once
   * against the mark (dealt worse than the market) taken off equity — a gain is not counted:
   * a booking's own price never pays for its margin.
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
    let amount = new Money(positionsPnl.amount).plus(optionsValue.amount);
    const missingRates = [...new Set([...positionsPnl.missingRates, ...optionsValue.missingRates])].sort();
    if (scope !== 'own') return { amount: amount.toFixed(scale), missingRates };
    const shorts = optionsValue.options.filter((o) => o.side === 'SELL');
    const marks = await markedFor(positionsPnl.marks, change);
    const positions = positionsPnl.positions;
    const dealt = positions.some((p) => !markOf(marks, p.instrument))
      ? await dealtPrices(entityId)
      : new Map<string, Money>();
    const rates = await ratesFor(entityId);
    const linesWith = (change?: MarginChange & { instrument?: TInstrument }) =>
      linesOf(
        { ledger, instruments },
        { positions, shortOptions: shorts, rates, marks, base, dealt, change },
      );
    if (!change) {
      const m = await linesWith();
      return {
        amount: amount.toFixed(scale),
        missingRates,
        initialMargin: m.initial,
        lines: m.lines,
        marginMissing: m.missing,
      };
    }
    let loss = new Money(0);
    let withInstrument: MarginChange & { instrument?: TInstrument } = change;
    if (change.kind !== 'FX_OPTION') {
      const instrument = await instruments.catalog.get(change.instrumentId);
      withInstrument = { ...change, instrument };
      const mark = markOf(marks, instrument);
      const size = instrument.kind === 'CFD' ? instrument.contractSize : 1;
      const pnlInQuote =
        mark && change.price ? mark.minus(change.price).times(change.signedAmount).times(size) : null;
      const rate = marks.fx(instrument.quote, base);
      if (pnlInQuote?.lt(0) && rate) loss = new Money(pnlInQuote.times(rate).toFixed(scale));
    }
    amount = amount.plus(loss);
    const [before, after] = [await linesWith(), await linesWith(withInstrument)];
    return {
      amount: amount.toFixed(scale),
      missingRates,
      initialMargin: after.initial,
      lines: after.lines,
      marginMissing: after.missing,
      initialBefore: before.initial,
      changeLoss: loss.toFixed(scale),
      unvalued: after.unvalued,
    };
  }

  /** The requirement (after the change, when one is given) and what the change's check needs. */
  async function judge(entityId: number, change?: MarginChange) {
    const self = (await entities.ancestry(entityId)).at(-1)!;
    let assessed: Assessed | null = null;
    const summary = await balances.summary(entityId, async (id, scope, base, sheet) => {
      assessed = await assess(id, scope, base, sheet, change);
      return assessed;
    });
    const a = assessed as unknown as Assessed;
    const margin = summary.margin!;
    const requirement: TMarginRequirement = {
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
    // Free margin before the change: equity without its loss, less the requirement without it.
    const freeBefore = new Money(summary.equity.equity)
      .minus(a.changeLoss ?? 0)
      .minus(a.initialBefore ?? margin.initialMargin);
    return { requirement, freeBefore, unvalued: a.unvalued ?? null };
  }

  async function requirementOf(entityId: number, change?: MarginChange): Promise<TMarginRequirement> {
    return (await judge(entityId, change)).requirement;
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
     * Refuses a booking that takes risk — a margin FX or CFD trade, a sold option — when it
     * would take its owner's free margin below zero, saying by how much. Every entity is held to
     * it, not only margin clients (attribute Margin): whoever holds a position or has written an
     * option owes the house on it, and a deliverable-only client writing an option must have the
     * margin too — its collateral is what it holds with the house. A bought option takes no
     * margin (its premium is paid or held) and is not checked. A booking that leaves free margin
     * no lower than it found it (closing or reducing a position, also in a margin call) is never
     * refused. Answers the margin version the check read — read before the state it judged — for
     * the booking to claim when it commits (margin-claim.ts), or null when nothing was checked.
     * @throws 422 naming the shortfall; 422 when the booking's exposure cannot be valued in the
     *   owner's base currency (no rate)
     */
    async check(_who: Who, entityId: number, change: MarginChange): Promise<MarginClaim | null> {
      if (change.kind === 'FX_OPTION' && change.side === 'BUY') return null;
      const claim = { entityId, version: await marginVersionOf(db, entityId) };
      const { requirement: after, freeBefore, unvalued } = await judge(entityId, change);
      const refuse = (message: string) => new AppError('BadRequest', 422, message, { margin: message });
      // Without a rate its risk is unknown: a dealing desk takes no risk it cannot size.
      if (unvalued)
        throw refuse(
          `Margin cannot be assessed: no rate values ${unvalued} in ${after.baseCurrency}, so this booking is refused`,
        );
      const free = new Money(after.freeMargin);
      if (free.gte(0) || free.gte(freeBefore)) return claim;
      const scale = await ledger.scaleOf(after.baseCurrency);
      throw refuse(
        `Insufficient margin: this booking would take free margin ${free.abs().toFixed(scale)} ${after.baseCurrency} below zero (initial margin ${after.initialMargin}, equity ${after.equity} ${after.baseCurrency})`,
      );
    },
  };
}
export type Margin = ReturnType<typeof createMargin>;
