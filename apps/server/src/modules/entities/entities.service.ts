import { isVisible } from '@clearway/contracts/authorization';
import {
  ADDRESS_TYPES,
  NAME_SOURCES,
  type TEntity,
  type TEntityNode,
  type ZCreateEntity,
  type ZUpdateEntity,
} from '@clearway/contracts/endpoints/entity.schemas';
import { ENTITY_ATTRIBUTES } from '@clearway/contracts/enums';
import type { EntityPermissions } from '@clearway/contracts/permissions';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import type { Resolver } from '../authorization/resolver.service';
import type { ReferenceDataService } from '../reference-data/reference-data.service';
import type { UsersService } from '../users/users.service';
import {
  childrenPage,
  detailsOf,
  type EntityListRow,
  entitiesUnder,
  findEntity,
  insertEntity,
  pathsOf,
  relatedOf,
  replaceDetails,
  rowsByIds,
  updateEntityRow,
} from './entities.repo';
import { conversionProfiles, entities, rollProfiles } from './entities.tables';
import { ancestorsOfPath, idsOfPath } from './entity-path';
import { entityAtOrBelow } from './entity-sql';

const NO_PARENT = -1;
type Who = { principal: Principal; entityId?: number | null };

/** PostgreSQL's answer to a reference that does not exist or a move below itself, as a 400. */
function asBadInput(err: unknown): never {
  const cause =
    (err as { cause?: { code?: string; constraint?: string; message?: string } }).cause ??
    (err as { code?: string });
  const code = (cause as { code?: string }).code;
  if (code === '23503')
    throw badRequest('A referenced record does not exist', {
      [(cause as { constraint?: string }).constraint ?? 'reference']: 'does not exist',
    });
  if (code === '23514')
    throw badRequest('An entity cannot move below itself', {
      parentId: 'cannot be the entity or one of its descendants',
    });
  throw err;
}

/**
 * The entity hierarchy: the visible forest with effective permissions, entity details and
 * changes (audited), related entities and the reference lists behind the entity forms.
 */
