import { escapeHtml } from '@ridgeline/shared/domain/sanitizers';
import { formatDateInZone } from '@ridgeline/shared/domain/time-zones';
import type { MailMessage } from '../../infra/mail/mailer';

// The billing mails to a company's owners: the trial's reminders and its end, a failed payment.

// Dates in the product's one format ("Dec 7, 2026", formatDateInZone), the day as UTC counts it.
const dateText = (at: Date): string => formatDateInZone(at, null);

/** A reminder 3 days and 1 day before the free trial ends. */
export function trialReminderMail(to: string, companyName: string, daysLeft: number, trialEndsAt: Date, pricingUrl: string): MailMessage {
  const days = daysLeft === 1 ? '1 day' : `${daysLeft} days`;
  return {
    to,
    subject: `Your Ridgeline trial ends in ${days}`,
    text: `The free trial of ${companyName} on Ridgeline ends on ${dateText(trialEndsAt)}.\n\nChoose a plan to keep working without a break:\n${pricingUrl}\n\nIf you do not, your company becomes read-only: everything stays visible and exportable and nothing is deleted.`,
    html: `<p>The free trial of <strong>${escapeHtml(companyName)}</strong> on Ridgeline ends on ${escapeHtml(dateText(trialEndsAt))}.</p><p><a href="${escapeHtml(pricingUrl)}">Choose a plan</a> to keep working without a break.</p><p>If you do not, your company becomes read-only: everything stays visible and exportable and nothing is deleted.</p>`,
  };
}

/** Sent once when the trial has ended without a plan. */
export function trialEndedMail(to: string, companyName: string, pricingUrl: string): MailMessage {
  return {
    to,
    subject: 'Your Ridgeline trial has ended',
    text: `The free trial of ${companyName} on Ridgeline has ended, so your company is read-only. Everything stays visible and exportable, and nothing has been deleted.\n\nChoose a plan to keep working:\n${pricingUrl}`,
    html: `<p>The free trial of <strong>${escapeHtml(companyName)}</strong> on Ridgeline has ended, so your company is read-only. Everything stays visible and exportable, and nothing has been deleted.</p><p><a href="${escapeHtml(pricingUrl)}">Choose a plan</a> to keep working.</p>`,
  };
}

/** Sent once per failed invoice: everything keeps working until the grace period ends. */
export function paymentFailedMail(to: string, companyName: string, graceEnds: Date, publicUrl: string): MailMessage {
  const paymentsUrl = `${publicUrl}/payments`;
  return {
    to,
    subject: 'Your payment failed',
    text: `We could not charge the card on file for ${companyName}'s Ridgeline subscription.\n\nEverything keeps working until ${dateText(graceEnds)}. Update your card before then so nothing stops; after that date your company becomes read-only until the payment goes through.\n\nUpdate your payment method: ${paymentsUrl}`,
    html: `<p>We could not charge the card on file for <strong>${escapeHtml(companyName)}</strong>'s Ridgeline subscription.</p><p>Everything keeps working until ${escapeHtml(dateText(graceEnds))}. Update your card before then so nothing stops; after that date your company becomes read-only until the payment goes through.</p><p><a href="${escapeHtml(paymentsUrl)}">Update your payment method</a></p>`,
  };
}
