import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import type { Logger } from '../../lib/logger';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends one message now: over SMTP when configured, else into the outbox table and the log. */
export type MailTransport = (message: MailMessage) => Promise<void>;

/** Picks the transport from configuration: SMTP_URL, or the embedded outbox. */
export function createMailTransport(options: { smtpUrl?: string; from: string; db: Db; logger: Logger }): MailTransport {
  const { smtpUrl, from, db, logger } = options;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return async (message) => {
      await transporter.sendMail({ from, ...message });
      logger.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
    };
  }
  return async (message) => {
    await db.insert(mailOutbox).values(message);
    logger.info({ to: message.to, subject: message.subject, text: message.text }, 'mail written to the outbox (no SMTP_URL)');
  };
}

export const MAIL_JOB = 'email';
