import { addOneMonth, planById, planPriceCents, TRIAL_REMINDER_DAYS } from '@ridgeline/shared/domain/billing';
import type { Db } from '../../infra/db/client';
import type { JobQueue } from '../../infra/jobs/queue';
import { MAIL_JOB, type MailMessage } from '../../infra/mail/mailer';
import type { Logger } from '../../lib/logger';
import { claimBillingNotice, forgetBillingNotice, listOwners, lockBillingRow, updateBillingRow } from './billing-state.repository';
import { trialEndedMail, trialReminderMail } from './billing-mails';
import { insertTestInvoice, listPeriodsDue, listTrialsEndingBefore } from './plans.repository';
import { testInvoiceDescription } from './plans.service';
import { storedPlanId } from '@ridgeline/shared/domain/plans';

/** Billing's sweep, every 15 minutes (shared by every instance). */

/** The trial mails' notice kinds: each is sent once per trial end (an extended trial clears them, see forgetTrialNotices). */
export const TRIAL_NOTICES = {
  ended: 'trial_ended',
  reminder: (days: number) => `trial_reminder_${days}`,
  all: (): string[] => ['trial_ended', ...TRIAL_REMINDER_DAYS.map((days) => `trial_reminder_${days}`)],
};

export const BILLING_SWEEP_JOB = 'billing-sweep';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BillingSweepDeps = { db: Db; publicUrl: string; sendMail: (message: MailMessage) => Promise<void> };
export type BillingSweepResult = { mails: number; periods: number };

/**
 * One pass of billing's scheduled work at `now`:
 * - a trial reminder to the owners 3 days and 1 day before the trial ends, and a "your trial has
 *   ended" mail once it has; each mail once per company (a billing_notices row is written first and
 *   the mail goes only when that row is new);
 * - a downgrade waiting for the period's end is applied once the period has ended; in test mode (no
 *   Stripe subscription) the next period starts with its test-mode invoice.
 */
export async function runBillingSweep(deps: BillingSweepDeps, now: Date = new Date()): Promise<BillingSweepResult> {
  const { db, publicUrl } = deps;
  const pricingUrl = `${publicUrl}/pricing`;
  const widest = Math.max(...TRIAL_REMINDER_DAYS);
  let mails = 0;

  async function notify(companyId: string, kind: string, mail: (to: string) => MailMessage): Promise<void> {
    if (!(await claimBillingNotice(db, companyId, kind))) return;
    try {
      for (const owner of await listOwners(db, companyId)) {
        await deps.sendMail(mail(owner.email));
        mails += 1;
      }
    } catch (error) {
      await forgetBillingNotice(db, companyId, kind);
      throw error;
    }
  }

  for (const trial of await listTrialsEndingBefore(db, new Date(now.getTime() + widest * DAY_MS))) {
    if (!trial.trialEndsAt) continue;
    const trialEndsAt = trial.trialEndsAt;
    const left = trialEndsAt.getTime() - now.getTime();
    if (left <= 0) {
      await notify(trial.id, TRIAL_NOTICES.ended, (to) => trialEndedMail(to, trial.name, pricingUrl));
      continue;
    }
    // The nearest reminder whose day has come (1 day before beats 3 days before).
    const days = [...TRIAL_REMINDER_DAYS].sort((a, b) => a - b).find((candidate) => left <= candidate * DAY_MS);
    if (days === undefined) continue;
    await notify(trial.id, TRIAL_NOTICES.reminder(days), (to) => trialReminderMail(to, trial.name, days, trialEndsAt, pricingUrl));
  }

  let periods = 0;
  for (const due of await listPeriodsDue(db, now)) {
    const applied = await db.transaction(async (tx) => {
      const row = await lockBillingRow(tx, due.id);
      if (!row?.currentPeriodEnd || row.currentPeriodEnd.getTime() > now.getTime()) return false;
      const plan = planById(storedPlanId(row.pendingPlan ?? row.plan));
      if (row.stripeSubscriptionId !== null) {
        // Stripe bills the next period; the plan it follows changes here.
        if (row.pendingPlan === null) return false;
        await updateBillingRow(tx, row.id, { plan: plan.id, pendingPlan: null });
        return true;
      }
      if (row.billingStatus !== 'active') {
        await updateBillingRow(tx, row.id, { plan: plan.id, pendingPlan: null });
        return true;
      }
      const start = row.currentPeriodEnd;
      const end = addOneMonth(start);
      await updateBillingRow(tx, row.id, { plan: plan.id, pendingPlan: null, currentPeriodEnd: end });
      await insertTestInvoice(tx, {
        companyId: row.id,
        description: testInvoiceDescription(plan, start, end),
        amountCents: planPriceCents(plan.id),
        periodStart: start,
        periodEnd: end,
      });
      return true;
    });
    if (applied) periods += 1;
  }
  return { mails, periods };
}

/** Billing's scheduled work: trial reminders, the trial's end, downgrades due at the period's end. */
export async function defineBillingJobs(jobs: JobQueue, deps: { db: Db; logger: Logger; publicUrl: string }): Promise<void> {
  const sendMail = async (message: MailMessage) => {
    await jobs.send(MAIL_JOB, message);
  };
  jobs.define(
    BILLING_SWEEP_JOB,
    async () => {
      const result = await runBillingSweep({ db: deps.db, publicUrl: deps.publicUrl, sendMail });
      if (result.mails > 0 || result.periods > 0) deps.logger.info(result, 'billing sweep');
    },
    { cron: '*/15 * * * *', batchSize: 1, pollingIntervalSeconds: 30 },
  );
}
