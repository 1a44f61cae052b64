import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../platform/routes';
import type { NotificationsService } from './notifications.service';

const HEARTBEAT_MS = 25_000;

/** `GET /api/notifications/stream`: the caller's notifications as Server-Sent Events. */
export function notificationsRoutes(app: FastifyInstance, s: NotificationsService) {
  serve(app, API.platform.notificationStream, async ({ principal, reply, request }) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');
    const unsubscribe = s.subscribe(principal!, (n) =>
      res.write(`event: notification\nid: ${n.id}\ndata: ${JSON.stringify(n)}\n\n`),
    );
    const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(beat);
      unsubscribe();
    });
    return undefined as never;
  });
}
