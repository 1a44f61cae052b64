import type { BodyOf } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { entityKeys } from '../../entities/api/entities.keys';
import { templateKeys } from './templates.keys';

function useTemplateChange<B, R>(entityId: number, call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.entity(entityId) }),
  });
}

export const useCreateTemplate = (entityId: number) =>
  useTemplateChange(entityId, (body: BodyOf<typeof API.template.create>) =>
    api(API.template.create, { payload: body }),
  );
export const useUpdateTemplate = (entityId: number) =>
  useTemplateChange(entityId, (body: BodyOf<typeof API.template.update>) =>
    api(API.template.update, { payload: body }),
  );
export const useDeleteTemplate = (entityId: number) =>
  useTemplateChange(entityId, (templateId: number) =>
    api(API.template.delete, { payload: { entityId, templateId } }),
  );

/** Creates an entity from a template: the whole entity tree refreshes. */
export function useCreateFromTemplate(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.template.createEntity>) =>
      api(API.template.createEntity, { params: { id: templateId }, payload: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all }),
  });
}
