/** Where the e2e stack's SMTP capture listens, where specs read the captured mail, and the local push service's port. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
export const MAIL_API_PORT = Number(process.env.E2E_MAIL_API_PORT ?? 2526);
/** Where the chat push spec's local push service listens: the stack lists it in PUSH_TEST_HOSTS. */
export const PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? MAIL_API_PORT + 1);

/** A mail as the SMTP capture read it; `attachments` are the attached files' names. */
export type CapturedMail = { to: string; subject: string; text: string; html: string; replyTo: string; attachments: string[]; receivedAt: string };
