import { describeStatus, ERROR_CATALOGUE, type ErrorBody } from '@clearway/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionLoss, rootCause } from './pg-errors';

export const ERROR_CODES = [
  'BadRequest',
  'Unauthenticated',
  'Forbidden',
  'NotFound',
  'Conflict',
  'IdempotencyKeyConflict',
  'InsufficientFunds',
  'Unbalanced',
  'AlreadyResolved',
  'AccountClosed',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'RateLimited',
  'Maintenance',
  'DatabaseUnavailable',
  'Internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error type services throw; the handler turns it into `{status,title,message,errors}`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message?: string,
    readonly fieldErrors?: Record<string, string>,
    readonly title?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? describeStatus(status).message);
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError('BadRequest', 400, message, fieldErrors);
export const notFound = (message = 'The requested resource was not found') =>
  new AppError('NotFound', 404, message);
export const unauthenticated = (message = 'Log in and try again') =>
  new AppError('Unauthenticated', 401, message);
export const forbidden = (message = 'You do not have permission for this action on the selected entity') =>
  new AppError('Forbidden', 403, message);
export const conflict = (message: string, code: ErrorCode = 'Conflict') => new AppError(code, 409, message);

/**
 * For `.catch` on a lookup that may find nothing: null for a 404, anything else rethrown —
 * a lost database connection must stay a 503, not become "not found".
 */
export function nullWhenNotFound(err: unknown): null {
  if (err instanceof AppError && err.status === 404) return null;
  throw err;
}

/** How soon a caller may retry after the database could not be reached (a restart or fail-over). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable, please try again in a few seconds';

/**
 * A lost or refused database connection. The call's transaction rolled back (unless the loss
 * came after its commit), so it may be retried — with the same Idempotency-Key if it moves money.
 */
export const databaseUnavailable = () =>
  new AppError('DatabaseUnavailable', 503, DATABASE_UNAVAILABLE_MESSAGE, undefined, undefined, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });

declare module 'fastify' {
  interface FastifyRequest {
    /** The error body sent, read by the response logger. */
    errorBody?: ErrorBody;
    /**
     * Fields a row's data check refused before validation (a code no reference list has):
     * named beside the schema's refusals, so one answer lists every wrong field.
     */
    dataFieldErrors?: Record<string, string>;
  }
}

function bodyFor(
  status: number,
  message?: string,
  errors?: Record<string, string>,
  title?: string,
): ErrorBody {
  const entry = describeStatus(status, { message });
  return {
    status,
    title: title ?? ERROR_CATALOGUE[status]?.title ?? entry.title,
    message: entry.message,
    ...(errors ? { errors } : {}),
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, body: ErrorBody) {
  request.errorBody = body;
  return reply.status(body.status).type('application/json').send(body);
}

function fromValidation(err: FastifyError, dataErrors: Record<string, string> = {}): ErrorBody {
  const errors: Record<string, string> = {};
  if (hasZodFastifySchemaValidationErrors(err)) {
    for (const v of err.validation) {
      const keys = (v.params as { keys?: string[] }).keys;
      const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      if (v.keyword === 'unrecognized_keys' && keys) {
        for (const k of keys) errors[path ? `${path}.${k}` : k] ??= 'Unknown field';
        continue;
      }
      errors[path || err.validationContext || 'body'] ??= v.message ?? 'Invalid value';
    }
  }
  for (const [field, message] of Object.entries(dataErrors)) errors[field] ??= message;
  const first = Object.entries(errors)[0];
  return bodyFor(400, first ? `${first[0]}: ${first[1]}` : err.message, errors);
}

/**
 * One handler for every failure; 5xx never leak internals. A lost database connection is a
 * 503 with Retry-After, whichever statement met it: its transaction rolled back.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    let err = thrown;
    if (!(err instanceof AppError) && isConnectionLoss(err)) {
      // The cause, not the stack: an outage fails many calls the same way.
      request.log.warn({ cause: rootCause(err) }, 'database connection lost or refused');
      err = databaseUnavailable() as unknown as FastifyError;
    }
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return sendError(request, reply, bodyFor(err.status, err.message, err.fieldErrors, err.title));
    }
    if (hasZodFastifySchemaValidationErrors(err))
      return sendError(request, reply, fromValidation(err, request.dataFieldErrors));
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its contract');
      return sendError(request, reply, bodyFor(500));
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      request.log.error({ err }, 'unhandled error');
      return sendError(request, reply, bodyFor(500));
    }
    return sendError(request, reply, bodyFor(status, err.message));
  });
}