export function createEntitiesService(deps: {
  db: Db;
  resolver: Resolver;
  users: UsersService;
  referenceData: ReferenceDataService;
}) {
  const { db, resolver, users, referenceData } = deps;

  /** The subtrees a principal can see: under each grant, plus the home entity. */
  async function visibleRows(
    principal: Principal,
  ): Promise<{ rows: EntityListRow[]; grants: Awaited<ReturnType<Resolver['grantsOf']>> }> {
    const grants = await resolver.grantsOf(principal);
    const roots = [...new Set([...grants.map((g) => g.entityId), principal.homeEntityId])];
    const paths = (await pathsOf(db, roots)).sort();
    // A root inside another root's subtree adds nothing.
    const minimal = paths.filter((p, i) => !paths.slice(0, i).some((q) => p.startsWith(q)));
    const rows = await entitiesUnder(db, minimal);
    const home = rows.find((r) => r.id === principal.homeEntityId);
    const visible = rows.filter((r) => r === home || isVisible(grants, r.id, ancestorsOfPath(r.path), NaN));
    return { rows: visible, grants };
  }

  async function forest(principal: Principal): Promise<TEntityNode[]> {
    const { rows, grants } = await visibleRows(principal);
    const byId = new Map<number, TEntityNode>();
    for (const r of rows) {
      const held = resolver.permissionsFor(grants, r);
      byId.set(r.id, {
        entityId: r.id,
        entityName: r.name,
        parentId: r.parentId ?? NO_PARENT,
        parentName: null,
        attributes: r.attributes,
        permissions: [...held.permissions],
        childPermissions: [...held.childPermissions],
        active: r.active,
        tradingEnabled: r.tradingEnabled,
        children: [],
      });
    }
    const roots: TEntityNode[] = [];
    for (const node of byId.values()) {
      const parentNode = byId.get(node.parentId);
      if (parentNode) {
        node.parentName = parentNode.entityName;
        parentNode.children.push(node);
      } else roots.push(node);
    }
    return roots;
  }

  /** `known`: the caller's permissions there, when the access guard has read them already. */
  async function view(principal: Principal, id: number, known?: EntityPermissions | null): Promise<TEntity> {
    const found = await findEntity(db, id);
    const held = known ?? (await resolver.resolve(principal, id));
    if (!found || !held) throw notFound('Entity not found');
    const { entity: e, parentName } = found;
    const details = await detailsOf(db, id);
    return {
      entityId: e.id,
      entityName: e.name,
      parentId: e.parentId ?? NO_PARENT,
      parentName,
      permissions: [...held.permissions],
      childPermissions: [...held.childPermissions],
      attributes: e.attributes,
      addresses: details.addresses.map(({ addressType, line1, line2, city, postalCode, countryCode }) => ({
        addressType: addressType as (typeof ADDRESS_TYPES)[number],
        line1,
        line2,
        city,
        postalCode,
        countryCode,
      })),
      nameMappings: details.nameMappings.map(({ source, name }) => ({
        source: source as (typeof NAME_SOURCES)[number],
        name,
      })),
      conversionProfileId: e.conversionProfileId,
      rollProfileId: e.rollProfileId,
      currencyCode: e.currencyCode,
      tradingEnabled: e.tradingEnabled,
      active: e.active,
      agentId: e.agentId,
    };
  }

  function columns(input: z.output<typeof ZCreateEntity> | z.output<typeof ZUpdateEntity>) {
    return {
      name: input.entityName,
      attributes: [...new Set(input.attributes)],
      currencyCode: input.currencyCode,
      tradingEnabled: input.tradingEnabled,
      active: input.active,
      agentId: input.agentId,
      conversionProfileId: input.conversionProfileId,
      rollProfileId: input.rollProfileId,
    };
  }

  /** @throws BadRequest (unknown reference) */
  async function create(who: Who, input: z.output<typeof ZCreateEntity>): Promise<TEntity> {
    const id = await db
      .transaction(async (tx) => {
        const row = await insertEntity(tx, { ...columns(input), parentId: input.parentId });
        await replaceDetails(tx, row.id, input.addresses, input.nameMappings);
        await recordAudit(tx, who, {
          action: 'entity.create',
          outcome: 'success',
          target: String(row.id),
          details: { input },
        });
        return row.id;
      })
      .catch(asBadInput);
    return view(who.principal, id);
  }

  /**
   * The guard has placed a new parent (its contract row declares `parentId` an entity) and
   * checked the row's keys there too, so a move needs account_management at both ends.
   * @throws BadRequest (a move below itself), NotFound
   */
  async function update(who: Who, input: z.output<typeof ZUpdateEntity>): Promise<TEntity> {
    const before = await view(who.principal, input.entityId);
    const moving = input.parentId !== undefined && input.parentId !== before.parentId;
    await db
      .transaction(async (tx) => {
        await updateEntityRow(tx, input.entityId, {
          ...columns(input),
          ...(moving ? { parentId: input.parentId } : {}),
        });
        await replaceDetails(tx, input.entityId, input.addresses, input.nameMappings);
        await recordAudit(tx, who, {
          action: 'entity.update',
          outcome: 'success',
          target: String(input.entityId),
          details: { before, input },
        });
      })
      .catch(asBadInput);
    return view(who.principal, input.entityId);
  }

  /**
   * Entities another user can use, limited to what the caller may see. A user is known to the caller only when at home in the caller's tree: one outside it
   * gets the very answer a username nobody has gets, so the call tells no one who exists
   * elsewhere on the platform. Both paths read the same before answering.
   */
  async function listForUser(caller: Principal, username: string) {
    const mine = new Set((await visibleRows(caller)).rows.map((r) => r.id));
    const user = await users.findByUsername(username);
    if (!user || !mine.has(user.homeEntityId)) throw notFound('User not found');
    const theirs = await visibleRows({
      kind: 'user',
      id: user.id,
      name: user.username,
      homeEntityId: user.homeEntityId,
      via: 'session',
      twoFactorPending: false,
    });
    return theirs.rows.filter((r) => mine.has(r.id)).map(summary);
  }

  async function children(_principal: Principal, id: number, filter: Parameters<typeof childrenPage>[2]) {
    const found = await findEntity(db, id);
    if (!found) throw notFound('Entity not found');
    const page = await childrenPage(db, found.entity.path, filter);
    return { items: page.items.map(summary), total: page.total };
  }

  /** Links in one direction, keeping only entities the caller may see. */
  async function related(principal: Principal, id: number, direction: 'down' | 'up') {
    const grants = await resolver.grantsOf(principal);
    const rows = await relatedOf(db, id, direction);
    return rows
      .filter((r) => isVisible(grants, r.entityId, ancestorsOfPath(r.path), principal.homeEntityId))
      .map(({ entityId, entityName, relationshipType }) => ({ entityId, entityName, relationshipType }));
  }

  /** The entity's direct children (id and name), in the order of their paths. */
  async function childrenOf(id: number) {
    return db
      .select({ id: entities.id, name: entities.name })
      .from(entities)
      .where(eq(entities.parentId, id))
      .orderBy(asc(entities.path));
  }

  /** Entity `id` is `rootId` or lies below it (the subtree predicate, one read). */
  async function contains(rootId: number, id: number): Promise<boolean> {
    const res = await db.execute<{ within: boolean }>(sql`select ${entityAtOrBelow(id, rootId)} as within`);
    return res.rows[0]?.within === true;
  }

  /** The entity's ancestors (root first) and itself, with their attributes. */
  async function ancestry(id: number) {
    const found = await findEntity(db, id);
    if (!found) throw notFound('Entity not found');
    return rowsByIds(db, idsOfPath(found.entity.path));
  }

  /**
   * What trading rules read about an entity: its name, whether it may trade, its base
   * currency and profiles, and the entities above it (root first).
   * @throws NotFound for an unknown entity
   */
  async function tradingProfile(id: number) {
    const found = await findEntity(db, id);
    if (!found) throw notFound('Entity not found');
    const e = found.entity;
    return {
      id: e.id,
      name: e.name,
      tradingEnabled: e.tradingEnabled,
      currencyCode: e.currencyCode,
      conversionProfileId: e.conversionProfileId,
      rollProfileId: e.rollProfileId,
      ancestorIds: ancestorsOfPath(e.path),
    };
  }

  /**
   * What an entity trades on: its base currency (USD when it has none), the spread of its
   * conversion profile (basis points, 0 without one) and the markup of its roll profile (pips).
   * @throws NotFound
   */
  async function tradingTerms(id: number) {
    const profile = await tradingProfile(id);
    const [conversion] = profile.conversionProfileId
      ? await db
          .select()
          .from(conversionProfiles)
          .where(eq(conversionProfiles.id, profile.conversionProfileId))
      : [];
    const [roll] = profile.rollProfileId
      ? await db.select().from(rollProfiles).where(eq(rollProfiles.id, profile.rollProfileId))
      : [];
    return {
      ...profile,
      baseCurrency: profile.currencyCode ?? 'USD',
      conversionSpreadBps: conversion?.spreadBps ?? '0',
      rollMarkupPips: roll?.markupPips ?? '0',
    };
  }

  return {
    childrenOf,
    contains,
    ancestry,
    tradingProfile,
    tradingTerms,
    forest,
    view,
    create,
    update,
    listForUser,
    children,
    related,
    async linked(principal: Principal, id: number) {
      return [...(await related(principal, id, 'down')), ...(await related(principal, id, 'up'))];
    },
    /** Entities the caller may create entities below. */
    async parentCandidates(principal: Principal) {
      const { rows, grants } = await visibleRows(principal);
      return rows
        .filter((r) => resolver.permissionsFor(grants, r).permissions.includes('account_management'))
        .map(summary);
    },
    reference: {
      attributes: () => ENTITY_ATTRIBUTES.map((a) => ({ code: a, name: a })),
      addressTypes: () => ADDRESS_TYPES.map((a) => ({ code: a, name: a })),
      nameSources: () => NAME_SOURCES.map((a) => ({ code: a, name: a })),
      async countries() {
        return (await referenceData.listCountries()).map((c) => ({ code: c.alpha2, name: c.name }));
      },
      async baseCurrencies() {
        return (await referenceData.listCurrencies())
          .filter((c) => c.assetClass === 'FIAT')
          .map((c) => ({ code: c.code, name: c.name }));
      },
      conversionProfiles: () => db.select().from(conversionProfiles).orderBy(asc(conversionProfiles.name)),
      rollProfiles: () => db.select().from(rollProfiles).orderBy(asc(rollProfiles.name)),
      async conversionProfile(id: number) {
        const [row] = await db.select().from(conversionProfiles).where(eq(conversionProfiles.id, id));
        if (!row) throw notFound('Conversion profile not found');
        return row;
      },
    },
  };
}
export type EntitiesService = ReturnType<typeof createEntitiesService>;

function summary(r: Pick<EntityListRow, 'id' | 'name' | 'parentId' | 'attributes' | 'active'>) {
  return {
    entityId: r.id,
    entityName: r.name,
    parentId: r.parentId ?? NO_PARENT,
    attributes: r.attributes,
    active: r.active,
  };
}
