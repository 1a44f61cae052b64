import type {
  TFeeSchedule,
  ZFeeScheduleCreate,
  ZFeeScheduleUpdate,
} from '@clearway/contracts/endpoints/transfers.schemas';
import {
  computeFee,
  describeFeeTerms,
  type FeeQuote,
  type FeeTerms,
  type FeeTierMode,
  pickSchedule,
} from '@clearway/contracts/transfer-fees';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { formatAmount, Money } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import type { EntitiesService } from '../entities/entities.service';
import type { LedgerService } from '../ledger/ledger.service';
import { transferFeeSchedules as schedules } from './transfers.tables';

type Who = { principal: Principal; entityId: number };
type Row = typeof schedules.$inferSelect;
type Terms = Omit<z.output<typeof ZFeeScheduleCreate>, 'entityId' | 'asset' | 'network' | 'effectiveFrom'>;

/** The terms as stored, read at the asset's scale (basis points as typed, without trailing zeros). */
function termsOf(r: Row, scale: number): FeeTerms {
  const fig = (v: string) => formatAmount(v, scale);
  return {
    fixed: fig(r.fixed),
    bps: new Money(r.bps).toString(),
    minimum: fig(r.minimum),
    maximum: r.maximum === null ? null : fig(r.maximum),
    tierMode: r.tierMode as FeeTierMode,
    tiers: r.tiers,
  };
}

const period = (from: Date, to: Date | null) =>
  `from ${from.toISOString()} ${to ? `to ${to.toISOString()}` : 'with no end'}`;

/**
 * Transfer fee schedules: what an entity (a Transfer Receiver) charges for payouts in its
 * subtree, per asset and network, as versions in force over periods that never overlap and
 * never change once begun (a change ends the version and starts the next), so any past
 * transfer's fee can be told again. Every change is an audit row.
 * @throws BadRequest (a figure beyond the asset's scale, a start in the past), Conflict
 * (an overlapping version, named), NotFound
 */
