import type { TEntity } from '@clearway/contracts/endpoints/entity.schemas';
import type {
  TTemplate,
  ZCreateViaTemplate,
  ZTemplateCreate,
  ZTemplateUpdate,
} from '@clearway/contracts/endpoints/template.schemas';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import type { AuthorizationService } from '../authorization/authorization.service';
import type { EntitiesService } from '../entities/entities.service';
import type { AccountsService } from '../ledger/accounts.service';
import type { RequestEngine } from '../requests/request-engine.service';
import {
  deleteTemplate,
  insertTemplate,
  type TemplateColumns,
  templateById,
  templatesWithin,
  updateTemplate,
} from './templates.repo';

type Who = { principal: Principal; entityId: number };
type Fields = z.output<typeof ZTemplateCreate>;

/** A database refusal of a template's references or name, as the caller's mistake. */
function asTemplateInput(err: unknown): never {
  const code = pgErrorCode(err);
  if (code === '23505') throw conflict('A template with that name exists already here');
  if (code === '23503')
    throw badRequest('A referenced record does not exist (currency, profile or entity)', {
      reference: 'does not exist',
    });
  throw err;
}

/**
 * Entity templates: the defaults of a kind of client, owned by the entity they were made on
 * and used there and below. Creating an entity through one opens the entity, its accounts,
 * the template's grants (through the grant rule) and approval policies in ONE transaction:
 * all of it, or — any step refused or failing — none of it.
 */
