import type { BodyOf } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiKeyKeys, rightsKeys, userKeys } from './users.keys';

const U = API.userManagement;

function useWrite<B, R>(send: (body: B) => Promise<R>, keys: readonly (readonly string[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useCreateUser = () =>
  useWrite((b: BodyOf<typeof U.create>) => api(U.create, { payload: b }), [userKeys.all]);
export const useCreateUserViaTemplate = () =>
  useWrite(
    (b: BodyOf<typeof U.createViaTemplate>) => api(U.createViaTemplate, { payload: b }),
    [userKeys.all],
  );
export const useUpdateUser = () =>
  useWrite((b: BodyOf<typeof U.update>) => api(U.update, { payload: b }), [userKeys.all]);
export const useResetTwoFactor = () =>
  useWrite((b: BodyOf<typeof U.twoFactorUpdate>) => api(U.twoFactorUpdate, { payload: b }), [userKeys.all]);
export const useCreateApiKey = () =>
  useWrite((b: BodyOf<typeof U.apiKeysCreate>) => api(U.apiKeysCreate, { payload: b }), [apiKeyKeys.all]);
export const useRevokeApiKey = () =>
  useWrite((b: BodyOf<typeof U.apiKeysRevoke>) => api(U.apiKeysRevoke, { payload: b }), [apiKeyKeys.all]);
export const useUpdateRole = () =>
  useWrite(
    (b: BodyOf<typeof API.authorization.rolesUpdate>) => api(API.authorization.rolesUpdate, { payload: b }),
    [rightsKeys.all, userKeys.all],
  );

/** What a change of rights would do (nothing is saved). */
export const useRightsPreview = () =>
  useMutation({
    mutationFn: (b: BodyOf<typeof API.authorization.rightsPreview>) =>
      api(API.authorization.rightsPreview, { payload: b }),
  });

const A = API.authorization;
export const useCreateGroup = () =>
  useWrite((b: BodyOf<typeof A.groupsCreate>) => api(A.groupsCreate, { payload: b }), [rightsKeys.all]);
export const useUpdateGroup = () =>
  useWrite(
    (b: BodyOf<typeof A.groupsUpdate>) => api(A.groupsUpdate, { payload: b }),
    [rightsKeys.all, userKeys.all],
  );
export const useSetGroupRoles = () =>
  useWrite(
    (b: BodyOf<typeof A.groupsRoleUpdate>) => api(A.groupsRoleUpdate, { payload: b }),
    [rightsKeys.all, userKeys.all],
  );
export const useCreateScope = () =>
  useWrite(
    (b: BodyOf<typeof A.scopesCreate>) => api(A.scopesCreate, { payload: b }),
    [rightsKeys.all, userKeys.all],
  );
export const useDeleteScope = () =>
  useWrite(
    (b: BodyOf<typeof A.scopesDelete>) => api(A.scopesDelete, { payload: b }),
    [rightsKeys.all, userKeys.all],
  );

export const useUpdateTradingUser = () =>
  useWrite((b: BodyOf<typeof U.celerUpdate>) => api(U.celerUpdate, { payload: b }), [userKeys.all]);
export const useResetTradingPassword = () =>
  useWrite(
    (b: BodyOf<typeof U.celerResetPassword>) => api(U.celerResetPassword, { payload: b }),
    [userKeys.all],
  );
export const useCreateSsoLink = () =>
  useWrite((b: BodyOf<typeof A.ssoCreate>) => api(A.ssoCreate, { payload: b }), [userKeys.all]);
export const useDeleteSsoLink = () =>
  useWrite((b: BodyOf<typeof A.ssoDelete>) => api(A.ssoDelete, { payload: b }), [userKeys.all]);
export const useSetKeyGroups = () =>
  useWrite(
    (b: BodyOf<typeof U.apiKeysGroups>) => api(U.apiKeysGroups, { payload: b }),
    [apiKeyKeys.all, userKeys.all],
  );
export const useSetKeyDirect = () =>
  useWrite(
    (b: BodyOf<typeof U.apiKeysDirectPermissions>) => api(U.apiKeysDirectPermissions, { payload: b }),
    [apiKeyKeys.all, userKeys.all],
  );

export const useCreateUserTemplate = () =>
  useWrite((b: BodyOf<typeof U.templatesCreate>) => api(U.templatesCreate, { payload: b }), [userKeys.all]);

export const useCreateRole = () =>
  useWrite((b: BodyOf<typeof A.rolesCreate>) => api(A.rolesCreate, { payload: b }), [rightsKeys.all]);

export const useAssignUser = () =>
  useWrite((b: BodyOf<typeof U.assign>) => api(U.assign, { payload: b }), [userKeys.all, rightsKeys.all]);
export const useSetUserRoles = () =>
  useWrite(
    (b: BodyOf<typeof U.rolesUpdate>) => api(U.rolesUpdate, { payload: b }),
    [userKeys.all, rightsKeys.all],
  );
export const useCreateDirect = () =>
  useWrite(
    (b: BodyOf<typeof A.directCreate>) => api(A.directCreate, { payload: b }),
    [userKeys.all, rightsKeys.all],
  );
export const useDeleteDirect = () =>
  useWrite(
    (b: BodyOf<typeof A.directDelete>) => api(A.directDelete, { payload: b }),
    [userKeys.all, rightsKeys.all],
  );
export const useSetKeyRoles = () =>
  useWrite(
    (b: BodyOf<typeof U.apiKeysRoles>) => api(U.apiKeysRoles, { payload: b }),
    [apiKeyKeys.all, userKeys.all],
  );

/** Public: the new address confirms a pending e-mail change with the mailed link's token. */
export const useConfirmEmail = () =>
  useWrite((b: BodyOf<typeof U.confirmEmail>) => api(U.confirmEmail, { payload: b }), [userKeys.all]);
