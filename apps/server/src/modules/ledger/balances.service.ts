import type { TBalance } from '@clearway/contracts/endpoints/money.schemas';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { formatAmount, Money } from '../../platform/money';
import type { EntitiesService } from '../entities/entities.service';
import { childOnPath, entityBelow, entityWithin } from '../entities/entity-sql';
import { createReferenceDataService, scaleOfAsset } from '../reference-data/reference-data.service';
import { accounts, balances } from './ledger.tables';

const DEFAULT_BASE = 'USD';
/** Rates are quoted against USD where no direct pair exists. */
const PIVOT = 'USD';
/** The rate sheet's mids, as the instruments module keeps them. */
type RateSheet = { sheet(): Promise<SheetRow[]> };
type AssetTotal = { asset: string; scale: number; posted: string; held: string; available: string };
/**
 * The unrealised P&L of an entity's positions and undelivered trades in its base currency
 * (own accounts, or those of every entity below): the trading module answers it.
 */
export type UnrealisedPnl = (
  entityId: number,
  scope: 'own' | 'below',
  base: string,
  sheet: SheetRow[],
) => Promise<{
  amount: string;
  missingRates: string[];
  /** The initial margin the entity's positions require (own accounts only), for the summary's margin figures. */
  initialMargin?: string;
}>;
type SheetRow = { base: string; quote: string; rate: string; bid: string; ask: string; asOf: Date };

/**
 * Free margin = equity − initial margin; margin level = equity ÷ initial margin (per cent,
 * none when nothing is required); a margin call when equity is below the requirement.
 */
export function marginOf(equity: Money, initial: Money, scale: number) {
  return {
    initialMargin: initial.toFixed(scale),
    freeMargin: equity.minus(initial).toFixed(scale),
    marginLevelPct: initial.isZero() ? null : equity.div(initial).times(100).toFixed(2),
    marginCall: !initial.isZero() && equity.lt(initial),
  };
}

