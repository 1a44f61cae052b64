import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every e-mail the platform sends; without SMTP configured this outbox is the delivery. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
