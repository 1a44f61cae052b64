import { z } from 'zod';
import { anyOf, endpoint } from '../endpoint';
import { trimmed, ZBigId, ZOffset } from '../primitives';

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
  /** Where the notice's object is shown (a portal path), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  /** Marked read by its recipient (opening it, or "mark all read"); a new one is unread. */
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** A page of the caller's own notifications, newest first. */
export const ZNotificationListRequest = z.strictObject({
  limit: z.number().int().min(1).max(100).default(20),
  offset: ZOffset,
});
export const ZNotificationPage = z.object({
  items: z.array(ZNotification),
  /** All the caller's stored notifications. */
  total: z.number(),
  /** How many of them are unread. */
  unread: z.number(),
});
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

export const ZNotificationReadRequest = z.strictObject({ notificationId: ZBigId });
export const ZNotificationReadAllRequest = z.strictObject({});
/** The caller's unread count after the change. */
export const ZNotificationUnread = z.object({ unread: z.number() });

// The notification rows act on the caller's own notices only: any signed-in principal may
// call them (no keys), and the home entity is merely where the guard places the call.
const OWN = {
  access: 'authenticated',
  entity: { in: 'home', field: 'entityId' },
  tag: 'platform',
} as const;

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
  // Section 7 names no notification calls; these follow its `<object>/<verb>` style.
  notificationList: endpoint({
    method: 'POST',
    path: '/notifications/list',
    ...OWN,
    summary: 'The caller’s notifications, newest first, with the total and the unread count',
    body: ZNotificationListRequest,
    response: ZNotificationPage,
  }),
  /** A foreign or unknown id is 404: only the caller's own notifications can be marked. */
  notificationRead: endpoint({
    method: 'POST',
    path: '/notifications/read',
    ...OWN,
    summary: 'Mark one of the caller’s notifications read',
    body: ZNotificationReadRequest,
    response: ZNotificationUnread,
  }),
  notificationReadAll: endpoint({
    method: 'POST',
    path: '/notifications/read-all',
    ...OWN,
    summary: 'Mark all the caller’s notifications read',
    body: ZNotificationReadAllRequest,
    response: ZNotificationUnread,
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
