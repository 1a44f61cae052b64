import type { Endpoint, ResponseOf } from '@clearway/contracts/endpoint';
import { type CallInput, callEndpoint } from './gateway';
import { runtimeConfig } from './runtime-config';

/** Cookie names the server sets for the web app (readable, never the session id itself). */
export const SESSION_VALID_COOKIE = 'clearway.session-valid';
export const CSRF_COOKIE = 'clearway.csrf';

export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return hit ? decodeURIComponent(hit.slice(prefix.length)) : undefined;
}

/** Calls a contract row with the app's settings: time-out, size limit, session and CSRF. */
export function api<E extends Endpoint>(e: E, input: CallInput = {}): Promise<ResponseOf<E>> {
  return callEndpoint<ResponseOf<E>>(e, input, {
    timeoutMs: runtimeConfig.apiFetchTimeoutMs,
    maxResponseSizeBytes: runtimeConfig.maxResponseSizeBytes,
    hasSession: () => readCookie(SESSION_VALID_COOKIE) !== undefined,
    csrfToken: () => readCookie(CSRF_COOKIE),
  });
}
