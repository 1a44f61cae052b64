import { z } from 'zod';
import { call, endpoint, row } from '../endpoint';
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
  ZProfile,
  ZProfileQuery,
  ZProfiles,
  ZRelated,
  ZUpdateEntity,
} from './entity.schemas';
import { ZEntityInstruments, ZEntityInstrumentsRequest, ZSetEntityInstruments } from './instruments.schemas';
import { P } from './permission-sets';
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
  accounts: row('POST', '/entity/accounts', 'entities', 'Accounts of an entity', {
    permissions: P.entityView,
  }),
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
  marginRequirements: row('POST', '/entity/margin-requirements', 'entities', 'Margin requirements', {
    permissions: P.accountData,
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
    summary: 'Update an entity (moving it needs account_management at the new parent too)',
    body: ZUpdateEntity,
    response: ZEntity,
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
} as const;

export const allocationEndpoints = {
  groupsList: row('POST', '/entity/allocations/groups/list', 'allocations', 'Allocation groups', {
    permissions: P.allocations,
  }),
  groupsCreate: row(
    'POST',
    '/entity/allocations/groups/create',
    'allocations',
    'Create an allocation group',
    { permissions: P.allocations },
  ),
  investorsAdd: row('POST', '/entity/allocations/investors/add', 'allocations', 'Add investors', {
    permissions: P.allocations,
  }),
  tradesFx: row('POST', '/entity/allocations/trades/fx', 'allocations', 'Reprocess FX trade allocations', {
    permissions: P.allocations,
  }),
  tradesCfd: row('POST', '/entity/allocations/trades/cfd', 'allocations', 'Reprocess CFD trade allocations', {
    permissions: P.allocations,
  }),
  groupsUpdate: row('PATCH', '/entity/allocations/groups/update', 'allocations', 'Update group status', {
    permissions: P.allocations,
  }),
  groupsDelete: row('DELETE', '/entity/allocations/groups/delete', 'allocations', 'Delete a group', {
    permissions: P.allocations,
  }),
  investorsRemove: row('DELETE', '/entity/allocations/investors/remove', 'allocations', 'Remove investors', {
    permissions: P.allocations,
  }),
  investorsUpdate: row('PUT', '/entity/allocations/investors/update', 'allocations', 'Update investors', {
    permissions: P.allocations,
  }),
} as const;

export const templateEndpoints = {
  list: row('GET', '/template', 'templates', 'Templates', { permissions: P.templates }),
  create: row('POST', '/template/create', 'templates', 'Create a template', { permissions: P.templates }),
  view: row('POST', '/template/view', 'templates', 'One template', { permissions: P.templates }),
  createEntity: row('POST', '/template/{id}/create', 'templates', 'Create an entity from a template', {
    permissions: P.templates,
  }),
  update: row('PUT', '/template/update', 'templates', 'Update a template', { permissions: P.templates }),
  delete: row('DELETE', '/template/delete', 'templates', 'Delete a template', { permissions: P.templates }),
} as const;
