import { row } from '../endpoint';
import { P } from './permission-sets';

export const entityEndpoints = {
  forest: row('GET', '/entity', 'entities', 'The visible entity forest with permissions'),
  list: row('POST', '/entity/list', 'entities', 'Entities available to a user (username)', {
    permissions: P.entityView,
  }),
  childList: row('POST', '/entity/{id}/list', 'entities', 'Entities below one entity', {
    permissions: P.entityView,
    entity: { in: 'params', field: 'id' },
  }),
  create: row('POST', '/entity/create', 'entities', 'Create an entity', { permissions: P.entityChange }),
  view: row('POST', '/entity/view', 'entities', 'One entity', { permissions: P.entityView }),
  accounts: row('POST', '/entity/accounts', 'entities', 'Accounts of an entity', {
    permissions: P.entityView,
  }),
  celerUser: row('POST', '/entity/celer-user', 'entities', 'Trading-platform user of an entity', {
    permissions: P.entityView,
  }),
  instruments: row('POST', '/entity/instruments', 'entities', 'Instruments of an entity', {
    permissions: P.entityView,
  }),
  linkedEntities: row('POST', '/entity/linked-entities', 'entities', 'Linked entities', {
    permissions: P.entityView,
  }),
  marginRequirements: row('POST', '/entity/margin-requirements', 'entities', 'Margin requirements', {
    permissions: P.accountData,
  }),
  accountProperties: row(
    'POST',
    '/entity/celer-user/account-properties',
    'entities',
    'Trading-platform account properties',
    { permissions: P.entityView },
  ),
  accountPropertiesUpdate: row(
    'POST',
    '/entity/celer-user/account-properties/update',
    'entities',
    'Update trading-platform account properties',
    { permissions: P.entityChange },
  ),
  relatedEntities: row('POST', '/entity/related-entities', 'entities', 'Related entities (downstream)', {
    permissions: P.entityView,
  }),
  relatedEntitiesUpstream: row(
    'POST',
    '/entity/related-entities-upstream',
    'entities',
    'Related entities (upstream)',
    { permissions: P.entityView },
  ),
  update: row('PUT', '/entity/update', 'entities', 'Update an entity', { permissions: P.entityChange }),
  addressTypes: row('GET', '/entity/addressTypes', 'entities', 'Address types', {
    permissions: P.entityView,
  }),
  attributes: row('GET', '/entity/attributes', 'entities', 'Entity attributes', {
    permissions: P.entityView,
  }),
  baseCurrencies: row('GET', '/entity/baseCurrencies', 'entities', 'Base currencies', {
    permissions: P.entityView,
  }),
  conversionProfile: row('GET', '/entity/conversionProfile', 'entities', 'One conversion profile', {
    permissions: P.entityView,
  }),
  conversionProfiles: row('GET', '/entity/conversionProfiles', 'entities', 'Conversion profiles', {
    permissions: P.entityView,
  }),
  nameSources: row('GET', '/entity/nameSources', 'entities', 'Name sources', { permissions: P.entityView }),
  countries: row('GET', '/entity/countries', 'entities', 'Countries (ISO 3166)', {
    permissions: P.entityView,
  }),
  parentEntities: row('GET', '/entity/parentEntities', 'entities', 'Possible parent entities', {
    permissions: P.entityView,
  }),
  rollProfiles: row('GET', '/entity/rollProfiles', 'entities', 'Roll profiles', {
    permissions: P.entityView,
  }),
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
