import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingNotices, companies, invoices } from '../../infra/db/schema/index';
import type { MailMessage } from '../../infra/mail/mailer';
import { createCompany, createUser } from '../../test/factories';
import { useTestServer } from '../../test/use-test-server';
import { runBillingSweep } from './billing-jobs';

const server = useTestServer();
const DAY = 86_400_000;
const PUBLIC_URL = 'https://app.ridgeline.test';

/** One sweep at the fake clock `now`, with the mails it would queue, for the companies of the test. */
async function sweep(now: Date, watched: string[]) {
  const sent: MailMessage[] = [];
  const result = await runBillingSweep({ db: server.db, publicUrl: PUBLIC_URL, sendMail: (mail) => Promise.resolve(void sent.push(mail)) }, now);
  return { result, mails: sent.filter((mail) => watched.includes(mail.to)) };
}

async function trialCompany(trialEndsAt: Date) {
  const company = await createCompany(server.db, { name: `Trial ${trialEndsAt.getTime()} ${Math.random().toString(36).slice(2, 6)}` });
  await server.db.update(companies).set({ trialEndsAt }).where(eq(companies.id, company.id));
  return company;
}

const row = async (id: string) => {
  const [found] = await server.db.select().from(companies).where(eq(companies.id, id));
  if (!found) throw new Error('no company');
  return found;
};

describe('the billing sweep: the trial', () => {
  it('mails the owners 3 days and 1 day before the end and once when it ends, each only once', async () => {
    const trialEndsAt = new Date('2026-12-07T12:00:00Z');
    const company = await trialCompany(trialEndsAt);
    const coOwner = await createUser(server.db, { company: { id: company.id, name: company.name }, role: 'owner' });
    const member = await createUser(server.db, { company: { id: company.id, name: company.name }, role: 'member' });
    const watched = [company.owner.email, coOwner.email, member.email];
    const at = (daysBefore: number) => new Date(trialEndsAt.getTime() - daysBefore * DAY);

    expect((await sweep(at(5), watched)).mails).toEqual([]);

    const three = await sweep(at(2.9), watched);
    expect(three.mails.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [company.owner.email, 'Your Ridgeline trial ends in 3 days'],
        [coOwner.email, 'Your Ridgeline trial ends in 3 days'],
      ].sort(),
    );
    expect(three.mails[0]?.text).toContain('Dec 7, 2026');
    expect(three.mails[0]?.text).toContain(`${PUBLIC_URL}/pricing`);
    expect((await sweep(at(2.8), watched)).mails).toEqual([]);

    const one = await sweep(at(0.5), watched);
    expect(one.mails.map((mail) => mail.subject)).toEqual(['Your Ridgeline trial ends in 1 day', 'Your Ridgeline trial ends in 1 day']);
    expect((await sweep(at(0.4), watched)).mails).toEqual([]);

    const ended = await sweep(new Date(trialEndsAt.getTime() + 60_000), watched);
    expect(ended.mails.map((mail) => mail.subject)).toEqual(['Your Ridgeline trial has ended', 'Your Ridgeline trial has ended']);
    expect(ended.mails[0]?.text).toContain('nothing has been deleted');
    expect((await sweep(new Date(trialEndsAt.getTime() + 2 * DAY), watched)).mails).toEqual([]);

    const notices = await server.db
      .select({ kind: billingNotices.kind })
      .from(billingNotices)
      .where(eq(billingNotices.companyId, company.id))
      .orderBy(asc(billingNotices.kind));
    expect(notices.map((notice) => notice.kind)).toEqual(['trial_ended', 'trial_reminder_1', 'trial_reminder_3']);
    // Nothing is deleted or changed by the trial's end: the company stays trialing (read-only by date).
    expect(await row(company.id)).toMatchObject({ billingStatus: 'trialing', plan: 'professional' });
  });

  it('sends only the nearest reminder when the sweep first sees a trial 1 day from its end, and none to a company with a plan', async () => {
    const trialEndsAt = new Date('2026-12-20T00:00:00Z');
    const late = await trialCompany(trialEndsAt);
    const paid = await trialCompany(trialEndsAt);
    await server.db.update(companies).set({ billingStatus: 'active' }).where(eq(companies.id, paid.id));
    const { mails } = await sweep(new Date(trialEndsAt.getTime() - 0.5 * DAY), [late.owner.email, paid.owner.email]);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[late.owner.email, 'Your Ridgeline trial ends in 1 day']]);
  });

  it('tries again on the next sweep when a mail could not be queued', async () => {
    const trialEndsAt = new Date('2027-01-10T00:00:00Z');
    const company = await trialCompany(trialEndsAt);
    const now = new Date(trialEndsAt.getTime() + DAY);
    const failing = runBillingSweep({ db: server.db, publicUrl: PUBLIC_URL, sendMail: () => Promise.reject(new Error('queue down')) }, now);
    await expect(failing).rejects.toThrow('queue down');
    expect((await sweep(now, [company.owner.email])).mails.map((mail) => mail.subject)).toEqual(['Your Ridgeline trial has ended']);
  });
});

describe('the billing sweep: the period end', () => {
  it('applies a waiting downgrade once the period has ended, and in test mode starts the next period with its invoice', async () => {
    const company = await createCompany(server.db);
    const periodEnd = new Date('2027-02-15T09:00:00Z');
    await server.db
      .update(companies)
      .set({ billingStatus: 'active', plan: 'business', pendingPlan: 'starter', currentPeriodEnd: periodEnd })
      .where(eq(companies.id, company.id));

    await sweep(new Date(periodEnd.getTime() - 60_000), []);
    expect(await row(company.id)).toMatchObject({ plan: 'business', pendingPlan: 'starter' });

    await sweep(new Date(periodEnd.getTime() + 60_000), []);
    expect(await row(company.id)).toMatchObject({
      plan: 'starter',
      pendingPlan: null,
      billingStatus: 'active',
      currentPeriodEnd: new Date('2027-03-15T09:00:00Z'),
    });
    const rows = await server.db.select().from(invoices).where(eq(invoices.companyId, company.id));
    expect(rows).toEqual([
      expect.objectContaining({
        description: 'Starter plan, Feb 15, 2027 - Mar 15, 2027 (test mode)',
        amountCents: 19_900,
        status: 'paid',
        testMode: true,
        periodStart: periodEnd,
        periodEnd: new Date('2027-03-15T09:00:00Z'),
      }),
    ]);

    // The same sweep again changes nothing more.
    await sweep(new Date(periodEnd.getTime() + 120_000), []);
    expect(await server.db.select().from(invoices).where(eq(invoices.companyId, company.id))).toHaveLength(1);
  });

  it('with a Stripe subscription, changes only the plan (Stripe bills the period)', async () => {
    const company = await createCompany(server.db);
    const periodEnd = new Date('2027-04-01T00:00:00Z');
    await server.db
      .update(companies)
      .set({
        billingStatus: 'active',
        plan: 'enterprise',
        pendingPlan: 'professional',
        currentPeriodEnd: periodEnd,
        stripeCustomerId: `cus_${company.id}`,
        stripeSubscriptionId: `sub_${company.id}`,
      })
      .where(eq(companies.id, company.id));
    await sweep(new Date(periodEnd.getTime() + 1000), []);
    expect(await row(company.id)).toMatchObject({ plan: 'professional', pendingPlan: null, currentPeriodEnd: periodEnd });
    expect(await server.db.select().from(invoices).where(eq(invoices.companyId, company.id))).toEqual([]);
  });
});
