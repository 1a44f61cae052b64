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

/**
 * The ports the access guard reads; modules plug into them (sessions, API keys and bearer
 * tokens add authenticators, the authorization module supplies the resolver).
 */
export type AccessPorts = {
  authenticators: Authenticator[];
  resolvePermissions: PermissionResolver;
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
