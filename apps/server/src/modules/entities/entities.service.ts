import { isVisible } from '@clearway/contracts/authorization';
import type {
  TEntity,
  TEntityNode,
  ZCreateEntity,
  ZUpdateEntity,
} from '@clearway/contracts/endpoints/entity.schemas';
import type { EntityPermissions } from '@clearway/contracts/permissions';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import type { Resolver } from '../authorization/resolver.service';
import type { ReferenceDataService } from '../reference-data/reference-data.service';
import type { UsersService } from '../users/users.service';
import {
  childrenPage,
  detailsOf,
  type EntityListRow,
  findEntity,
  forestRowsAt,
  frozenPaths,
  insertEntity,
  pathsOf,
  relatedOf,
  replaceDetails,
  rowsByIds,
  treeVersion,
  updateEntityRow,
} from './entities.repo';
import { conversionProfiles, entities, rollProfiles } from './entities.tables';
import { type CodeList, createEntityCodes } from './entity-codes.service';
import { freezeHolding } from './entity-lookups';
import { createEntityMoves } from './entity-moves';
import { ancestorsOfPath, idsOfPath } from './entity-path';
import { entityAtOrBelow } from './entity-sql';
import { type ForestRow, walkVisible } from './visible-forest';

/**
 * What keeps an entity from being deactivated, as another module sees it (funds in its
 * accounts, open positions): each blocker names what it found, in the caller's transaction.
 */
