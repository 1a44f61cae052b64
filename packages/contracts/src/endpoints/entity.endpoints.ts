import { z } from 'zod';
import { call, endpoint } from '../endpoint';
import { ZIdParam } from '../primitives';
import {
  ZChildListRequest,
  ZChildListResponse,
  ZCodeName,
  ZCreateEntity,
  ZEntity,
  ZEntityListRequest,
  ZEntityNode,
  ZEntityRef,
  ZEntitySummaries,
  ZFreezeRequest,
  ZProfile,
  ZProfileCreate,
  ZProfileQuery,
  ZProfiles,
  ZProfileUpdate,
  ZRefCodeCreate,
  ZRefCodeListQuery,
  ZRefCodeRow,
  ZRefCodeRows,
  ZRefCodeUpdate,
  ZRelated,
  ZUpdatedEntity,
  ZUpdateEntity,
} from './entity.schemas';
import { ZEntityInstruments, ZEntityInstrumentsRequest, ZSetEntityInstruments } from './instruments.schemas';
import { ZAccount } from './money.schemas';
import { ZMarginRequest, ZMarginRequirements } from './options.schemas';
import { P } from './permission-sets';
import {
  ZCreateViaTemplate,
  ZTemplate,
  ZTemplateCreate,
  ZTemplateListQuery,
  ZTemplateRef,
  ZTemplateUpdate,
} from './template.schemas';
import {
  ZAccountProperties,
  ZAccountPropertiesUpdate,
  ZTradingEntityRequest,
  ZTradingPlatformUser,
} from './trading-platform.schemas';

const ref = <R extends z.ZodType>(path: string, summary: string, response: R) =>
  endpoint({
    method: 'GET',
    path,
    access: 'authenticated',
    permissions: P.entityView,
    tag: 'entities',
    summary,
    response,
  });

/**
 * Beyond section 7 (issue 26): the keepers' rows of one entity reference list (every code,
 * disabled ones too; a new code; a relabel, disable or enable). The lists are every
 * tenant's, so account_management (the spec's key for entities, whose "Entity
 * administration" group holds these lists) is needed at the platform root.
 */
const codeList = (list: string, what: string) =>
  endpoint({
    method: 'GET',
    path: `/entity/${list}/all`,
    access: 'authenticated',
    permissions: P.entityChange,
    tag: 'entities',
    summary: `Every ${what}, disabled ones too`,
    query: ZRefCodeListQuery,
    response: ZRefCodeRows,
    scope: 'platform',
  });
const codeCreate = (list: string, what: string) =>
  call(
    'POST',
    `/entity/${list}/create`,
    'entities',
    `Create ${what}`,
    P.entityChange,
    ZRefCodeCreate,
    ZRefCodeRow,
    {
      scope: 'platform',
    },
  );
const codeUpdate = (list: string, what: string) =>
  call(
    'PUT',
    `/entity/${list}/update`,
    'entities',
    `Relabel, disable or enable ${what}`,
    P.entityChange,
    ZRefCodeUpdate,
    ZRefCodeRow,
    { scope: 'platform' },
  );

