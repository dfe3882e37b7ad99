import { escapeHtml } from '@ridgeline/shared/domain/sanitizers';
import type { MailAttachment, MailMessage } from '../../infra/mail/mailer';

// The homeowner's copy of a signed proposal, sent once its PDF is kept among the claim file's files.
// The company's name is text a user typed: it stays out of the subject and is quoted in the body.

export const SIGNED_COPY_SUBJECT = 'Your signed proposal';

export type SignedCopy = {
  to: string;
  companyName: string;
  companyPhone: string | null;
  property: string;
  /** "Better: Impact-resistant Class 4 architectural shingles, $12,345.00". */
  option: string;
  /** "Mar 3, 2026, 2:14 PM CST". */
  signedAt: string;
  attachment: MailAttachment;
};

export function signedCopyMail(copy: SignedCopy): MailMessage {
  const facts: [string, string][] = [
    ['Company', `"${copy.companyName}"`],
    ...(copy.companyPhone ? ([['Phone', copy.companyPhone]] as [string, string][]) : []),
    ['Property', copy.property],
    ['Option', copy.option],
    ['Signed', copy.signedAt],
  ];
  const intro = 'Thank you for signing. Your signed proposal is attached as a PDF: keep it for your records.';
  const outro = 'If anything in it is not what you agreed, call the company at the number above.';
  return {
    to: copy.to,
    subject: SIGNED_COPY_SUBJECT,
    text: `${intro}\n\n${facts.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${outro}`,
    html: `<p>${escapeHtml(intro)}</p><p>${facts.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join('<br>')}</p><p>${escapeHtml(outro)}</p>`,
    attachments: [copy.attachment],
  };
}