export function createFeeSchedulesService(deps: {
  db: Db;
  ledger: LedgerService;
  entities: EntitiesService;
}) {
  const { db, ledger, entities } = deps;

  /** The figures at the asset's scale (a fee cannot be finer than the asset). @throws BadRequest */
  async function scaled(asset: string, t: Terms) {
    const scale = await ledger.scaleOf(asset);
    const check = (field: string, v: string) => {
      const [, decimals = ''] = v.split('.');
      if (decimals.replace(/0+$/, '').length > scale)
        throw badRequest(`${field}: at most ${scale} decimal places for ${asset}`, {
          [field]: `at most ${scale} decimal places for ${asset}`,
        });
    };
    check('fixed', t.fixed);
    check('minimum', t.minimum);
    if (t.maximum !== null) check('maximum', t.maximum);
    t.tiers.forEach((tier, i) => {
      check(`tiers.${i}.fixed`, tier.fixed);
    });
    return scale;
  }

  /**
   * When a version given `date` begins: today (or no date) is now, a later date its 00:00
   * UTC; an earlier date is refused — a change never rewrites what was charged.
   */
  function startOf(date: string | undefined): Date {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    if (!date || date === today) return now;
    if (date < today)
      throw badRequest('effectiveFrom: must not be in the past (a change never rewrites history)', {
        effectiveFrom: 'must not be in the past',
      });
    return new Date(`${date}T00:00:00.000Z`);
  }

  /** A version given an end date stops at its 00:00 UTC, after it began. */
  function endOf(date: string | null, from: Date): Date | null {
    if (date === null) return null;
    const to = new Date(`${date}T00:00:00.000Z`);
    if (to <= from)
      throw badRequest('effectiveTo: must be after the start', { effectiveTo: 'must be after the start' });
    return to;
  }

  /**
   * Refuses a version that would overlap another of the same entity, asset and network,
   * naming it. Called under the lock of that key (`lockKey`), so two changes cannot both pass.
   */
  async function refuseOverlap(
    tx: DbOrTx,
    s: {
      entityId: number;
      asset: string;
      network: string | null;
      from: Date;
      to: Date | null;
      except?: number;
    },
  ) {
    const [clash] = await tx
      .select()
      .from(schedules)
      .where(
        and(
          eq(schedules.entityId, s.entityId),
          eq(schedules.asset, s.asset),
          s.network === null ? isNull(schedules.network) : eq(schedules.network, s.network),
          s.except === undefined ? undefined : ne(schedules.id, s.except),
          or(isNull(schedules.effectiveTo), sql`${schedules.effectiveTo} > ${s.from.toISOString()}`),
          s.to === null ? undefined : sql`${schedules.effectiveFrom} < ${s.to.toISOString()}`,
        ),
      )
      .limit(1);
    if (clash)
      throw conflict(
        `Overlaps transfer fee schedule #${clash.id} for ${clash.asset}${clash.network ? ` on ${clash.network}` : ''} ${period(clash.effectiveFrom, clash.effectiveTo)}`,
      );
  }

  const lockKey = (tx: DbOrTx, entityId: number, asset: string, network: string | null) =>
    tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`transfer-fees:${entityId}:${asset}:${network ?? '*'}`}))`,
    );

  const values = (t: Terms) => ({
    fixed: t.fixed,
    bps: t.bps,
    minimum: t.minimum,
    maximum: t.maximum,
    tierMode: t.tierMode,
    tiers: t.tiers,
  });

  /** The schedule as the API shows it, seen from `viewer` (inherited when another entity's). */
  async function toView(r: Row, viewer: number, names: Map<number, string>): Promise<TFeeSchedule> {
    const scale = await ledger.scaleOf(r.asset);
    const terms = termsOf(r, scale);
    const now = new Date();
    return {
      id: r.id,
      entityId: r.entityId,
      entityName: names.get(r.entityId) ?? String(r.entityId),
      asset: r.asset,
      network: r.network,
      ...terms,
      tiers: [...terms.tiers],
      effectiveFrom: r.effectiveFrom.toISOString(),
      effectiveTo: r.effectiveTo?.toISOString() ?? null,
      supersedesId: r.supersedesId,
      state: r.effectiveFrom > now ? 'SCHEDULED' : r.effectiveTo && r.effectiveTo <= now ? 'ENDED' : 'ACTIVE',
      inherited: r.entityId !== viewer,
      description: describeFeeTerms(terms),
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
    };
  }

  /** The entity and those above it, nearest first, with their names. */
  async function lineageOf(entityId: number) {
    const rows = await entities.ancestry(entityId);
    const ids = rows.map((r) => r.id).reverse();
    return { ids, names: new Map(rows.map((r) => [r.id, r.name])) };
  }

  async function ownRow(tx: DbOrTx, who: Who, id: number): Promise<Row> {
    const [row] = await tx.select().from(schedules).where(eq(schedules.id, id)).for('update');
    // The guard placed the schedule at or below the acting entity; changing one belongs to its owner.
    if (!row || row.entityId !== who.entityId) throw notFound('Transfer fee schedule not found');
    return row;
  }

  async function viewOf(who: Who, row: Row) {
    return toView(row, who.entityId, (await lineageOf(who.entityId)).names);
  }

  return {
    /** Every version of the entity's schedules and of those it inherits, by asset and start. */
    async list(entityId: number, asset?: string) {
      const { ids, names } = await lineageOf(entityId);
      const rows = await db
        .select()
        .from(schedules)
        .where(and(inArray(schedules.entityId, ids), asset ? eq(schedules.asset, asset) : undefined))
        .orderBy(
          asc(schedules.asset),
          asc(schedules.network),
          asc(schedules.effectiveFrom),
          asc(schedules.id),
        );
      return { items: await Promise.all(rows.map((r) => toView(r, entityId, names))) };
    },

    async create(who: Who, i: z.output<typeof ZFeeScheduleCreate>) {
      // A network is a crypto asset's; a schedule for every network suits any asset.
      if (i.network) await ledger.requireClass(i.asset, 'CRYPTO');
      await scaled(i.asset, i);
      const from = startOf(i.effectiveFrom);
      const to = endOf(i.effectiveTo, from);
      const row = await db.transaction(async (tx) => {
        await lockKey(tx, who.entityId, i.asset, i.network);
        await refuseOverlap(tx, { entityId: who.entityId, asset: i.asset, network: i.network, from, to });
        const [made] = await tx
          .insert(schedules)
          .values({
            entityId: who.entityId,
            asset: i.asset,
            network: i.network,
            ...values(i),
            effectiveFrom: from,
            effectiveTo: to,
            createdBy: who.principal.name,
          })
          .returning();
        await recordAudit(tx, who, {
          action: 'transfer-fee.create',
          outcome: 'success',
          target: String(made!.id),
          details: { asset: i.asset, network: i.network, ...values(i), from, to },
        });
        return made!;
      });
      return viewOf(who, row);
    },

    /**
     * New terms from `effectiveFrom`: a version in force ends there and the new one (which
     * names it) begins; a version not yet in force is amended in place.
     */
    async update(who: Who, i: z.output<typeof ZFeeScheduleUpdate>) {
      const row = await db.transaction(async (tx) => {
        const old = await ownRow(tx, who, i.id);
        await scaled(old.asset, i);
        if (old.effectiveTo && old.effectiveTo <= new Date())
          throw conflict(`Transfer fee schedule #${old.id} has ended; create a new one instead`);
        await lockKey(tx, old.entityId, old.asset, old.network);
        const from = startOf(i.effectiveFrom);
        const to = endOf(i.effectiveTo, from);
        const key = { entityId: old.entityId, asset: old.asset, network: old.network };
        let next: Row;
        if (old.effectiveFrom > new Date()) {
          await refuseOverlap(tx, { ...key, from, to, except: old.id });
          [next] = (await tx
            .update(schedules)
            .set({ ...values(i), effectiveFrom: from, effectiveTo: to })
            .where(eq(schedules.id, old.id))
            .returning()) as [Row];
        } else {
          // The version in force may only be cut short: ending it later would lengthen terms nobody set.
          if (old.effectiveTo && from >= old.effectiveTo)
            throw badRequest(
              `effectiveFrom: must be before the end of schedule #${old.id} (${old.effectiveTo.toISOString().slice(0, 10)}); create a new schedule for later dates`,
              { effectiveFrom: 'must be before the end of the schedule it changes' },
            );
          await tx.update(schedules).set({ effectiveTo: from }).where(eq(schedules.id, old.id));
          await refuseOverlap(tx, { ...key, from, to });
          [next] = (await tx
            .insert(schedules)
            .values({
              ...key,
              ...values(i),
              effectiveFrom: from,
              effectiveTo: to,
              supersedesId: old.id,
              createdBy: who.principal.name,
            })
            .returning()) as [Row];
        }
        await recordAudit(tx, who, {
          action: 'transfer-fee.update',
          outcome: 'success',
          target: String(old.id),
          details: { version: next.id, ...values(i), from, to },
        });
        return next;
      });
      return viewOf(who, row);
    },

    /** Ends a version in force now; one not yet in force is withdrawn. Answers the version as it ends. */
    async remove(who: Who, id: number) {
      const row = await db.transaction(async (tx) => {
        const old = await ownRow(tx, who, id);
        const now = new Date();
        if (old.effectiveTo && old.effectiveTo <= now)
          throw conflict(`Transfer fee schedule #${old.id} has already ended`);
        await recordAudit(tx, who, {
          action: 'transfer-fee.delete',
          outcome: 'success',
          target: String(old.id),
          details: { asset: old.asset, network: old.network },
        });
        if (old.effectiveFrom > now) {
          await tx.delete(schedules).where(eq(schedules.id, old.id));
          return { ...old, effectiveTo: old.effectiveFrom };
        }
        const [ended] = await tx
          .update(schedules)
          .set({ effectiveTo: now })
          .where(eq(schedules.id, old.id))
          .returning();
        return ended!;
      });
      return viewOf(who, row);
    },

    /**
     * The fee of a transfer from an account of `entityId` at `at`: the schedule that applies
     * (`pickSchedule`) and its quote at the asset's scale (`computeFee`), the one rule both
     * the estimate and the booking use.
     */
    async quote(
      tx: DbOrTx,
      q: { entityId: number; asset: string; network: string | null; amount: string; at: Date },
    ): Promise<{ quote: FeeQuote; schedule: TFeeSchedule | null }> {
      const { ids, names } = await lineageOf(q.entityId);
      const rows = await tx
        .select()
        .from(schedules)
        .where(and(inArray(schedules.entityId, ids), eq(schedules.asset, q.asset)));
      const scale = await ledger.scaleOf(q.asset);
      const picked = pickSchedule(
        rows.map((r) => ({ ...r, ...termsOf(r, scale) })),
        { lineage: ids, asset: q.asset, network: q.network, at: q.at },
      );
      return {
        quote: computeFee(picked, q.amount, scale),
        schedule: picked ? await toView(rows.find((r) => r.id === picked.id)!, q.entityId, names) : null,
      };
    },

    /** The fee of an approved transfer by the schedule its submission named. */
    async quoteBySchedule(tx: DbOrTx, scheduleId: number, asset: string, amount: string) {
      const [row] = await tx.select().from(schedules).where(eq(schedules.id, scheduleId));
      if (!row) throw conflict(`Transfer fee schedule #${scheduleId} no longer exists`);
      const scale = await ledger.scaleOf(asset);
      return { quote: computeFee(termsOf(row, scale), amount, scale), collectorEntityId: row.entityId };
    },
  };
}
export type FeeSchedulesService = ReturnType<typeof createFeeSchedulesService>;
