import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What each principal was told, and when (the live stream delivers the same rows). */
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
  },
  (t) => [index('notifications_recipient_idx').on(t.recipientKind, t.recipientId, t.createdAt)],
);