/** Read side of the ledger: balances, totals per asset and base-currency values. */
export function createBalancesService(db: Db, entitiesService: EntitiesService, rateSheet: RateSheet) {
  const referenceData = createReferenceDataService(db);
  /** The balances of the client accounts that `which` selects, by account name and asset. */
  async function rowsWhere(
    which: SQL,
    child?: SQL<number>,
    handle: DbOrTx = db,
  ): Promise<(TBalance & { child?: number })[]> {
    const rows = await handle
      .select({
        b: balances,
        a: accounts,
        scale: scaleOfAsset(balances.asset),
        child: child ?? sql<null>`null`,
      })
      .from(balances)
      .innerJoin(accounts, eq(accounts.id, balances.accountId))
      .where(and(which, eq(accounts.kind, 'CLIENT')))
      .orderBy(asc(accounts.name), asc(balances.asset));
    return rows.map(({ b, a, scale, child: c }) => ({
      ...(c === null ? {} : { child: Number(c) }),
      accountId: a.id,
      accountName: a.name,
      accountType: a.accountType,
      entityId: a.entityId,
      asset: b.asset,
      scale,
      posted: formatAmount(b.posted, scale),
      held: formatAmount(b.held, scale),
      available: formatAmount(new Money(b.posted).minus(b.held), scale),
    }));
  }

  /** Client balances of the entity alone, of it and everything below, or of everything below it. */
  const rowsFor = (entityId: number, which: 'own' | 'tree' | 'below') =>
    rowsWhere(
      which === 'own'
        ? eq(accounts.entityId, entityId)
        : which === 'tree'
          ? entityWithin(accounts.entityId, entityId)
          : entityBelow(accounts.entityId, entityId),
    );

  function totals(rows: TBalance[]): AssetTotal[] {
    const by = new Map<string, { scale: number; posted: Money; held: Money }>();
    for (const r of rows) {
      const t = by.get(r.asset) ?? { scale: r.scale, posted: new Money(0), held: new Money(0) };
      t.posted = t.posted.plus(r.posted);
      t.held = t.held.plus(r.held);
      by.set(r.asset, t);
    }
    return [...by.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([asset, t]) => ({
        asset,
        scale: t.scale,
        posted: formatAmount(t.posted, t.scale),
        held: formatAmount(t.held, t.scale),
        available: formatAmount(t.posted.minus(t.held), t.scale),
      }));
  }

  /**
   * Available totals converted at the rate sheet's mid rates (direct or inverse pair); the
   * sheet and the base's scale read here unless the caller has them.
   */
  async function inBase(
    assetTotals: AssetTotal[],
    base: string,
    read?: { rates: SheetRow[]; baseScale: number },
  ) {
    const baseScale = read?.baseScale ?? (await referenceData.asset(base))?.scale ?? 2;
    const rates = read?.rates ?? (await rateSheet.sheet());
    type Quote = { rate: Money; asOf: Date | null };
    const pair = (from: string, to: string): Quote | null => {
      if (from === to) return { rate: new Money(1), asOf: null };
      const direct = rates.find((r) => r.base === from && r.quote === to);
      if (direct) return { rate: new Money(direct.rate), asOf: direct.asOf };
      const inverse = rates.find((r) => r.base === to && r.quote === from);
      return inverse ? { rate: new Money(1).div(inverse.rate), asOf: inverse.asOf } : null;
    };
    // Direct or inverse pair, else a cross through the pivot currency.
    const rateOf = (asset: string): Quote | null => {
      const straight = pair(asset, base);
      if (straight) return straight;
      const leg1 = pair(asset, PIVOT);
      const leg2 = pair(PIVOT, base);
      if (!leg1 || !leg2) return null;
      const older =
        [leg1.asOf, leg2.asOf]
          .filter((d): d is Date => d !== null)
          .sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
      return { rate: leg1.rate.times(leg2.rate), asOf: older };
    };
    let total = new Money(0);
    let asOf: Date | null = null;
    const lines = [];
    const missingRates: string[] = [];
    for (const t of assetTotals) {
      const r = rateOf(t.asset);
      if (!r) {
        if (!new Money(t.available).isZero()) missingRates.push(t.asset);
        continue;
      }
      const value = new Money(t.available).times(r.rate);
      total = total.plus(value);
      if (r.asOf && (!asOf || r.asOf < asOf)) asOf = r.asOf;
      lines.push({
        asset: t.asset,
        available: t.available,
        rate: r.rate.toSignificantDigits(18).toString(),
        value: formatAmount(value, baseScale),
      });
    }
    return {
      baseCurrency: base,
      total: formatAmount(total, baseScale),
      asOf: asOf?.toISOString() ?? null,
      lines,
      missingRates,
    };
  }

  /** The base currency balances are valued in: the entity's own. */
  async function baseOf(entityId: number) {
    return (await entitiesService.ancestry(entityId)).at(-1)?.currencyCode ?? DEFAULT_BASE;
  }

  async function summaryOf(
    entityId: number,
    rows: TBalance[],
    scope: 'own' | 'below',
    unrealised?: UnrealisedPnl,
  ) {
    const assetTotals = totals(rows);
    const base = await baseOf(entityId);
    const read = { rates: await rateSheet.sheet(), baseScale: (await referenceData.asset(base))?.scale ?? 2 };
    // Equity values what is posted (held funds are still the client's), plus the unrealised P&L.
    const posted = await inBase(
      assetTotals.map((t) => ({ ...t, available: t.posted })),
      base,
      read,
    );
    const pnl = unrealised
      ? await unrealised(entityId, scope, base, read.rates)
      : { amount: '0', missingRates: [] };
    const scale = read.baseScale;
    return {
      entityId,
      accounts: new Set(rows.map((r) => r.accountId)).size,
      assets: assetTotals,
      baseCurrency: await inBase(assetTotals, base, read),
      equity: {
        baseCurrency: base,
        balance: posted.total,
        unrealisedPnl: formatAmount(pnl.amount, scale),
        equity: formatAmount(new Money(posted.total).plus(pnl.amount), scale),
        missingRates: [...new Set([...posted.missingRates, ...pnl.missingRates])].sort(),
      },
      ...('initialMargin' in pnl && pnl.initialMargin !== undefined
        ? { margin: marginOf(new Money(posted.total).plus(pnl.amount), new Money(pnl.initialMargin), scale) }
        : {}),
    };
  }

  return {
    /** One account's balances (its scope is the caller's to check), in the caller's transaction when given. */
    ofAccount: (accountId: number, tx?: DbOrTx) => rowsWhere(eq(accounts.id, accountId), undefined, tx),
    async balances(entityId: number, allAccessible: boolean) {
      return rowsFor(entityId, allAccessible ? 'tree' : 'own');
    },
    async baseCurrency(entityId: number, allAccessible: boolean) {
      const rows = await rowsFor(entityId, allAccessible ? 'tree' : 'own');
      return inBase(totals(rows), await baseOf(entityId));
    },
    /** What a broker owes its clients: the client accounts of every entity below it. */
    async towardClients(entityId: number) {
      return totals(await rowsFor(entityId, 'below'));
    },
    async summary(entityId: number, unrealised?: UnrealisedPnl) {
      return summaryOf(entityId, await rowsFor(entityId, 'own'), 'own', unrealised);
    },
    async summaryTowardClients(entityId: number, unrealised?: UnrealisedPnl) {
      return summaryOf(entityId, await rowsFor(entityId, 'below'), 'below', unrealised);
    },
    /** For each direct child: the totals of its whole subtree (one read of the balances). */
    async childrenSummary(entityId: number) {
      const [children, rows] = await Promise.all([
        entitiesService.childrenOf(entityId),
        rowsWhere(entityBelow(accounts.entityId, entityId), childOnPath(accounts.entityId, entityId)),
      ]);
      const rowsByChild = new Map<number, TBalance[]>();
      for (const { child, ...r } of rows) {
        const list = rowsByChild.get(child!);
        if (list) list.push(r);
        else rowsByChild.set(child!, [r]);
      }
      return children.map((c) => ({
        entityId: c.id,
        entityName: c.name,
        assets: totals(rowsByChild.get(c.id) ?? []),
      }));
    },
  };
}
export type BalancesService = ReturnType<typeof createBalancesService>;