export const entityEndpoints = {
  forest: endpoint({
    method: 'GET',
    path: '/entity',
    access: 'authenticated',
    entity: { in: 'home', field: 'entityId' },
    tag: 'entities',
    summary: 'The visible entity forest with permissions, child permissions and attributes',
    response: z.array(ZEntityNode),
  }),
  list: endpoint({
    method: 'POST',
    path: '/entity/list',
    access: 'authenticated',
    permissions: P.entityView,
    tag: 'entities',
    summary: 'Entities available to a user (username), as far as the caller may see',
    body: ZEntityListRequest,
    response: ZEntitySummaries,
  }),
  childList: endpoint({
    method: 'POST',
    path: '/entity/{id}/list',
    access: 'authenticated',
    permissions: P.entityView,
    entity: { in: 'params', field: 'id' },
    tag: 'entities',
    summary: 'Entities below one entity (filters, paging)',
    params: z.object({ id: ZIdParam }),
    body: ZChildListRequest,
    response: ZChildListResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/entity/create',
    access: 'authenticated',
    permissions: P.entityChange,
    entity: { in: 'body', field: 'parentId' },
    tag: 'entities',
    summary: 'Create an entity below parentId',
    body: ZCreateEntity,
    response: ZEntity,
  }),
  view: endpoint({
    method: 'POST',
    path: '/entity/view',
    access: 'authenticated',
    permissions: P.entityView,
    tag: 'entities',
    summary: 'One entity with every field',
    body: ZEntityRef,
    response: ZEntity,
  }),
  accounts: call(
    'POST',
    '/entity/accounts',
    'entities',
    'Accounts of an entity (open and closed), for its page',
    P.entityView,
    ZEntityRef,
    z.array(ZAccount),
  ),
  // Beyond section 7 (issue 26): a freeze stops new requests, trades and bookings in an
  // entity's subtree while pending requests stay pending; lifting it is audited with why.
  // Both act on the target from above (issue 38): system_management held at its parent — the
  // level that froze it or above — never by the frozen entity's own users.
  freeze: call(
    'POST',
    '/entity/freeze',
    'entities',
    'Freeze an entity and its subtree: no new requests, trades or bookings',
    P.system,
    ZFreezeRequest,
    ZEntity,
    { objects: { targetEntityId: 'entityFromAbove' } },
  ),
  unfreeze: call(
    'POST',
    '/entity/unfreeze',
    'entities',
    'Lift the freeze of an entity (audited with the reason)',
    P.system,
    ZFreezeRequest,
    ZEntity,
    { objects: { targetEntityId: 'entityFromAbove' } },
  ),
  celerUser: call(
    'POST',
    '/entity/celer-user',
    'entities',
    'Trading-platform users of an entity',
    P.entityView,
    ZTradingEntityRequest,
    z.array(ZTradingPlatformUser),
  ),
  instruments: endpoint({
    method: 'POST',
    path: '/entity/instruments',
    access: 'authenticated',
    permissions: P.tradableView,
    tag: 'entities',
    summary:
      'What an entity may trade: every enabled instrument when it has tradingEnabled, narrowed by its own allow-list and those of the entities above it; nothing when trading is not enabled',
    body: ZEntityInstrumentsRequest,
    response: ZEntityInstruments,
  }),
  // Beyond section 7: an allow-list is set from above — the acting entity sets the list of an
  // entity below it (clientId), never its own, so no entity can lift the list it was given.
  setInstruments: endpoint({
    method: 'PUT',
    path: '/entity/instruments',
    access: 'authenticated',
    permissions: P.entityChange,
    tag: 'entities',
    summary:
      'Set the instruments an entity below the acting one (clientId) may trade, an allow-list among the enabled ones, or null to lift its list',
    body: ZSetEntityInstruments,
    response: ZEntityInstruments,
  }),
  linkedEntities: endpoint({
    method: 'POST',
    path: '/entity/linked-entities',
    access: 'authenticated',
    permissions: P.entityView,
    tag: 'entities',
    summary: 'Entities linked either way (related or upstream)',
    body: ZEntityRef,
    response: ZRelated,
  }),
  marginRequirements: endpoint({
    method: 'POST',
    path: '/entity/margin-requirements',
    access: 'authenticated',
    permissions: P.accountData,
    tag: 'entities',
    summary:
      'Initial margin per position and in total (FX notional × rate, CFD exposure × rate, short options by delta-adjusted notional), equity, free margin, margin level and the margin-call flag — of the entity, or toward its clients sorted by margin level',
    body: ZMarginRequest,
    response: ZMarginRequirements,
  }),
  accountProperties: call(
    'POST',
    '/entity/celer-user/account-properties',
    'entities',
    'Trading-platform account properties',
    P.entityView,
    ZTradingEntityRequest,
    ZAccountProperties,
  ),
  accountPropertiesUpdate: call(
    'POST',
    '/entity/celer-user/account-properties/update',
    'entities',
    'Update trading-platform account properties',
    P.entityChange,
    ZAccountPropertiesUpdate,
    ZAccountProperties,
  ),
  relatedEntities: endpoint({
    method: 'POST',
    path: '/entity/related-entities',
    access: 'authenticated',
    permissions: P.entityView,
    tag: 'entities',
    summary: 'Related entities (downstream)',
    body: ZEntityRef,
    response: ZRelated,
  }),
  relatedEntitiesUpstream: endpoint({
    method: 'POST',
    path: '/entity/related-entities-upstream',
    access: 'authenticated',
    permissions: P.entityView,
    tag: 'entities',
    summary: 'Related entities (upstream)',
    body: ZEntityRef,
    response: ZRelated,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/entity/update',
    access: 'authenticated',
    permissions: P.entityChange,
    tag: 'entities',
    summary:
      'Update an entity (moving it needs account_management at the new parent and above the old one; under four eyes it is a request)',
    body: ZUpdateEntity,
    response: ZUpdatedEntity,
    objects: { parentId: 'entity' },
  }),
  addressTypes: ref('/entity/addressTypes', 'Address types', ZCodeName),
  attributes: ref('/entity/attributes', 'Entity attributes (type labels)', ZCodeName),
  baseCurrencies: ref('/entity/baseCurrencies', 'Base currencies', ZCodeName),
  conversionProfile: endpoint({
    method: 'GET',
    path: '/entity/conversionProfile',
    access: 'authenticated',
    permissions: P.entityView,
    tag: 'entities',
    summary: 'One conversion profile',
    query: ZProfileQuery,
    response: ZProfile,
  }),
  conversionProfiles: ref('/entity/conversionProfiles', 'Conversion profiles', ZProfiles),
  nameSources: ref('/entity/nameSources', 'Name sources', ZCodeName),
  countries: ref('/entity/countries', 'Countries (ISO 3166)', ZCodeName),
  parentEntities: ref('/entity/parentEntities', 'Entities a new entity may go below', ZEntitySummaries),
  rollProfiles: ref('/entity/rollProfiles', 'Roll profiles', ZProfiles),
  // Beyond section 7 (issue 26): the reference data staff keep. Profiles are shared by
  // every tenant, so their keys are needed at the platform root.
  conversionProfileCreate: call(
    'POST',
    '/entity/conversionProfiles/create',
    'entities',
    'Create a conversion profile',
    P.conversionProfiles,
    ZProfileCreate,
    ZProfile,
    { scope: 'platform' },
  ),
  conversionProfileUpdate: call(
    'PUT',
    '/entity/conversionProfiles/update',
    'entities',
    'Edit, disable or enable a conversion profile',
    P.conversionProfiles,
    ZProfileUpdate,
    ZProfile,
    { scope: 'platform' },
  ),
  rollProfileCreate: call(
    'POST',
    '/entity/rollProfiles/create',
    'entities',
    'Create a roll profile',
    P.rollProfiles,
    ZProfileCreate,
    ZProfile,
    { scope: 'platform' },
  ),
  rollProfileUpdate: call(
    'PUT',
    '/entity/rollProfiles/update',
    'entities',
    'Edit, disable or enable a roll profile',
    P.rollProfiles,
    ZProfileUpdate,
    ZProfile,
    { scope: 'platform' },
  ),
  addressTypesAll: codeList('addressTypes', 'address type'),
  addressTypeCreate: codeCreate('addressTypes', 'an address type'),
  addressTypeUpdate: codeUpdate('addressTypes', 'an address type'),
  nameSourcesAll: codeList('nameSources', 'name source'),
  nameSourceCreate: codeCreate('nameSources', 'a name source'),
  nameSourceUpdate: codeUpdate('nameSources', 'a name source'),
  attributesAll: codeList('attributes', 'entity attribute'),
  attributeCreate: codeCreate('attributes', 'an entity attribute'),
  attributeUpdate: codeUpdate('attributes', 'an entity attribute'),
} as const;

