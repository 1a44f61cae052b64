import { type Endpoint, entityLocationOf, isPlatformWide } from '@clearway/contracts/endpoint';
import {
  OBJECT_KINDS,
  type ObjectField,
  type ObjectKind,
  PRINCIPAL_KINDS,
} from '@clearway/contracts/objects';
import {
  type EntityPermissions,
  type PermissionRequirement,
  satisfies,
} from '@clearway/contracts/permissions';
import { INT4_MAX, idMessage, parseId } from '@clearway/contracts/primitives';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, forbidden, notFound, unauthenticated } from './errors';
import { canonicalId } from './object-owners';
import type { AccessPorts, OwnedObjectRef, Principal } from './principal';

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}

async function authenticate(ports: AccessPorts, request: FastifyRequest): Promise<Principal | null> {
  for (const authenticator of ports.authenticators) {
    const principal = await authenticator(request);
    if (principal) return principal;
  }
  return null;
}

/** The principal's permissions on the platform root (null: it sees no root, or none exists). */
async function atPlatformRoot(ports: AccessPorts, principal: Principal): Promise<EntityPermissions | null> {
  const rootId = await ports.platformRootId();
  return rootId === null ? null : ports.resolvePermissions(principal, rootId);
}

/**
 * Maintenance switches every tenant off, so only who may switch it — system_management at
 * the platform root — works through it; a tenant's system_management does not.
 */
async function holdsSystemManagement(ports: AccessPorts, principal: Principal | null): Promise<boolean> {
  if (!principal || principal.twoFactorPending) return false;
  const held = await atPlatformRoot(ports, principal);
  return held ? satisfies(held, { keys: ['system_management'] }) : false;
}

/** A platform-wide row's keys, held at the root: a key on a subtree acts on that subtree only. */
async function assertHeldAtPlatformRoot(
  ports: AccessPorts,
  principal: Principal,
  need: PermissionRequirement,
) {
  const held = await atPlatformRoot(ports, principal);
  if (!held || !satisfies(held, need))
    throw forbidden('This acts on what every tenant shares: it needs the permission at the platform root');
}

function maintenanceError(retryAfterSeconds: number) {
  return new AppError(
    'Maintenance',
    503,
    'The platform is under maintenance, please try again later',
    undefined,
    undefined,
    {
      'Retry-After': String(retryAfterSeconds),
    },
  );
}

/** Reads the entity id from where the contract row says it travels; absent → home entity. */
export function locateEntity(request: FastifyRequest, e: Endpoint, principal: Principal): number {
  const where = entityLocationOf(e);
  if (where.in === 'home') return principal.homeEntityId;
  const source = (
    where.in === 'body' ? request.body : where.in === 'query' ? request.query : request.params
  ) as Record<string, unknown> | undefined;
  const raw = source && typeof source === 'object' ? source[where.field] : undefined;
  if (raw === undefined || raw === null || raw === '') return principal.homeEntityId;
  const id = parseId(raw);
  if (id === null)
    throw badRequest(`${where.field}: ${idMessage(INT4_MAX)}`, { [where.field]: idMessage(INT4_MAX) });
  return id;
}

type Found = { value: unknown; container: Record<string, unknown> | null };

