import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets style attributes at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every response; API answers are never cached. */
export function installSecurityHeaders(app: FastifyInstance, apiPrefix: string) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    if (!reply.getHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('X-Request-Id', request.id);
    if (request.url.startsWith(`${apiPrefix}/`) || request.url === apiPrefix) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
