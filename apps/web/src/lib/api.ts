import type { BodyOf, Endpoint, QueryOf, ResponseOf } from '@clearway/contracts/endpoint';
import { authEndpoints } from '@clearway/contracts/endpoints/auth.endpoints';
import { CSRF_COOKIE, LOGOUT_BROADCAST_KEY, SESSION_VALID_COOKIE } from '@clearway/contracts/session';
import { type CallInput, callEndpoint, GatewayError, type GatewayOptions } from './gateway';
import { runtimeConfig } from './runtime-config';

export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return hit ? decodeURIComponent(hit.slice(prefix.length)) : undefined;
}

const options = (): GatewayOptions => ({
  timeoutMs: runtimeConfig.apiFetchTimeoutMs,
  maxResponseSizeBytes: runtimeConfig.maxResponseSizeBytes,
  hasSession: () => readCookie(SESSION_VALID_COOKIE) !== undefined,
  csrfToken: () => readCookie(CSRF_COOKIE),
});

let loggingOut: Promise<string> | null = null;

/**
 * Section 4: a 401 on an authenticated call triggers one logout shared by every call that
 * fails at the same time. It signs out server-side, tells other tabs and returns where to go.
 */
export function sharedLogout(): Promise<string> {
  loggingOut ??= callEndpoint<{ url: string }>(
    authEndpoints.signout,
    { payload: { csrfToken: readCookie(CSRF_COOKIE), json: true } },
    options(),
  )
    .then(({ url }) => {
      localStorage.setItem(LOGOUT_BROADCAST_KEY, String(Date.now()));
      const back = `${window.location.pathname}${window.location.search}`;
      return `${url}?${new URLSearchParams({ error: 'SessionRequired', callbackUrl: back })}`;
    })
    .finally(() => {
      loggingOut = null;
    });
  return loggingOut;
}

/**
 * What a row takes as its payload: a multipart upload's form; a GET's query; else the body
 * its schema accepts (`BodyOf`). A row whose schemas its issue has not filled in takes none.
 */
export type PayloadOf<E extends Endpoint> = E['contentType'] extends 'multipart'
  ? FormData
  : E['method'] extends 'GET'
    ? QueryOf<E>
    : BodyOf<E>;

/** A call's input, typed by its row: the payload is required when the row's schema requires one. */
export type ApiInput<E extends Endpoint> = Omit<CallInput, 'payload'> &
  (undefined extends PayloadOf<E> ? { payload?: PayloadOf<E> } : { payload: PayloadOf<E> });

type ApiArgs<E extends Endpoint> =
  undefined extends PayloadOf<E> ? [input?: ApiInput<E>] : [input: ApiInput<E>];

/**
 * Calls a contract row with the app's settings: time-out, size limit, session and CSRF.
 * The payload is the row's request type and the answer its response type.
 */
export async function api<E extends Endpoint>(e: E, ...[input]: ApiArgs<E>): Promise<ResponseOf<E>> {
  try {
    return await callEndpoint<ResponseOf<E>>(e, input ?? {}, options());
  } catch (err) {
    const sentWithSession =
      e.access === 'authenticated' && !(err instanceof GatewayError && err.body === undefined);
    if (!(err instanceof GatewayError) || err.status !== 401 || !sentWithSession) throw err;
    // The logout worked: drop this call's result silently and follow the redirect.
    const next = await sharedLogout();
    window.location.assign(next);
    return new Promise<never>(() => {});
  }
}
