import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What each principal was told, and when (the live stream delivers the same rows). These
 * rows are the notification centre: a notice is unread until its recipient reads it, and
 * is deleted after the retention period (NOTIFICATION_RETENTION_DAYS).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientKind: text('recipient_kind').notNull(),
    recipientId: text('recipient_id').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the recipient read it; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientKind, t.recipientId, t.createdAt),
    // The unread count every sign-in asks for reads only the unread few.
    index('notifications_unread_idx').on(t.recipientKind, t.recipientId).where(sql`${t.readAt} is null`),
    // The retention job deletes by age across all recipients.
    index('notifications_created_idx').on(t.createdAt),
  ],
);
