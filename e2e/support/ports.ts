/** Where the e2e stack's SMTP capture listens, and where specs read the captured mail. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
export const MAIL_API_PORT = Number(process.env.E2E_MAIL_API_PORT ?? 2526);

export type CapturedMail = { to: string; subject: string; text: string; html: string; receivedAt: string };