export type DeactivationBlocker = (tx: DbOrTx, entityId: number) => Promise<string[]>;

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
  const codes = createEntityCodes(db);
  const moves = createEntityMoves({ resolver });

  /**
   * An entity's attributes, address types and name sources must be codes the lists offer,
   * or ones it carries already (`before`: a disabled code stays where it is).
   * @throws BadRequest naming each field
   */
  async function refuseUnofferedCodes(
    tx: Tx,
    input: z.output<typeof ZCreateEntity> | z.output<typeof ZUpdateEntity>,
    before?: Pick<TEntity, 'attributes' | 'addresses' | 'nameMappings'>,
  ) {
    await codes.refuseUnoffered(
      tx,
      'attributes',
      input.attributes.map((code, i) => ({ field: `attributes.${i}`, code })),
      before?.attributes,
    );
    await codes.refuseUnoffered(
      tx,
      'addressTypes',
      input.addresses.map((a, i) => ({ field: `addresses.${i}.addressType`, code: a.addressType })),
      before?.addresses.map((a) => a.addressType),
    );
    await codes.refuseUnoffered(
      tx,
      'nameSources',
      input.nameMappings.map((m, i) => ({ field: `nameMappings.${i}.source`, code: m.source })),
      before?.nameMappings.map((m) => m.source),
    );
  }

  /**
   * The entities a principal can see — under each grant, plus the home entity — with its
   * effective permissions on each and whether a freeze holds it (`walkVisible`, one pass).
   */
  async function visibleEntities(
    principal: Principal,
    visit: Parameters<typeof walkVisible>[4],
    opts: { freezes?: boolean } = {},
  ) {
    const grants = await resolver.grantsOf(principal);
    const roots = [...new Set([...grants.map((g) => g.entityId), principal.homeEntityId])];
    const paths = (await pathsOf(db, roots)).sort();
    // A root inside another root's subtree adds nothing.
    const minimal = paths.filter((p, i) => !paths.slice(0, i).some((q) => p.startsWith(q)));
    // Whether a freeze holds a subtree's top is read only where it is shown (the forest).
    const [rows, frozen] = await Promise.all([rowsUnder(minimal), opts.freezes ? frozenPaths(db) : []]);
    walkVisible(rows, grants, principal.homeEntityId, frozen, visit);
  }

  // The rows of the forests read lately, each with the tree version it was read at: reused
  // while that version is current, so a large forest is not shipped again on every call,
  // and any change to the tree (on any instance) is seen on the very next call.
  const forests = new Map<string, { version: number; rows: ForestRow[] }>();
  const FORESTS_KEPT = 4;
  async function rowsUnder(rootPaths: string[]): Promise<ForestRow[]> {
    if (rootPaths.length === 0) return [];
    const key = rootPaths.join('|');
    const kept = forests.get(key);
    if (kept && kept.version === (await treeVersion(db))) return kept.rows;
    const fresh = await forestRowsAt(db, rootPaths);
    forests.delete(key);
    forests.set(key, fresh);
    if (forests.size > FORESTS_KEPT) forests.delete(forests.keys().next().value!);
    return fresh.rows;
  }

  /** The visible entities' rows (for lists that need no permissions). */
  async function visibleRows(principal: Principal) {
    const rows: ForestRow[] = [];
    await visibleEntities(principal, (r) => rows.push(r));
    return { rows };
  }

  /** The visible forest, built in the one pass that works out permissions (parents come first). */
  async function forest(principal: Principal): Promise<TEntityNode[]> {
    const byId = new Map<number, TEntityNode>();
    const roots: TEntityNode[] = [];
    await visibleEntities(
      principal,
      (r, permissions, childPermissions, frozen) => {
        const parentNode = r.parentId === null ? undefined : byId.get(r.parentId);
        const node: TEntityNode = {
          entityId: r.id,
          entityName: r.name,
          parentId: r.parentId ?? NO_PARENT,
          parentName: parentNode ? parentNode.entityName : null,
          attributes: r.attributes,
          permissions,
          childPermissions,
          active: r.active,
          tradingEnabled: r.tradingEnabled,
          frozen,
          children: [],
        };
        byId.set(r.id, node);
        if (parentNode) parentNode.children.push(node);
        else roots.push(node);
      },
      { freezes: true },
    );
    return roots;
  }

  /** `known`: the caller's permissions there, when the access guard has read them already. */
  async function view(principal: Principal, id: number, known?: EntityPermissions | null): Promise<TEntity> {
    const found = await findEntity(db, id);
    const held = known ?? (await resolver.resolve(principal, id));
    if (!found || !held) throw notFound('Entity not found');
    const { entity: e, parentName } = found;
    const [details, freeze] = await Promise.all([detailsOf(db, id), freezeOf(db, id)]);
    return {
      entityId: e.id,
      entityName: e.name,
      parentId: e.parentId ?? NO_PARENT,
      parentName,
      permissions: [...held.permissions],
      childPermissions: [...held.childPermissions],
      attributes: e.attributes,
      addresses: details.addresses.map(({ addressType, line1, line2, city, postalCode, countryCode }) => ({
        addressType,
        line1,
        line2,
        city,
        postalCode,
        countryCode,
      })),
      nameMappings: details.nameMappings.map(({ source, name }) => ({
        source,
        name,
      })),
      conversionProfileId: e.conversionProfileId,
      rollProfileId: e.rollProfileId,
      currencyCode: e.currencyCode,
      tradingEnabled: e.tradingEnabled,
      active: e.active,
      agentId: e.agentId,
      freeze,
    };
  }

  /** The freeze holding an entity (its own or the nearest above it), with who set it and why. */
  async function freezeOf(tx: DbOrTx, id: number): Promise<TEntity['freeze']> {
    const holder = await freezeHolding(tx, id);
    if (!holder) return null;
    const found = await findEntity(tx, holder.id);
    const e = found!.entity;
    return {
      entityId: e.id,
      entityName: e.name,
      at: e.frozenAt!.toISOString(),
      by: e.frozenBy ?? '',
      reason: e.frozenReason ?? '',
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

  /**
   * Creates an entity in the caller's transaction `tx` (a template adds its accounts and
   * grants in the same one); its id. @throws BadRequest (unknown reference)
   */
  async function createIn(
    tx: Tx,
    who: Who,
    input: z.output<typeof ZCreateEntity>,
    via?: string,
  ): Promise<number> {
    await refuseUnofferedCodes(tx, input);
    const row = await insertEntity(tx, { ...columns(input), parentId: input.parentId }).catch(asBadInput);
    await replaceDetails(tx, row.id, input.addresses, input.nameMappings).catch(asBadInput);
    await recordAudit(tx, who, {
      action: 'entity.create',
      outcome: 'success',
      target: String(row.id),
      details: via ? { input, via } : { input },
    });
    return row.id;
  }

  /** @throws BadRequest (unknown reference) */
  async function create(who: Who, input: z.output<typeof ZCreateEntity>): Promise<TEntity> {
    const id = await db.transaction((tx) => createIn(tx, who, input));
    return view(who.principal, id);
  }

  /**
   * What the house governs an entity by — its attributes (a broker is the house's side),
   * whether it trades and its pricing profiles — changes only from above it: the caller holds
   * account_management for the entities below the entity's parent. A client administering
   * its own entity cannot lift a trading stop its broker set, drop its spread, or make itself
   * a broker. @throws Forbidden naming the fields
   */
  async function refuseGovernedFromWithin(who: Who, before: TEntity, input: z.output<typeof ZUpdateEntity>) {
    const sameSet = (a: readonly string[], b: readonly string[]) =>
      a.length === new Set(b).size && a.every((x) => b.includes(x));
    const changed = [
      !sameSet([...new Set(input.attributes)], before.attributes) && 'attributes',
      input.tradingEnabled !== before.tradingEnabled && 'tradingEnabled',
      (input.conversionProfileId ?? null) !== before.conversionProfileId && 'conversionProfileId',
      (input.rollProfileId ?? null) !== before.rollProfileId && 'rollProfileId',
      // A move takes the entity out from under its parent's governance: decided from above it too.
      input.parentId !== undefined && input.parentId !== before.parentId && 'parentId',
    ].filter((f): f is string => f !== false);
    if (changed.length === 0 || !before.parentId) return;
    const above = await resolver.resolve(who.principal, before.parentId);
    if (!above?.childPermissions.includes('account_management'))
      throw forbidden(
        `Only an administrator above ${before.entityName} may change its ${changed.join(', ')}`,
      );
  }

  /**
   * The guard has placed a new parent (its contract row declares `parentId` an entity) and
   * checked the row's keys there too, so a move needs account_management at both ends — and
   * above the entity (`refuseGovernedFromWithin`). A move is refused into or out of a frozen
   * subtree, and waits for a second administrator where approval policies are under four
   * eyes (`entity-moves.ts`): the answer then names the request, the parent unchanged.
   * @throws BadRequest (a move below itself), Conflict (a freeze), Forbidden, NotFound
   */
  async function update(
    who: Who,
    input: z.output<typeof ZUpdateEntity>,
  ): Promise<TEntity & { pendingRequestId?: number }> {
    const before = await view(who.principal, input.entityId);
    await refuseGovernedFromWithin(who, before, input);
    const moving = input.parentId !== undefined && input.parentId !== before.parentId;
    const moved = await db
      .transaction(async (tx) => {
        // First, so a refused move changes nothing else either.
        const move = moving
          ? await moves.moveIn(tx, who, {
              entityId: input.entityId,
              fromParentId: before.parentId,
              toParentId: input.parentId!,
            })
          : {};
        await refuseUnofferedCodes(tx, input, before);
        if (before.active && !input.active) await refuseDeactivation(tx, input.entityId);
        await updateEntityRow(tx, input.entityId, columns(input));
        await replaceDetails(tx, input.entityId, input.addresses, input.nameMappings);
        await recordAudit(tx, who, {
          action: 'entity.update',
          outcome: 'success',
          target: String(input.entityId),
          details: { before, input },
        });
        return move;
      })
      .catch(asBadInput);
    return { ...(await view(who.principal, input.entityId)), ...moved };
  }

  const deactivationBlockers: DeactivationBlocker[] = [];

  /**
   * An entity is not deactivated while it still holds something: every registered blocker
   * is asked, and the refusal names all they found. @throws Conflict
   */
  async function refuseDeactivation(tx: DbOrTx, entityId: number) {
    const found: string[] = [];
    for (const blocker of deactivationBlockers) found.push(...(await blocker(tx, entityId)));
    if (found.length) throw conflict(`This entity cannot be deactivated while it holds ${found.join('; ')}`);
  }

  /**
   * Freezes an entity and everything below it (no new requests, trades or bookings there),
   * or lifts its own freeze; audited with the reason. Pending requests stay pending.
   * @throws Conflict (already frozen; lifting a freeze set above it, or none)
   */
  async function setFrozen(who: Who, entityId: number, frozen: boolean, reason: string): Promise<TEntity> {
    await db.transaction(async (tx) => {
      const found = await findEntity(tx, entityId);
      if (!found) throw notFound('Entity not found');
      const e = found.entity;
      if (frozen && e.frozenAt) throw conflict('This entity is frozen already');
      if (!frozen && !e.frozenAt) {
        const holder = await freezeHolding(tx, entityId);
        throw conflict(
          holder
            ? `This entity is held by the freeze of ${holder.name}; lift it there`
            : 'This entity is not frozen',
        );
      }
      await updateEntityRow(
        tx,
        entityId,
        frozen
          ? { frozenAt: new Date(), frozenBy: who.principal.name, frozenReason: reason }
          : { frozenAt: null, frozenBy: null, frozenReason: null },
      );
      await recordAudit(tx, who, {
        action: frozen ? 'entity.freeze' : 'entity.unfreeze',
        outcome: 'success',
        target: String(entityId),
        details: frozen
          ? { reason }
          : { reason, frozenAt: e.frozenAt, frozenBy: e.frozenBy, frozenReason: e.frozenReason },
      });
    });
    return view(who.principal, entityId);
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
    return {
      items: page.items.map((r) => ({
        ...summary(r),
        parentName: r.parentName,
        currencyCode: r.currencyCode,
        tradingEnabled: r.tradingEnabled,
        conversionProfileId: r.conversionProfileId,
        rollProfileId: r.rollProfileId,
      })),
      total: page.total,
    };
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
      active: e.active,
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

  /**
   * What a document heads a page with: the entity's name, base currency and addresses, and
   * the platform root above it (whose name and address stand for the platform's).
   * @throws NotFound
   */
  async function letterhead(id: number) {
    const found = await findEntity(db, id);
    if (!found) throw notFound('Entity not found');
    const e = found.entity;
    const details = await detailsOf(db, id);
    return {
      id: e.id,
      name: e.name,
      baseCurrency: e.currencyCode ?? 'USD',
      rootId: ancestorsOfPath(e.path)[0] ?? e.id,
      addresses: details.addresses.map((a) =>
        [a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(' '), a.countryCode]
          .filter(Boolean)
          .join(', '),
      ),
    };
  }

  return {
    letterhead,
    childrenOf,
    contains,
    ancestry,
    tradingProfile,
    tradingTerms,
    forest,
    view,
    create,
    createIn,
    update,
    freeze: (who: Who, entityId: number, reason: string) => setFrozen(who, entityId, true, reason),
    unfreeze: (who: Who, entityId: number, reason: string) => setFrozen(who, entityId, false, reason),
    /** Moves under four eyes become 'ENTITY MOVE' requests of this engine, applied on approval. */
    governMovesWith: (engine: Parameters<typeof moves.governWith>[0]) => moves.governWith(engine),
    /** Another module's reason an entity may not be deactivated (funds, open positions). */
    refuseDeactivationWhen(blocker: DeactivationBlocker) {
      deactivationBlockers.push(blocker);
    },
    listForUser,
    children,
    related,
    async linked(principal: Principal, id: number) {
      return [...(await related(principal, id, 'down')), ...(await related(principal, id, 'up'))];
    },
    /** Entities the caller may create entities below. */
    async parentCandidates(principal: Principal) {
      const out: ReturnType<typeof summary>[] = [];
      await visibleEntities(principal, (r, permissions) => {
        if (permissions.includes('account_management')) out.push(summary(r));
      });
      return out;
    },
    reference: {
      /** The codes offered for new rows (section 7's lists). */
      codes: (list: CodeList) => codes.active(list),
      /** Every code with its state, for the staff who keep the lists. */
      allCodes: (list: CodeList) => codes.all(list),
      createCode: (who: Who, list: CodeList, input: { code: string; label: string }) =>
        codes.create(who, list, input),
      updateCode: (who: Who, list: CodeList, input: { code: string; label?: string; active?: boolean }) =>
        codes.update(who, list, input),
      unknownCodeFields: (raw: unknown) => codes.unknownFields(raw),
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
      /**
       * Creates a profile, or edits, disables or enables one (never deleted: the entities that
       * have it keep it), audited. @throws Conflict (a name in use), NotFound
       */
      async saveProfile(
        who: Who,
        kind: 'conversion' | 'roll',
        input: { id?: number; name?: string; description?: string; active?: boolean },
      ) {
        const table = kind === 'conversion' ? conversionProfiles : rollProfiles;
        const { id, ...fields } = input;
        return db
          .transaction(async (tx) => {
            const [row] =
              id === undefined
                ? await tx
                    .insert(table)
                    .values({ name: fields.name!, description: fields.description ?? '' })
                    .returning()
                : await tx.update(table).set(fields).where(eq(table.id, id)).returning();
            if (!row) throw notFound('Profile not found');
            await recordAudit(tx, who, {
              action: `entity.${kind}-profile.${id === undefined ? 'create' : 'update'}`,
              outcome: 'success',
              target: String(row.id),
              details: { input },
            });
            return row;
          })
          .catch((err) => {
            if (pgErrorCode(err) === '23505') throw conflict('A profile with that name exists already');
            throw err;
          });
      },
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
