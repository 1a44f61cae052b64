import { INVALID_LOGIN_MESSAGES } from '@clearway/contracts/errors';
import type { FastifyInstance } from 'fastify';

type Level = 'error' | 'warn' | 'info';

/**
 * Spec section 8: 400, 413 and 5xx are errors; other 4xx warnings, except the two
 * invalid-login messages, which are normal.
 */
export function levelForResponse(status: number, message?: string): Level {
  if (status === 400 || status === 413 || status >= 500) return 'error';
  if (status >= 400) {
    return message && (INVALID_LOGIN_MESSAGES as readonly string[]).includes(message) ? 'info' : 'warn';
  }
  return 'info';
}

// Pino loggers expose isLevelEnabled; Fastify's base logger type does not declare it.
function isEnabled(log: unknown, level: Level): boolean {
  return (log as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) ?? true;
}

export function installRequestLogging(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const level = levelForResponse(status, request.errorBody?.message);
    if (!isEnabled(request.log, level)) return done();
    request.log[level](
      {
        method: request.method,
        url: request.url,
        status,
        ms: Math.round(reply.elapsedTime),
        ...(request.errorBody ? { title: request.errorBody.title, message: request.errorBody.message } : {}),
      },
      'request completed',
    );
    done();
  });
}