export function createTemplatesService(deps: {
  db: Db;
  entities: EntitiesService;
  accounts: AccountsService;
  authorization: AuthorizationService;
  engine: RequestEngine;
}) {
  const { db, entities, accounts, authorization, engine } = deps;

  /**
   * The API's templates as seen from `viewerEntityId`: a group is named only when it is
   * within the viewer's reach (a template saved before its groups moved away, or naming a
   * group it never could, shows the id alone).
   */
  async function toTemplates(
    viewerEntityId: number,
    rows: Awaited<ReturnType<typeof templatesWithin>>,
  ): Promise<TTemplate[]> {
    const names = await authorization.groupNamesWithin(
      viewerEntityId,
      rows.flatMap((r) => r.t.grants.map((g) => g.groupId)),
    );
    return rows.map(({ t, ownerEntityName, parentName }) => ({
      id: t.id,
      ownerEntityId: t.ownerEntityId,
      ownerEntityName,
      name: t.name,
      description: t.description,
      parentId: t.parentId,
      parentName: t.parentId === null ? null : parentName,
      attributes: t.attributes,
      currencyCode: t.currencyCode,
      conversionProfileId: t.conversionProfileId,
      rollProfileId: t.rollProfileId,
      tradingEnabled: t.tradingEnabled,
      accounts: t.accounts,
      grants: t.grants.map((g) => ({ ...g, groupName: names.get(g.groupId) ?? `#${g.groupId}` })),
      approvalPolicies: t.approvalPolicies,
    }));
  }

  /**
   * The guard placed the template within the acting entity's tree (`objects`), and the
   * groups a body names within its reach. @throws NotFound
   */
  async function view(viewerEntityId: number, id: number): Promise<TTemplate> {
    const row = await templateById(db, id);
    if (!row) throw notFound('Template not found');
    return (await toTemplates(viewerEntityId, [row]))[0]!;
  }

  function columns(f: Fields): Omit<TemplateColumns, 'ownerEntityId'> {
    return {
      name: f.name,
      description: f.description,
      parentId: f.parentId,
      attributes: [...new Set(f.attributes)],
      currencyCode: f.currencyCode,
      conversionProfileId: f.conversionProfileId,
      rollProfileId: f.rollProfileId,
      tradingEnabled: f.tradingEnabled,
      accounts: f.accounts,
      grants: f.grants,
      approvalPolicies: f.approvalPolicies,
    };
  }

  /** Two policies for one type, or two grants of one group, say two things at once. @throws BadRequest */
  function assertConsistent(f: Fields) {
    const types = f.approvalPolicies.map((p) => p.requestType);
    if (new Set(types).size !== types.length)
      throw badRequest('approvalPolicies: one policy per request type', {
        approvalPolicies: 'one policy per request type',
      });
    const groups = f.grants.map((g) => g.groupId);
    if (new Set(groups).size !== groups.length)
      throw badRequest('grants: each group once', { grants: 'each group once' });
  }

  /** The whole of creating an entity through a template, in the caller's transaction `tx`. */
  async function instantiate(
    tx: Tx,
    who: Who,
    t: NonNullable<Awaited<ReturnType<typeof templateById>>>['t'],
    input: z.output<typeof ZCreateViaTemplate>,
  ): Promise<number> {
    const entityId = await entities.createIn(
      tx,
      who,
      {
        parentId: input.parentId,
        entityName: input.entityName,
        addresses: input.addresses,
        nameMappings: input.nameMappings,
        attributes: t.attributes as Parameters<typeof entities.createIn>[2]['attributes'],
        currencyCode: t.currencyCode,
        conversionProfileId: t.conversionProfileId,
        rollProfileId: t.rollProfileId,
        tradingEnabled: t.tradingEnabled,
        active: true,
        agentId: null,
      },
      `template ${t.id}`,
    );
    const onNew = { principal: who.principal, entityId };
    for (const a of t.accounts)
      await accounts.createIn(tx, onNew, { entityId, ...a, currencyId: a.currencyId ?? undefined });
    await authorization.bindGroupsIn(
      tx,
      onNew,
      t.grants.map((g) => ({ groupId: g.groupId, entityId, scopeType: g.scopeType })),
    );
    // Where the parent keeps policies under four eyes, the template's become requests too.
    for (const p of t.approvalPolicies)
      await engine.policies.proposeIn(
        tx,
        onNew,
        entityId,
        p.requestType,
        p.requiredApprovals,
        p.approverGroupId,
      );
    return entityId;
  }

  return {
    list: async (entityId: number) => toTemplates(entityId, await templatesWithin(db, entityId)),
    view,

    async create(who: Who, f: Fields): Promise<TTemplate> {
      assertConsistent(f);
      const id = await db
        .transaction(async (tx) => {
          const id = await insertTemplate(tx, { ownerEntityId: who.entityId, ...columns(f) });
          await recordAudit(tx, who, {
            action: 'template.create',
            outcome: 'success',
            target: String(id),
            details: { input: f },
          });
          return id;
        })
        .catch(asTemplateInput);
      return view(who.entityId, id);
    },

    async update(who: Who, f: z.output<typeof ZTemplateUpdate>): Promise<TTemplate> {
      assertConsistent(f);
      const before = await view(who.entityId, f.templateId);
      await db
        .transaction(async (tx) => {
          await updateTemplate(tx, f.templateId, columns(f));
          await recordAudit(tx, who, {
            action: 'template.update',
            outcome: 'success',
            target: String(f.templateId),
            details: { before, input: f },
          });
        })
        .catch(asTemplateInput);
      return view(who.entityId, f.templateId);
    },

    /** Entities made from the template keep what they got. @throws NotFound */
    async remove(who: Who, templateId: number) {
      const before = await view(who.entityId, templateId);
      await db.transaction(async (tx) => {
        if (!(await deleteTemplate(tx, templateId, who.entityId))) throw notFound('Template not found');
        await recordAudit(tx, who, {
          action: 'template.delete',
          outcome: 'success',
          target: String(templateId),
          details: { before },
        });
      });
      return { message: 'Template deleted' };
    },

    /**
     * Creates an entity from template `templateId` below `parentId`: the entity with the
     * template's fields, its accounts, its grants (the grant rule decides) and its approval
     * policies, all in one transaction. The guard has placed the template and the parent
     * and checked the row's keys on both.
     * @throws NotFound, BadRequest (a reference), Forbidden (a grant the caller may not make)
     */
    async createEntity(
      who: Who,
      templateId: number,
      input: z.output<typeof ZCreateViaTemplate>,
    ): Promise<TEntity> {
      const found = await templateById(db, templateId);
      if (!found) throw notFound('Template not found');
      const id = await db.transaction((tx) => instantiate(tx, who, found.t, input));
      return entities.view(who.principal, id);
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
