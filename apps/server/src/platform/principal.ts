import type { ObjectKind } from '@clearway/contracts/objects';
import type { EntityPermissions } from '@clearway/contracts/permissions';
import type { FastifyRequest } from 'fastify';

/** Who is calling: a user (by session or bearer token) or an API key. */
export type Principal = {
  kind: 'user' | 'apiKey';
  id: string;
  name: string;
  homeEntityId: number;
  via: 'session' | 'bearer' | 'apiKey';
  /** A session that has passed the password but not yet the two-factor step. */
  twoFactorPending: boolean;
  sessionId?: string;
};

/** Finds the principal from the request's credentials, or null when it carries none. */
export type Authenticator = (request: FastifyRequest) => Promise<Principal | null>;

/**
 * The principal's effective permissions on an entity, or null when the entity is outside
 * the principal's visible tree (the caller then gets 404).
 */
export type PermissionResolver = (
  principal: Principal,
  entityId: number,
) => Promise<EntityPermissions | null>;

/** An object a call names: its kind and id. */
export type ObjectRef = { kind: ObjectKind; id: number | string };
/** The kinds an owning module places; an entity named by id is checked as an acting entity. */
export type OwnedObjectKind = Exclude<ObjectKind, 'entity'>;
export type OwnedObjectRef = { kind: OwnedObjectKind; id: number | string };

/**
 * Where an object sits, once per owning entity: whether that entity lies at or below the
 * acting entity. An object that does not exist has no placement.
 */
export type ObjectPlacement = { kind: OwnedObjectKind; id: string; entityId: number; withinActing: boolean };

/** Places the objects a call names (set-based: one statement for all of them). */
export type ObjectPlacer = (actingEntityId: number, refs: OwnedObjectRef[]) => Promise<ObjectPlacement[]>;

/**
 * The ports the access guard reads; modules plug into them (sessions, API keys and bearer
 * tokens add authenticators, the authorization module supplies the resolver).
 */
export type AccessPorts = {
  authenticators: Authenticator[];
  resolvePermissions: PermissionResolver;
  placeObjects: ObjectPlacer;
  /** The platform's root entity (what every tenant shares hangs there); null before one exists. */
  platformRootId: () => Promise<number | null>;
  isMaintenanceOn: () => Promise<boolean>;
};

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The entity the call acts on, once the guard has authorised it. */
    actingEntityId: number | null;
    /** The caller's permissions there, when the guard had to read them (else null). */
    heldPermissions: EntityPermissions | null;
  }
}
