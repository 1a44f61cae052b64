import type { z } from 'zod';
import type { ObjectFields } from './objects';
import type { PermissionKey, PermissionMode, PermissionRequirement } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone; a session still completing its two-factor step (or a full one);
 * or a fully signed-in principal (session, bearer token or API key).
 */
export type Access = 'public' | 'twoFactorPending' | 'authenticated';

/** Where the entity a call acts on travels. Absent field → the principal's home entity. */
export type EntityLocation = { in: 'body' | 'query' | 'params' | 'home'; field: string };

/**
 * `platform`: the row acts on what every tenant shares (maintenance, platform-wide VASPs,
 * the rate sheet, SSI profiles, reference data, calendars), so its keys must be held at
 * the platform's root entity — a key held on a subtree acts on that subtree only. The
 * access guard enforces it from the row.
 */
export type EndpointScope = 'platform';

export type Endpoint = {
  method: HttpMethod;
  /** The spec's path below /api, parameters as `{name}`. */
  path: string;
  access: Access;
  permissions?: PermissionRequirement;
  entity?: EntityLocation;
  scope?: EndpointScope;
  /**
   * Fields naming objects the call acts on or reads (`{ accountId: 'account' }`). Before
   * the handler runs, the guard finds each object's owning entity and applies the acting
   * entity's rule to it: it must lie at or below the acting entity and within the caller's
   * visible tree (else 404, "Account not found"); the row's keys are those the caller holds
   * on the acting entity (else 403). An id naming nothing is 404 too. Keys may be dotted
   * paths into lists of objects (`roles.roleId`), and a principal may carry its kind in the
   * value (`members: 'principal'`): see `ObjectFields`. A filter that merely narrows a list
   * is not an object.
   */
  objects?: ObjectFields;
  /**
   * Money-moving calls require an Idempotency-Key header: `serve` reads it before the
   * handler runs (400 without one) and hands it to the handler as `idempotencyKey`.
   */
  idempotent?: boolean;
  contentType?: 'json' | 'form' | 'multipart';
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
};

export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** Shorthand for a permission requirement on the acting entity's own permissions. */
export function anyOf(...keys: PermissionKey[]): PermissionRequirement {
  return { keys, mode: 'any' satisfies PermissionMode };
}

export function allOf(...keys: PermissionKey[]): PermissionRequirement {
  return { keys, mode: 'all' };
}

/** Whether the row's keys must be held at the platform root (see `EndpointScope`). */
export const isPlatformWide = (e: Pick<Endpoint, 'scope'>): boolean => e.scope === 'platform';

/** Where the entity travels when the row does not say: `entityId` in the query or body. */
export function entityLocationOf(e: Endpoint): EntityLocation {
  if (e.entity) return e.entity;
  return { in: e.method === 'GET' ? 'query' : 'body', field: 'entityId' };
}

/** `/cashentry/{entityId}/children/summary` → `/cashentry/:entityId/children/summary`. */
export function toRoutePattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : unknown;

/**
 * A row whose schemas the implementing issue fills in; until then the route is declared
 * (method, path, access, permissions) but not served.
 */
export function row<const M extends HttpMethod, const P extends string>(
  method: M,
  path: P,
  tag: string,
  summary: string,
  extra: Partial<Omit<Endpoint, 'method' | 'path' | 'tag' | 'summary'>> = {},
) {
  return { method, path, tag, summary, access: 'authenticated' as Access, ...extra };
}

type CallExtras = { idempotent?: boolean; scope?: EndpointScope; objects?: ObjectFields };

/**
 * A signed-in call with its keys, body and response: the shape most business rows share.
 * `idempotent` marks money-moving calls (they need an Idempotency-Key).
 */
export function call<
  const M extends HttpMethod,
  B extends z.ZodType,
  R extends z.ZodType,
  // Kept literal, so a handler of an `idempotent: true` row is typed as receiving its key.
  const X extends CallExtras = Record<never, never>,
>(
  method: M,
  path: string,
  tag: string,
  summary: string,
  permissions: PermissionRequirement,
  body: B,
  response: R,
  // The empty default is a row without extras (X's own default); typed as X so a given
  // `{ idempotent: true }` stays literal in the row's type.
  extra: X = {} as X,
) {
  return endpoint({
    method,
    path,
    access: 'authenticated' as const,
    tag,
    summary,
    permissions,
    body,
    response,
    ...extra,
  });
}

/** Where every call of the table is served (the path prefix of each row). */
export const API_BASE = '/api';
