import type { BodyOf } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { entityKeys } from './entities.keys';
import { type ReferenceCodeList, referenceCodeRows } from './entities.queries';

/** After any change to the tree, every entity read refreshes (forest, lists, pages). */
function useEntityChange<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all }),
  });
}

export const useCreateEntity = () =>
  useEntityChange((body: BodyOf<typeof API.entity.create>) => api(API.entity.create, { payload: body }));

/** Edits, moves (a new parentId), deactivates or reactivates an entity. */
export const useUpdateEntity = () =>
  useEntityChange((body: BodyOf<typeof API.entity.update>) => api(API.entity.update, { payload: body }));

export const useFreezeEntity = (frozen: boolean) =>
  useEntityChange((body: BodyOf<typeof API.entity.freeze>) =>
    api(frozen ? API.entity.freeze : API.entity.unfreeze, { payload: body }),
  );

/** Creates a conversion or roll profile, or edits, disables or enables one (every tenant's). */
export function useSaveProfile(kind: 'conversion' | 'roll', entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id?: number; name?: string; description?: string; active?: boolean }) => {
      const { id, ...fields } = body;
      if (id === undefined) {
        const row = kind === 'conversion' ? API.entity.conversionProfileCreate : API.entity.rollProfileCreate;
        return api(row, { payload: { entityId, name: fields.name ?? '', description: fields.description } });
      }
      const row = kind === 'conversion' ? API.entity.conversionProfileUpdate : API.entity.rollProfileUpdate;
      return api(row, { payload: { entityId, id, ...fields } });
    },
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: entityKeys.reference(kind === 'conversion' ? 'conversionProfiles' : 'rollProfiles'),
      }),
  });
}

/**
 * Creates a code of an entity reference list (`label` and a new `code`), or relabels,
 * disables or enables one; the list offered to the forms and the keepers' list refresh.
 */
export function useSaveReferenceCode(list: ReferenceCodeList, entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { create?: boolean; code: string; label?: string; active?: boolean }) => {
      const { create, ...fields } = body;
      const rows = referenceCodeRows[list];
      return create
        ? api(rows.create, { payload: { entityId, code: fields.code, label: fields.label ?? '' } })
        : api(rows.update, { payload: { entityId, ...fields } });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entityKeys.reference(list) }),
        queryClient.invalidateQueries({ queryKey: entityKeys.reference(`${list}/all`) }),
      ]),
  });
}
