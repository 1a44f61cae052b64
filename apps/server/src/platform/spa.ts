import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_BASE } from '@clearway/contracts/endpoint-table';
import { describeStatus } from '@clearway/contracts/errors';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicConfig } from './config';
import { sendError } from './errors';

const CONFIG_PLACEHOLDER = '<!--clearway-config-->';

/** index.html with the public configuration embedded as inert JSON (CSP allows no inline script). */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const robots =
    config.environment === 'production' ? '' : '<meta name="robots" content="noindex, nofollow" />';
  return template.replace(
    CONFIG_PLACEHOLDER,
    `<script id="clearway-config" type="application/json">${json}</script>${robots}`,
  );
}

/**
 * Serves the built web app: hashed assets as immutable files and index.html for every
 * other non-API GET (client-side routes). Unknown /api paths answer 404 JSON.
 */
export async function installSpa(app: FastifyInstance, distDir: string, config: PublicConfig) {
  const indexFile = path.join(distDir, 'index.html');
  const html = existsSync(indexFile) ? renderIndexHtml(readFileSync(indexFile, 'utf8'), config) : null;
  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html').header('Cache-Control', 'no-cache').send(html);
  if (html) {
    // The static plugin answers a bare directory with 403; the root is the app itself.
    app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_BASE || request.url.startsWith(`${API_BASE}/`);
    if (!isApi && html && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendIndex(reply);
    }
    const { message } = describeStatus(404);
    return sendError(request, reply, {
      status: 404,
      title: 'Resource Not Found',
      message: isApi ? `No API endpoint ${request.method} ${request.url.split('?')[0]}` : message,
    });
  });
}