/**
 * Templates belong to the entity they were made on (the acting entity) and are used there
 * and below it; a template's default parent and a new entity's parent are entities the
 * row's keys must be held on too (`objects`).
 */
/** The groups a template grants or names as approvers are within the caller's reach, like any object. */
const templateGroups = { 'grants.groupId': 'group', 'approvalPolicies.approverGroupId': 'group' } as const;

export const templateEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/template',
    access: 'authenticated',
    permissions: P.templates,
    tag: 'templates',
    summary: 'Templates owned at the acting entity or below it',
    query: ZTemplateListQuery,
    response: z.array(ZTemplate),
  }),
  create: call(
    'POST',
    '/template/create',
    'templates',
    'Create a template',
    P.templates,
    ZTemplateCreate,
    ZTemplate,
    {
      objects: { parentId: 'entity', ...templateGroups },
    },
  ),
  view: call('POST', '/template/view', 'templates', 'One template', P.templates, ZTemplateRef, ZTemplate, {
    objects: { templateId: 'template' },
  }),
  // Creating an entity opens accounts too, so it needs account_management as well, at the
  // acting entity and at the new entity's parent.
  createEntity: endpoint({
    method: 'POST',
    path: '/template/{id}/create',
    access: 'authenticated',
    permissions: P.templateUse,
    tag: 'templates',
    summary:
      'Create an entity from a template, with its accounts, grants and approval policies, in one transaction',
    params: z.object({ id: ZIdParam }),
    body: ZCreateViaTemplate,
    response: ZEntity,
    objects: { id: 'template', parentId: 'entity' },
  }),
  update: call(
    'PUT',
    '/template/update',
    'templates',
    'Update a template',
    P.templates,
    ZTemplateUpdate,
    ZTemplate,
    {
      objects: { templateId: 'template', parentId: 'entity', ...templateGroups },
    },
  ),
  delete: call(
    'DELETE',
    '/template/delete',
    'templates',
    'Delete a template (entities made from it keep what they got)',
    P.templates,
    ZTemplateRef,
    z.object({ message: z.string() }),
    { objects: { templateId: 'template' } },
  ),
} as const;
