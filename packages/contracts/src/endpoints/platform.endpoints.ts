import { z } from 'zod';
import { anyOf, endpoint } from '../endpoint';
import { trimmed } from '../primitives';

export const ZServerMode = z.object({
  maintenance: z.boolean(),
  message: z.string().nullable(),
  since: z.string().nullable(),
});
export type TServerMode = z.infer<typeof ZServerMode>;

export const ZSetMaintenanceRequest = z.strictObject({
  maintenance: z.boolean(),
  message: trimmed(500).optional(),
});

export const ZHealth = z.object({ status: z.literal('ok') });
export const ZReady = z.object({ status: z.literal('ready'), database: z.literal('up') });

export const ZNotification = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const platformEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Liveness: the process answers',
    tag: 'platform',
    response: ZHealth,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    access: 'public',
    summary: 'Readiness: the database is reachable',
    tag: 'platform',
    response: ZReady,
  }),
  /** Server-Sent Events: the signed-in principal's notifications as they happen. */
  notificationStream: endpoint({
    method: 'GET',
    path: '/notifications/stream',
    access: 'authenticated',
    entity: { in: 'home', field: 'entityId' },
    summary: 'Live notifications (text/event-stream)',
    tag: 'platform',
  }),
  serverMode: endpoint({
    method: 'GET',
    path: '/server/mode',
    access: 'public',
    summary: 'Whether the platform is in maintenance mode',
    tag: 'server',
    response: ZServerMode,
  }),
  setMaintenance: endpoint({
    method: 'POST',
    path: '/server/maintenance',
    access: 'authenticated',
    permissions: anyOf('system_management'),
    entity: { in: 'home', field: 'entityId' },
    // Every tenant is switched off with it.
    scope: 'platform',
    summary: 'Turn maintenance mode on or off',
    tag: 'server',
    body: ZSetMaintenanceRequest,
    response: ZServerMode,
  }),
} as const;
