import { escapeHtml } from '@ridgeline/shared/domain/sanitizers';
import type { MailMessage } from './mailer';

/** The confirmation mail sent after sign-up. */
export function confirmEmailMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirm your Ridgeline account',
    text: `Welcome to Ridgeline.\n\nConfirm your e-mail address to finish creating your account:\n${url}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message.`,
    html: `<p>Welcome to Ridgeline.</p><p><a href="${escapeHtml(url)}">Confirm your e-mail address</a> to finish creating your account.</p><p>The link is valid for 24 hours. If you did not sign up, ignore this message.</p>`,
  };
}

/** The password reset mail. */
export function resetPasswordMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Reset your Ridgeline password',
    text: `Someone asked to reset the password of your Ridgeline account.\n\nChoose a new password here:\n${url}\n\nThe link is valid for one hour. If it was not you, ignore this message.`,
    html: `<p>Someone asked to reset the password of your Ridgeline account.</p><p><a href="${escapeHtml(url)}">Choose a new password</a>.</p><p>The link is valid for one hour. If it was not you, ignore this message.</p>`,
  };
}

/** The subject of every invitation mail: our words only, never a name a user typed. */
export const INVITATION_SUBJECT = 'You have been invited to join a team on Ridgeline';

/**
 * The invitation to join a company. The company's name and the inviter's name are text a user typed,
 * so they stay out of the subject and appear in the body only as labelled, quoted values (escaped in
 * the HTML part), never as our own sentence.
 */
export function invitationMail(to: string, companyName: string, inviterName: string, url: string): MailMessage {
  return {
    to,
    subject: INVITATION_SUBJECT,
    text: `You have been invited to join a company's team on Ridgeline.\n\nCompany name, as the company entered it: "${companyName}"\nInvited by: "${inviterName}"\n\nAccept the invitation:\n${url}\n\nThe invitation is valid for 7 days. If you were not expecting it, ignore this message.`,
    html:
      `<p>You have been invited to join a company's team on Ridgeline.</p>` +
      `<p>Company name, as the company entered it: &ldquo;<strong>${escapeHtml(companyName)}</strong>&rdquo;<br>Invited by: &ldquo;${escapeHtml(inviterName)}&rdquo;</p>` +
      `<p><a href="${escapeHtml(url)}">Accept the invitation</a></p><p>The invitation is valid for 7 days. If you were not expecting it, ignore this message.</p>`,
  };
}
