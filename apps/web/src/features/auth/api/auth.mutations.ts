import type { BodyOf } from '@clearway/contracts/endpoint';
import { authEndpoints } from '@clearway/contracts/endpoints/auth.endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { broadcastLogout } from './auth.calls';
import { authKeys } from './auth.keys';

/** The session changed: everything that reads it asks again. */
function useSessionRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: authKeys.session });
}

/** Username and password: the answer says whether a two-factor step follows. */
export function useLogin() {
  const onSuccess = useSessionRefresh();
  return useMutation({
    mutationFn: (body: BodyOf<typeof authEndpoints.login>) => api(authEndpoints.login, { payload: body }),
    onSuccess,
  });
}

/** Starts two-factor setup: a new secret, its QR code and the authenticator apps to use. */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: () => api(authEndpoints.twoFactorSetupVerify) });
}

/** The code from the authenticator app: the session is then complete. */
export function useVerifyTwoFactor() {
  const onSuccess = useSessionRefresh();
  return useMutation({
    mutationFn: (body: BodyOf<typeof authEndpoints.twoFactorVerify>) =>
      api(authEndpoints.twoFactorVerify, { payload: body }),
    onSuccess,
  });
}

/** Starts sign-in with Microsoft: the answer is the IdP address to go to. */
export function useStartMicrosoftSignIn() {
  return useMutation({
    mutationFn: async (callbackUrl: string) => {
      const res = await api(authEndpoints.loginViaMsEntra, { payload: { callbackUrl } });
      if (!('url' in res)) throw new Error('Unexpected answer');
      return res.url;
    },
  });
}

/** Finishes sign-in with Microsoft once the IdP has answered (`/login?entra=<state>`). */
export function useFinishMicrosoftSignIn() {
  const onSuccess = useSessionRefresh();
  return useMutation({
    mutationFn: async (state: string) => {
      const res = await api(authEndpoints.loginViaMsEntra, { payload: { state } });
      if ('url' in res) throw new Error('Unexpected answer');
      return res;
    },
    onSuccess,
  });
}

/** Sends a reset link if an account matches (the same answer either way). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authEndpoints.forgotPassword>) =>
      api(authEndpoints.forgotPassword, { payload: body }),
  });
}

/** Sets a new password with a reset link's token. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authEndpoints.resetPassword>) =>
      api(authEndpoints.resetPassword, { payload: body }),
  });
}

/** Changes the signed-in user's own password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authEndpoints.changePassword>) =>
      api(authEndpoints.changePassword, { payload: body }),
  });
}

/** Ends the session and tells the other tabs; the answer is where to go. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      const { redirectUrl } = await api(authEndpoints.logout, { payload: { isMsEntra: false } });
      broadcastLogout();
      return redirectUrl;
    },
  });
}
