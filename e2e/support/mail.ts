import { expect } from '@playwright/test';
import { MAIL_API_PORT, type CapturedMail } from './ports';

/** Waits for the newest mail to `to` whose subject contains `subject`, as captured over real SMTP. */
export async function waitForMail(to: string, subject: string): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as CapturedMail[];
        found = mails.filter((m) => m.subject.includes(subject)).at(-1);
        return found !== undefined;
      },
      { timeout: 20_000, message: `mail "${subject}" to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** The first http(s) link in a mail's text. */
export function firstLink(mail: CapturedMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in mail "${mail.subject}"`);
  return match[0];
}

/** Makes the user a platform admin through the e2e stack (as `npm run admin -- grant`). */
export async function grantAdmin(email: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/grant-admin?email=${encodeURIComponent(email)}`, { method: 'POST' });
  if (!response.ok) throw new Error(`grant-admin failed: ${await response.text()}`);
}

/** Fills the user's company's storage to its total, or the user's hour of uploads, or gives both back, through the e2e stack. */
export async function useUploadQuota(email: string, use: 'storage' | 'hour' | 'none'): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/upload-quota?email=${encodeURIComponent(email)}&use=${use}`, { method: 'POST' });
  if (!response.ok) throw new Error(`upload-quota failed: ${await response.text()}`);
}

/** Writes a confirmed user with their company and a session through the e2e stack; answers the session cookie. */
export async function loginUser(user: {
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  email: string;
  password: string;
}): Promise<{ name: string; value: string }> {
  const response = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/login-user`, { method: 'POST', body: JSON.stringify(user) });
  if (!response.ok) throw new Error(`login-user failed: ${await response.text()}`);
  return (await response.json()) as { name: string; value: string };
}

/** Runs `npm run seed:demo`'s command against the e2e stack's database (once per stack: it keeps one demo company). */
export async function seedDemo(): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/seed-demo`, { method: 'POST' });
  if (!response.ok) throw new Error(`seed-demo failed: ${await response.text()}`);
}
