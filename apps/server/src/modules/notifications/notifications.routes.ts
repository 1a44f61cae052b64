import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../platform/routes';
import type { NotificationCentre } from './notification-centre.service';
import type { NotificationsService } from './notifications.service';

const HEARTBEAT_MS = 25_000;

/**
 * The caller's own notifications: the stored centre (list, mark read) and
 * `GET /api/notifications/stream`, the same notices live as Server-Sent Events.
 */
export function notificationsRoutes(
  app: FastifyInstance,
  s: NotificationsService,
  centre: NotificationCentre,
) {
  serve(app, API.platform.notificationList, (c) => centre.list(c.principal!, c.body));
  serve(app, API.platform.notificationRead, (c) => centre.read(c.principal!, c.body.notificationId));
  serve(app, API.platform.notificationReadAll, (c) => centre.readAll(c.principal!));
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
