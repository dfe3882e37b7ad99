import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import type { Bucket, Storage } from '../storage/storage';
import type { Logger } from '../../lib/logger';

/**
 * A stored file a mail carries (the signed proposal's PDF): named by where it is stored, so the
 * queued job holds a few words, not the file; the transport reads it when it sends.
 */
export type MailAttachment = { bucket: Bucket; path: string; fileName: string; contentType: string };

export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string; attachments?: MailAttachment[] };

/** Sends one message now: over SMTP when configured, else into the outbox table and the log. */
export type MailTransport = (message: MailMessage) => Promise<void>;

/** The attachments' bytes; a file no longer stored fails the send (the job retries, then gives up). */
async function readAttachments(storage: Pick<Storage, 'get'>, attachments: readonly MailAttachment[]) {
  const files: { filename: string; content: Buffer; contentType: string }[] = [];
  for (const attachment of attachments) {
    const stored = await storage.get(attachment.bucket, attachment.path);
    if (!stored) throw new Error(`The attachment ${attachment.fileName} is no longer stored`);
    files.push({ filename: attachment.fileName, content: stored.body, contentType: attachment.contentType });
  }
  return files;
}

/** Picks the transport from configuration: SMTP_URL, or the embedded outbox. */
export function createMailTransport(options: { smtpUrl?: string; from: string; db: Db; storage: Pick<Storage, 'get'>; logger: Logger }): MailTransport {
  const { smtpUrl, from, db, storage, logger } = options;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return async ({ attachments = [], ...message }) => {
      await transporter.sendMail({ from, ...message, attachments: await readAttachments(storage, attachments) });
      logger.info({ to: message.to, subject: message.subject, attachments: attachments.length }, 'mail sent over SMTP');
    };
  }
  return async (message) => {
    const files = await readAttachments(storage, message.attachments ?? []);
    const listed = files.length > 0 ? files.map((f) => ({ fileName: f.filename, size: f.content.length })) : null;
    await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, attachments: listed });
    logger.info({ to: message.to, subject: message.subject, text: message.text, attachments: files.length }, 'mail written to the outbox (no SMTP_URL)');
  };
}

export const MAIL_JOB = 'email';
