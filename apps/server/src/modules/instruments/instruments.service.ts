import type {
  TCreateInstrument,
  TInstrument,
  TUpdateInstrument,
  ZEntityInstruments,
  ZInstrumentCurrency,
  ZInstrumentList,
} from '@clearway/contracts/endpoints/instruments.schemas';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import { type Db, inIds } from '../../platform/db';
import { AppError, badRequest, conflict, notFound, nullWhenNotFound } from '../../platform/errors';
import { Money } from '../../platform/money';
import { pgConstraint, pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import type { EntitiesService } from '../entities/entities.service';
import type { ReferenceDataService } from '../reference-data/reference-data.service';
import type { UsersService } from '../users/users.service';
import { CALENDAR_SOURCES, hasCalendar } from './holiday-sources';
import {
  allInstruments,
  allowListsOf,
  findFxPair,
  findInstrument,
  type InstrumentRow,
  insertInstrument,
  instrumentsPerCurrency,
  listInstruments,
  type NewInstrumentRow,
  replaceAllowList,
  toInstrument,
  updateInstrument,
} from './instruments.repo';
import { instruments } from './instruments.tables';
import { defaultSpotLag } from './value-dates';

type Who = { principal: Principal; entityId: number };
type Deps = { db: Db; users: UsersService; referenceData: ReferenceDataService; entities: EntitiesService };

/** A refusal of a trade on business grounds (the caller may book, but not this). */
const notTradable = (message: string) => new AppError('BadRequest', 422, message, { instrumentId: message });

/** Which fields an update may carry for each kind. */
const EDITABLE: Record<TInstrument['kind'], (keyof TUpdateInstrument)[]> = {
  FX: ['name', 'pricePrecision', 'pipSize', 'spotLag', 'priceTolerancePct', 'maxTenorDays'],
  CFD: [
    'name',
    'pricePrecision',
    'underlying',
    'contractSize',
    'financingRateLong',
    'financingRateShort',
    'settlementLag',
    'priceTolerancePct',
  ],
  FX_OPTION: ['name', 'pricePrecision', 'styles', 'priceTolerancePct', 'maxTenorDays'],
};
const KIND_LABEL = { FX: 'an FX pair', CFD: 'a CFD', FX_OPTION: 'an FX option' } as const;

/** The pip of a pair: 0.01 against the yen, 0.0001 otherwise. */
const defaultPip = (quote: string) => (quote === 'JPY' ? '0.01' : '0.0001');

/**
 * The instrument catalogue: FX pairs, CFDs and FX options, created and changed by staff with
 * instrument_management (audited), and what each entity may trade.
 */
export function createInstrumentsService({ db, users, referenceData, entities }: Deps) {
  async function assertCurrencies(fields: Partial<Record<string, string>>, needCalendar: boolean) {
    const known = new Set((await referenceData.listCurrencies()).map((c) => c.code));
    for (const [field, code] of Object.entries(fields)) {
      if (code === undefined) continue;
      if (!known.has(code))
        throw badRequest(`${field}: ${code} is not a known currency`, { [field]: 'unknown currency' });
      if (needCalendar && !hasCalendar(code))
        throw badRequest(`${field}: ${code} has no holiday calendar, so nothing can settle in it`, {
          [field]: 'has no holiday calendar',
        });
    }
  }

  /** Inserts, turning a taken symbol or pair into a 409. */
  async function insert(who: Who, values: NewInstrumentRow): Promise<TInstrument> {
    const by = await users.displayName(who.principal);
    try {
      return await db.transaction(async (tx) => {
        const row = await insertInstrument(tx, { ...values, updatedBy: by });
        await recordAudit(tx, who, {
          action: 'instruments.create',
          outcome: 'success',
          target: row.symbol,
          details: { id: row.id, kind: row.kind },
        });
        return toInstrument(row);
      });
    } catch (err) {
      if (pgErrorCode(err) === '23505')
        throw conflict(
          pgConstraint(err) === 'instruments_option_pair_uq'
            ? 'The pair already has an option instrument'
            : `${values.symbol} already exists`,
        );
      throw err;
    }
  }

  async function get(id: number): Promise<TInstrument> {
    const row = await findInstrument(db, id);
    if (!row) throw notFound('Instrument not found');
    return toInstrument(row);
  }

  /** The instruments `entityId` may trade, and why (see ZEntityInstruments). */
  async function forEntity(entityId: number): Promise<z.infer<typeof ZEntityInstruments>> {
    const profile = await entities.tradingProfile(entityId);
    const lists = await allowListsOf(db, [...profile.ancestorIds, entityId]);
    const own = lists.get(entityId) ?? null;
    const base = {
      entityId,
      tradingEnabled: profile.tradingEnabled,
      restricted: lists.size > 0,
      allowList: own ? [...own].sort((a, b) => a - b) : null,
    };
    if (!profile.tradingEnabled) return { ...base, items: [] };
    const rows = await allInstruments(db, eq(instruments.enabled, true));
    const allowed = (id: number) => [...lists.values()].every((ids) => ids.includes(id));
    const enabledIds = new Set(rows.map((r) => r.id));
    // An option trades only while its pair does.
    const items = rows.filter((r) => allowed(r.id) && (r.kind !== 'FX_OPTION' || enabledIds.has(r.pairId!)));
    return { ...base, items: items.map(toInstrument) };
  }

  return {
    get,

    /** These instruments (one read, whatever their number), by id. */
    async getMany(ids: number[]): Promise<Map<number, TInstrument>> {
      if (!ids.length) return new Map();
      const rows = await allInstruments(db, inIds(instruments.id, ids));
      return new Map(rows.map((r) => [r.id, toInstrument(r)]));
    },

    list: (f: z.output<typeof ZInstrumentList>) => listInstruments(db, f),

    /** The FX pair of these currencies, in the order given, or null. */
    /** The FX option instrument of a pair (its tolerance and tenor), or null. */
    async optionOf(pairId: number): Promise<TInstrument | null> {
      const [row] = await db
        .select()
        .from(instruments)
        .where(and(eq(instruments.kind, 'FX_OPTION'), eq(instruments.pairId, pairId)));
      return row ? toInstrument(row) : null;
    },

    async findPair(base: string, quote: string) {
      const row = await findFxPair(db, base, quote);
      return row ? (toInstrument(row) as Extract<TInstrument, { kind: 'FX' }>) : null;
    },

    /**
     * Creates an instrument (audited).
     * @throws BadRequest for an unknown currency, one without a calendar, or an option on no FX pair;
     *   Conflict for a symbol, pair (either way round) or pair option that exists
     */
    async create(who: Who, i: TCreateInstrument): Promise<TInstrument> {
      switch (i.kind) {
        case 'FX': {
          if (i.base === i.quote)
            throw badRequest('quote: must differ from the base', { quote: 'must differ from the base' });
          await assertCurrencies({ base: i.base, quote: i.quote }, true);
          if (await findFxPair(db, i.quote, i.base))
            throw conflict(`${i.quote}/${i.base} exists: a pair is quoted one way round only`);
          const pipSize = i.pipSize ?? defaultPip(i.quote);
          const symbol = `${i.base}/${i.quote}`;
          return insert(who, {
            kind: 'FX',
            symbol,
            name: i.name ?? symbol,
            baseCurrency: i.base,
            quoteCurrency: i.quote,
            pipSize,
            pricePrecision: i.pricePrecision ?? new Money(pipSize).decimalPlaces() + 1,
            spotLag: i.spotLag ?? defaultSpotLag(i),
          });
        }
        case 'CFD':
          await assertCurrencies({ quote: i.quote }, true);
          return insert(who, {
            kind: 'CFD',
            symbol: i.symbol,
            name: i.name,
            underlying: i.underlying,
            quoteCurrency: i.quote,
            contractSize: i.contractSize,
            pricePrecision: i.pricePrecision,
            financingRateLong: i.financingRateLong,
            financingRateShort: i.financingRateShort,
            settlementLag: i.settlementLag,
          });
        case 'FX_OPTION': {
          const pair = await findInstrument(db, i.pairId);
          if (pair?.kind !== 'FX')
            throw badRequest('pairId: is not an FX pair', { pairId: 'is not an FX pair' });
          return insert(who, {
            kind: 'FX_OPTION',
            symbol: `${pair.symbol} OPT`,
            name: i.name ?? `${pair.symbol} option`,
            baseCurrency: pair.baseCurrency,
            quoteCurrency: pair.quoteCurrency,
            pricePrecision: pair.pricePrecision,
            pairId: pair.id,
            styles: i.styles,
          });
        }
      }
    },

    /**
     * Changes what may change of an instrument (audited with each field's old and new value).
     * @throws NotFound; BadRequest for a field its kind does not have
     */
    async update(who: Who, i: TUpdateInstrument): Promise<TInstrument> {
      const by = await users.displayName(who.principal);
      return db.transaction(async (tx) => {
        const row = await findInstrument(tx, i.instrumentId, true);
        if (!row) throw notFound('Instrument not found');
        const { entityId: _e, instrumentId: _i, ...fields } = i;
        const changes: Partial<InstrumentRow> = {};
        const diff: Record<string, { from: unknown; to: unknown }> = {};
        for (const [key, value] of Object.entries(fields) as [keyof typeof fields, unknown][]) {
          if (value === undefined) continue;
          if (!EDITABLE[row.kind].includes(key))
            throw badRequest(`${key}: does not apply to ${KIND_LABEL[row.kind]}`, {
              [key]: `does not apply to ${KIND_LABEL[row.kind]}`,
            });
          (changes as Record<string, unknown>)[key] = value;
          diff[key] = { from: (row as Record<string, unknown>)[key], to: value };
        }
        const saved = await updateInstrument(tx, row.id, { ...changes, updatedBy: by });
        await recordAudit(tx, who, {
          action: 'instruments.update',
          outcome: 'success',
          target: row.symbol,
          details: { id: row.id, changes: diff },
        });
        return toInstrument(saved);
      });
    },

    /** Enables or disables an instrument (audited); a disabled one cannot be traded. */
    async setStatus(who: Who, instrumentId: number, enabled: boolean): Promise<TInstrument> {
      const by = await users.displayName(who.principal);
      return db.transaction(async (tx) => {
        const row = await findInstrument(tx, instrumentId, true);
        if (!row) throw notFound('Instrument not found');
        const saved = await updateInstrument(tx, row.id, { enabled, updatedBy: by });
        await recordAudit(tx, who, {
          action: enabled ? 'instruments.enable' : 'instruments.disable',
          outcome: 'success',
          target: row.symbol,
          details: { id: row.id, from: row.enabled, to: enabled },
        });
        return toInstrument(saved);
      });
    },

    /** Currencies with a settlement calendar, and any other an instrument uses. */
    async currencies(): Promise<z.infer<typeof ZInstrumentCurrency>[]> {
      const [all, used] = await Promise.all([referenceData.listCurrencies(), instrumentsPerCurrency(db)]);
      return all
        .filter((c) => hasCalendar(c.code) || used.has(c.code))
        .map((c) => ({
          code: c.code,
          name: c.name,
          scale: c.scale,
          assetClass: c.assetClass,
          calendar: CALENDAR_SOURCES[c.code]?.name ?? null,
          instruments: used.get(c.code) ?? 0,
        }));
    },

    forEntity,

    /**
     * Sets (or, with null, lifts) the allow-list of `entityId`, an entity below the acting
     * one (audited): a list is set from above, never by the entity it restricts.
     * @throws NotFound when the entity is not below the acting entity; BadRequest naming an
     *   id that is not an instrument
     */
    async setForEntity(who: Who, entityId: number, ids: number[] | null) {
      const target = await entities.tradingProfile(entityId).catch(nullWhenNotFound);
      if (!target?.ancestorIds.includes(who.entityId))
        throw notFound('Entity not found below the selected entity');
      const unique = ids === null ? null : [...new Set(ids)];
      if (unique?.length) {
        const known = new Set((await allInstruments(db)).map((r) => r.id));
        const unknown = unique.find((id) => !known.has(id));
        if (unknown !== undefined)
          throw badRequest(`instrumentIds: ${unknown} is not an instrument`, {
            instrumentIds: `${unknown} is not an instrument`,
          });
      }
      const by = await users.displayName(who.principal);
      await db.transaction(async (tx) => {
        await replaceAllowList(tx, entityId, unique, by);
        await recordAudit(tx, who, {
          action: 'entity.instruments',
          outcome: 'success',
          target: String(entityId),
          details: { instrumentIds: unique },
        });
      });
      return forEntity(entityId);
    },

    /**
     * The instrument, when `entityId` may trade it now — what every booking asks first.
     * @throws NotFound for an unknown instrument; 422 when the entity has trading disabled,
     *   the instrument (or an option's pair) is disabled, or an allow-list leaves it out
     */
    async assertTradable(entityId: number, instrumentId: number): Promise<TInstrument> {
      const profile = await entities.tradingProfile(entityId);
      if (!profile.tradingEnabled) throw notTradable(`Trading is not enabled for ${profile.name}`);
      const row = await findInstrument(db, instrumentId);
      if (!row) throw notFound('Instrument not found');
      if (!row.enabled) throw notTradable(`${row.symbol} is disabled`);
      if (row.kind === 'FX_OPTION') {
        const pair = await findInstrument(db, row.pairId!);
        if (!pair?.enabled)
          throw notTradable(`${row.symbol} cannot trade while ${pair?.symbol ?? 'its pair'} is disabled`);
      }
      const lists = await allowListsOf(db, [...profile.ancestorIds, entityId]);
      if (![...lists.values()].every((ids) => ids.includes(row.id)))
        throw notTradable(`${row.symbol} is not among the instruments ${profile.name} may trade`);
      return toInstrument(row);
    },
  };
}
export type InstrumentsService = ReturnType<typeof createInstrumentsService>;
