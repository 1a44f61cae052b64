import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config';
import type { Db } from './db';
import { mailOutbox } from './mail.tables';

export type Mail = { to: string; subject: string; body: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * Records each mail in the outbox, then sends it over SMTP when SMTP_URL is set. Without
 * SMTP (the embedded default) the outbox row and a log line are the delivery.
 */
export function createMailer(db: Db, config: Config, log: FastifyBaseLogger): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    async send(mail) {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject }, 'mail stored in outbox (no SMTP configured)');
        return;
      }
      try {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.body,
        });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
      } catch (err) {
        log.error({ err, to: mail.to }, 'mail could not be sent; it stays in the outbox');
      }
    },
  };
}
