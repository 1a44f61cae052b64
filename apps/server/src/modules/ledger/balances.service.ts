import type { TBalance } from '@clearway/contracts/endpoints/money.schemas';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { type Db, inIds } from '../../platform/db';
import { formatAmount, Money } from '../../platform/money';
import type { EntitiesService } from '../entities/entities.service';
import { currencies } from '../reference-data/reference-data.tables';
import { accounts, balances } from './ledger.tables';

const DEFAULT_BASE = 'USD';
/** Rates are quoted against USD where no direct pair exists. */
const PIVOT = 'USD';
/** The rate sheet's mids, as the instruments module keeps them. */
type RateSheet = { sheet(): Promise<{ base: string; quote: string; rate: string; asOf: Date }[]> };
type AssetTotal = { asset: string; scale: number; posted: string; held: string; available: string };

/** Read side of the ledger: balances, totals per asset and base-currency values. */
export function createBalancesService(db: Db, entitiesService: EntitiesService, rateSheet: RateSheet) {
  /** The balances of the client accounts that `which` selects, by account name and asset. */
  async function rowsWhere(which: SQL): Promise<TBalance[]> {
    const rows = await db
      .select({ b: balances, a: accounts, scale: currencies.scale })
      .from(balances)
      .innerJoin(accounts, eq(accounts.id, balances.accountId))
      .innerJoin(currencies, eq(currencies.code, balances.asset))
      .where(and(which, eq(accounts.kind, 'CLIENT')))
      .orderBy(asc(accounts.name), asc(balances.asset));
    return rows.map(({ b, a, scale }) => ({
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

  const rowsFor = async (entityIds: number[]) =>
    entityIds.length === 0 ? [] : rowsWhere(inIds(accounts.entityId, entityIds));

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

  /** Available totals converted at the rate sheet's mid rates (direct or inverse pair). */
  async function inBase(assetTotals: AssetTotal[], base: string) {
    const [baseRow] = await db
      .select({ scale: currencies.scale })
      .from(currencies)
      .where(eq(currencies.code, base));
    const baseScale = baseRow?.scale ?? 2;
    const rates = await rateSheet.sheet();
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

  /** The entities whose balances count, and the base currency (the entity's own). */
  async function scope(entityId: number, allAccessible: boolean) {
    // Its own balances need the entity alone, not the whole tree below it.
    const tree = allAccessible
      ? await entitiesService.subtree(entityId)
      : (await entitiesService.ancestry(entityId)).slice(-1);
    return {
      tree,
      ids: tree.map((e) => e.id),
      base: tree[0]?.currencyCode ?? DEFAULT_BASE,
    };
  }

  async function summaryOf(entityId: number, ids: number[], base: string) {
    const rows = await rowsFor(ids);
    const assetTotals = totals(rows);
    return {
      entityId,
      accounts: new Set(rows.map((r) => r.accountId)).size,
      assets: assetTotals,
      baseCurrency: await inBase(assetTotals, base),
    };
  }

  return {
    /** One account's balances (its scope is the caller's to check). */
    ofAccount: (accountId: number) => rowsWhere(eq(accounts.id, accountId)),
    async balances(entityId: number, allAccessible: boolean) {
      return rowsFor((await scope(entityId, allAccessible)).ids);
    },
    async baseCurrency(entityId: number, allAccessible: boolean) {
      const s = await scope(entityId, allAccessible);
      return inBase(totals(await rowsFor(s.ids)), s.base);
    },
    /** What a broker owes its clients: the client accounts of every entity below it. */
    async towardClients(entityId: number) {
      const s = await scope(entityId, true);
      return totals(await rowsFor(s.ids.filter((id) => id !== entityId)));
    },
    async summary(entityId: number) {
      const s = await scope(entityId, false);
      return summaryOf(entityId, s.ids, s.base);
    },
    async summaryTowardClients(entityId: number) {
      const s = await scope(entityId, true);
      return summaryOf(
        entityId,
        s.ids.filter((id) => id !== entityId),
        s.base,
      );
    },
    /** For each direct child: the totals of its whole subtree (one read of the balances). */
    async childrenSummary(entityId: number) {
      const { tree } = await scope(entityId, true);
      // The tree comes parent first, so each entity finds the child of `entityId` it is under.
      const children = tree.filter((e) => e.parentId === entityId);
      const childOf = new Map(children.map((c) => [c.id, c.id]));
      for (const e of tree) {
        const child = e.parentId === null ? undefined : childOf.get(e.parentId);
        if (child !== undefined) childOf.set(e.id, child);
      }
      const rowsByChild = new Map<number, TBalance[]>();
      for (const r of await rowsFor([...childOf.keys()])) {
        const child = childOf.get(r.entityId)!;
        const rows = rowsByChild.get(child);
        if (rows) rows.push(r);
        else rowsByChild.set(child, [r]);
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
