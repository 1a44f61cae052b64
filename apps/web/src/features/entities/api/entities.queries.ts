import { API } from '@clearway/contracts/endpoint-table';
import type { TEntityFilters } from '@clearway/contracts/endpoints/entity.schemas';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { entityKeys } from './entities.keys';

/** One entity with every section 3 field, read as the acting entity `actingId`. */
export const entityViewQuery = (actingId: number, entityId: number) =>
  queryOptions({
    queryKey: entityKeys.view(entityId),
    queryFn: () => api(API.entity.view, { payload: { entityId } }),
    enabled: actingId > 0 && entityId > 0,
  });

/** The entities below one, filtered (section 3) and paged. */
export const entityListQuery = (
  entityId: number,
  filters: TEntityFilters & { limit: number; offset: number },
) =>
  queryOptions({
    queryKey: entityKeys.list(entityId, filters),
    queryFn: () => api(API.entity.childList, { params: { id: entityId }, payload: filters }),
    placeholderData: keepPreviousData,
  });

export const entityAccountsQuery = (entityId: number) =>
  queryOptions({
    queryKey: entityKeys.accounts(entityId),
    queryFn: () => api(API.entity.accounts, { payload: { entityId } }),
  });

export const relatedEntitiesQuery = (entityId: number, direction: 'down' | 'up') =>
  queryOptions({
    queryKey: entityKeys.related(entityId, direction),
    queryFn: () =>
      api(direction === 'down' ? API.entity.relatedEntities : API.entity.relatedEntitiesUpstream, {
        payload: { entityId },
      }),
  });

/** Entities a new or moved entity may go below: wherever the user holds account_management. */
export const parentEntitiesQuery = queryOptions({
  queryKey: entityKeys.parents,
  queryFn: () => api(API.entity.parentEntities),
});

const reference = <R>(name: string, fetch: () => Promise<R>) =>
  queryOptions({ queryKey: entityKeys.reference(name), queryFn: fetch, staleTime: 5 * 60_000 });

/** The reference lists behind the entity forms and filters. */
export const entityReference = {
  attributes: reference('attributes', () => api(API.entity.attributes)),
  addressTypes: reference('addressTypes', () => api(API.entity.addressTypes)),
  nameSources: reference('nameSources', () => api(API.entity.nameSources)),
  baseCurrencies: reference('baseCurrencies', () => api(API.entity.baseCurrencies)),
  countries: reference('countries', () => api(API.entity.countries)),
  conversionProfiles: reference('conversionProfiles', () => api(API.entity.conversionProfiles)),
  rollProfiles: reference('rollProfiles', () => api(API.entity.rollProfiles)),
};

/** The entity reference lists staff keep (issue 26), and their contract rows. */
export type ReferenceCodeList = 'addressTypes' | 'nameSources' | 'attributes';
export const referenceCodeRows = {
  addressTypes: {
    all: API.entity.addressTypesAll,
    create: API.entity.addressTypeCreate,
    update: API.entity.addressTypeUpdate,
  },
  nameSources: {
    all: API.entity.nameSourcesAll,
    create: API.entity.nameSourceCreate,
    update: API.entity.nameSourceUpdate,
  },
  attributes: {
    all: API.entity.attributesAll,
    create: API.entity.attributeCreate,
    update: API.entity.attributeUpdate,
  },
} as const;

/** Every code of a list, disabled ones too, as its keepers see it. */
export const allReferenceCodesQuery = (list: ReferenceCodeList, entityId: number) =>
  queryOptions({
    queryKey: entityKeys.reference(`${list}/all`),
    queryFn: () => api(referenceCodeRows[list].all, { payload: { entityId: String(entityId) } }),
  });
