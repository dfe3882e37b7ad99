import { escapeHtml } from '@ridgeline/shared/domain/sanitizers';
import type { MailMessage } from '../../infra/mail/mailer';

// A share link sent by email from the product. What users typed (the company's name, the sender's
// name, the note) stays out of the subject and appears in the body only as labelled, quoted values.

export type ShareLinkMail = {
  to: string;
  kind: 'report' | 'proposal';
  companyName: string;
  senderName: string;
  senderEmail: string;
  /** "Proposal - 12 Oak Street". */
  title: string;
  note: string | null;
  url: string;
  /** "Apr 2, 2026". */
  expires: string;
};

export const SHARE_LINK_SUBJECTS = { report: 'A document has been shared with you', proposal: 'A proposal is ready for you to review and sign' } as const;

export function shareLinkMail(mail: ShareLinkMail): MailMessage {
  const action = mail.kind === 'proposal' ? 'Open the proposal to review the options and sign the one you choose' : 'Open the document';
  const lines = [
    `Company, as the company entered it: "${mail.companyName}"`,
    `Sent by: "${mail.senderName}"`,
    `Document: "${mail.title}"`,
    ...(mail.note ? [`Message: "${mail.note}"`] : []),
  ];
  return {
    to: mail.to,
    subject: SHARE_LINK_SUBJECTS[mail.kind],
    replyTo: mail.senderEmail,
    text: `${lines.join('\n')}\n\n${action}:\n${mail.url}\n\nThe link works until ${mail.expires}. Reply to this email to reach the sender.`,
    html:
      `<p>${lines.map((line) => escapeHtml(line)).join('<br>')}</p>` +
      `<p><a href="${escapeHtml(mail.url)}">${escapeHtml(action)}</a></p>` +
      `<p>The link works until ${escapeHtml(mail.expires)}. Reply to this email to reach the sender.</p>`,
  };
}
