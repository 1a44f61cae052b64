import type { FastifyInstance } from 'fastify';

/** The policy for documents (the web app). */
const DOCUMENT_CSP = [
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

/** API answers are data, never documents: nothing may load or frame them. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const COMMON = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
};

const API_HEADERS = { ...COMMON, 'Content-Security-Policy': API_CSP, 'Cache-Control': 'no-store' };

const DOCUMENT_HEADERS = {
  ...COMMON,
  'Content-Security-Policy': DOCUMENT_CSP,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Headers on every response, set before the handler runs so no per-response hook is
 * needed. API answers get a short deny-all policy and are never cached; a route may still
 * replace the CSP (the API viewer sets its own). Header bytes cost on every response, so
 * documents alone carry the long policy.
 */
export function installSecurityHeaders(app: FastifyInstance, apiPrefix: string) {
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith(apiPrefix) && !request.url.startsWith(`${apiPrefix}/docs`);
    reply.headers(isApi ? API_HEADERS : DOCUMENT_HEADERS);
    reply.header('X-Request-Id', request.id);
    done();
  });
}
