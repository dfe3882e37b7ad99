import { escapeHtml } from '@ridgeline/shared/domain/sanitizers';
import type { MailMessage } from '../../infra/mail/mailer';

// The mails that tell a user their feedback moved: a reply from the Ridgeline team, or a new status.
// What people typed (their feedback, the reply) stays out of the subject and appears in the body
// only as labelled, quoted values (escaped in the HTML part).

/** The subjects: our words only. */
export const FEEDBACK_REPLY_SUBJECT = 'The Ridgeline team replied to your feedback';
export const feedbackStatusSubject = (statusLabel: string) => `Your feedback is now: ${statusLabel}`;

/** Long text shortened for a mail or a notification: at most `max` characters, cut at a word with an ellipsis. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function mail(to: string, subject: string, intro: string, lines: string[], url: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${lines.join('\n')}\n\nRead the whole thread and answer in your Feedback Loop:\n${url}`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p>${lines.map((line) => escapeHtml(line)).join('<br>')}</p>` +
      `<p><a href="${escapeHtml(url)}">Read the whole thread and answer in your Feedback Loop</a></p>`,
  };
}

/** A reply of the team to the user's feedback, with the reply in full. */
export function feedbackReplyMail(to: string, item: { message: string; reply: string; url: string }): MailMessage {
  return mail(
    to,
    FEEDBACK_REPLY_SUBJECT,
    'The Ridgeline team answered the feedback you sent.',
    [`Your feedback: "${excerpt(item.message)}"`, `Reply: "${item.reply}"`],
    item.url,
  );
}

/** The team moved the user's feedback to another status. */
export function feedbackStatusMail(to: string, item: { message: string; statusLabel: string; url: string }): MailMessage {
  return mail(
    to,
    feedbackStatusSubject(item.statusLabel),
    'The Ridgeline team changed the status of the feedback you sent.',
    [`Your feedback: "${excerpt(item.message)}"`, `Status: ${item.statusLabel}`],
    item.url,
  );
}
