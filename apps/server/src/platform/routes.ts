import { type Endpoint, type ResponseOf, toRoutePattern } from '@clearway/contracts/endpoint';
import { API_BASE } from '@clearway/contracts/endpoint-table';
import type { EntityPermissions } from '@clearway/contracts/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { idempotencyKeyOf } from './idempotency';
import type { Principal } from './principal';

type In<S> = S extends z.ZodType ? z.output<S> : undefined;
/** A money-moving row's handler always has its Idempotency-Key; others have none. */
type KeyOf<E extends Endpoint> = E extends { idempotent: true } ? string : undefined;

export type HandlerContext<E extends Endpoint> = {
  body: In<E['body']>;
  query: In<E['query']>;
  params: In<E['params']>;
  principal: Principal | null;
  /** The entity the guard authorised the call on (null on public routes). */
  entityId: number | null;
  /** The caller's permissions on that entity, when the guard read them. */
  held: EntityPermissions | null;
  /** The Idempotency-Key of an `idempotent` row, read (or refused with 400) before the handler. */
  idempotencyKey: KeyOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => Promise<ResponseOf<E>>;

/**
 * Serves one contract row: method, path, schemas and permissions all come from the row,
 * so a route cannot drift from what the web client and the guard read.
 */
export function serve<E extends Endpoint>(app: FastifyInstance, e: E, handler: Handler<E>) {
  app.route({
    method: e.method,
    url: toRoutePattern(e.path),
    config: { endpoint: e },
    schema: {
      summary: e.summary,
      tags: [e.tag],
      ...(e.body ? { body: e.body } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.response ? { response: { 200: e.response } } : {}),
    },
    handler: (request, reply) =>
      handler({
        idempotencyKey: (e.idempotent ? idempotencyKeyOf(request) : undefined) as KeyOf<E>,
        body: request.body as In<E['body']>,
        query: request.query as In<E['query']>,
        params: request.params as In<E['params']>,
        principal: request.principal,
        entityId: request.actingEntityId,
        held: request.heldPermissions,
        request,
        reply,
      }),
  });
}

/** Every route registered under the API prefix, as `METHOD /path` in the spec's form. */
export function collectApiRoutes(app: FastifyInstance): Set<string> {
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_BASE}/`)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.slice(API_BASE.length).replace(/:(\w+)/g, '{$1}');
    for (const m of methods) if (m !== 'HEAD') seen.add(`${m} ${path}`);
  });
  return seen;
}

/** The caller and the entity the guard authorised, for routes that need both. */
export function actingOn(c: { principal: Principal | null; entityId: number | null }) {
  return { principal: c.principal!, entityId: c.entityId! };
}