/** The values at `path` below `node`, walking every list met on the way (and at the end). */
function valuesAt(node: unknown, path: string[], container: Found['container'] = null): Found[] {
  if (Array.isArray(node)) return node.flatMap((item) => valuesAt(item, path, container));
  if (path.length === 0) return node == null ? [] : [{ value: node, container }];
  if (!node || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  return valuesAt(record[path[0]!], path.slice(1), record);
}

/** A principal's kind as a request gives it: a user or an API key, or nothing that can be placed. */
const principalKind = (kind: unknown): ObjectKind | null => PRINCIPAL_KINDS.find((k) => k === kind) ?? null;

type NamedRef = { field: string; kind: ObjectKind | null; id: number | string };

/** The objects one found value names, read as the row declares the field. */
function refsIn(field: string, what: ObjectField, found: Found): NamedRef[] {
  const { value, container } = found;
  if (what === 'principal') {
    const ref = value as { kind?: unknown; id?: unknown };
    return [{ field, kind: principalKind(ref?.kind), id: String(ref?.id ?? '') }];
  }
  const kind = typeof what === 'string' ? what : principalKind(container?.[what.kindAt]);
  return [{ field, kind, id: value as number | string }];
}

/**
 * The objects a call names, as its contract row declares them, read from the validated
 * path, body and query (the first that holds the field's first step). A dotted field walks
 * into the value, through every list on the way; an absent field names nothing. A kind that
 * cannot be read (a principal reference of no known kind) is null: it names nothing.
 */
export function objectRefsOf(request: FastifyRequest, e: Endpoint): NamedRef[] {
  const sources = [request.params, request.body, request.query] as (Record<string, unknown> | undefined)[];
  return Object.entries(e.objects ?? {}).flatMap(([field, what]) => {
    const path = field.split('.');
    const source = sources.find((s) => s && typeof s === 'object' && s[path[0]!] != null);
    return valuesAt(source, path).flatMap((found) => refsIn(field, what, found));
  });
}

/** 404 naming the kind, as for an object that does not exist. */
const notFoundAs = (kind: ObjectKind | null) => notFound(`${OBJECT_KINDS[kind ?? 'user']} not found`);

/**
 * An entity acted on from above it (`entityFromAbove`: a freeze): visible to the caller (else
 * 404), and the row's keys held for the children of its parent — the owner its kind's query
 * names — else 403: keys held on the entity alone (its own users'), or on the parent alone
 * (SELF), never act on it from above, and nothing acts on a root this way.
 */
async function checkFromAbove(ports: AccessPorts, request: FastifyRequest, e: Endpoint, ref: OwnedObjectRef) {
  const principal = request.principal!;
  if (!(await ports.resolvePermissions(principal, Number(ref.id))))
    throw notFound(`${OBJECT_KINDS.entityFromAbove} not found`);
  const [parent] = await ports.placeObjects(request.actingEntityId!, [ref]);
  const above = parent ? await ports.resolvePermissions(principal, parent.entityId) : null;
  if (!above || (e.permissions && !satisfies(above, { ...e.permissions, scope: 'child' })))
    throw forbidden('Only an administrator above this entity may do this');
}

/**
 * Applies the acting entity's rule to every object the call names: each of its owning
 * entities must lie within the kind's reach of the acting entity (at or below it; for what
 * is shared down the tree, such as roles and groups, at or above it too), else 404 naming
 * the kind, as if it did not exist. An id naming nothing is 404 alike, so a foreign id and
 * an unknown one cannot be told apart. The row's keys are those already held on the acting
 * entity, which reach what lies below it as they always have. One read for all the objects.
 * An entity named by id (a new parent) is one more entity the call acts on: the row's rule
 * applies there as on the acting entity (outside the caller's reach → 404, keys → 403).
 */
async function checkObjects(ports: AccessPorts, request: FastifyRequest, e: Endpoint) {
  const refs = objectRefsOf(request, e);
  const unreadable = refs.find((r) => r.kind === null);
  if (unreadable) throw notFoundAs(unreadable.kind);
  for (const ref of refs.filter((r) => r.kind === 'entity')) {
    const held = await ports.resolvePermissions(request.principal!, Number(ref.id));
    if (!held) throw notFound(`${OBJECT_KINDS.entity} not found`);
    if (e.permissions && !satisfies(held, e.permissions)) throw forbidden();
  }
  for (const ref of refs.filter((r): r is OwnedObjectRef & { field: string } => r.kind === 'entityFromAbove'))
    await checkFromAbove(ports, request, e, ref);
  const owned = refs.filter(
    (r): r is OwnedObjectRef & { field: string } =>
      r.kind !== null && r.kind !== 'entity' && r.kind !== 'entityFromAbove',
  );
  if (owned.length === 0) return;
  const placed = await ports.placeObjects(request.actingEntityId!, owned);
  const placementsOf = (ref: OwnedObjectRef) =>
    placed.filter((p) => p.kind === ref.kind && p.id === canonicalId(ref.id));
  const outside = owned.find((ref) => {
    const at = placementsOf(ref);
    return at.length === 0 || at.some((p) => !p.withinActing);
  });
  if (outside) throw notFoundAs(outside.kind);
}

/**
 * The one generic authorization hook. It reads the route's contract row: public rows
 * pass; others need a principal (401 first, before any work), respect maintenance mode
 * (503 unless the caller holds system_management at the platform root), then — once the
 * body is parsed — the principal's permissions on the acting entity must satisfy the row
 * (outside the visible tree → 404, missing keys → 403), and a platform-wide row's keys must
 * also be held at the platform root (else 403). Once the input is validated, every object the
 * row declares must lie in the acting entity's tree (`checkObjects`, else 404). Handlers never check permissions or the
 * reach of an id themselves.
 */
export function installAccessGuard(app: FastifyInstance, ports: AccessPorts, retryAfterSeconds: number) {
  app.decorateRequest('principal', null);
  app.decorateRequest('actingEntityId', null);
  app.decorateRequest('heldPermissions', null);

  app.addHook('onRequest', async (request) => {
    const e = request.routeOptions.config.endpoint;
    if (!e || e.access === 'public') return;
    const principal = await authenticate(ports, request);
    if ((await ports.isMaintenanceOn()) && !(await holdsSystemManagement(ports, principal))) {
      throw maintenanceError(retryAfterSeconds);
    }
    if (!principal) throw unauthenticated();
    if (e.access === 'authenticated' && principal.twoFactorPending) {
      throw unauthenticated('Two-factor verification is required');
    }
    request.principal = principal;
  });

  app.addHook('preValidation', async (request) => {
    const e = request.routeOptions.config.endpoint;
    const principal = request.principal;
    if (!e || e.access === 'public' || !principal) return;
    const entityId = locateEntity(request, e, principal);
    // Nothing to check: no keys asked, and a principal always sees its own home entity.
    if (!e.permissions && entityId === principal.homeEntityId) {
      request.actingEntityId = entityId;
      return;
    }
    const held = await ports.resolvePermissions(principal, entityId);
    if (!held) throw notFound();
    if (e.permissions && !satisfies(held, e.permissions)) throw forbidden();
    if (isPlatformWide(e)) await assertHeldAtPlatformRoot(ports, principal, e.permissions ?? { keys: [] });
    request.actingEntityId = entityId;
    request.heldPermissions = held;
  });

  app.addHook('preHandler', async (request) => {
    const e = request.routeOptions.config.endpoint;
    if (!e?.objects || e.access === 'public' || !request.principal || request.actingEntityId === null) return;
    await checkObjects(ports, request, e);
  });
}
