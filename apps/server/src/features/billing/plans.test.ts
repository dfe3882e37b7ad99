import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BillingOverview, ChoosePlanResult, PlanCheck } from '@ridgeline/shared/contracts/billing';
import { PLANS } from '@ridgeline/shared/domain/plans';
import type { Actor, Tenant } from '../../lib/actor';
import { checkoutSessions, companies, invoices } from '../../infra/db/schema/index';
import type { CheckoutLine, PaymentsGateway, StartCheckoutInput, SubscriptionSnapshot } from '../../infra/payments/gateway';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import { useTestServer } from '../../test/use-test-server';
import { createPlansService, planBelowActiveFilesMessage, testInvoiceDescription } from './plans.service';

const server = useTestServer();
type Owner = Awaited<ReturnType<typeof signedInOwner>>;

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), requestId: expect.any(String) } });
}

const billingRow = async (companyId: string) => {
  const [row] = await server.db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw new Error('no company');
  return row;
};
const invoicesOf = (companyId: string) => server.db.select().from(invoices).where(eq(invoices.companyId, companyId)).orderBy(asc(invoices.createdAt));

/** Active files with distinct, increasing last-change times (the first is the least recently changed). */
async function addActiveFiles(companyId: string, titles: string[]) {
  const base = Date.parse('2026-01-01T00:00:00Z');
  for (const [index, title] of titles.entries()) await insertProjectRow(server.db, companyId, { title, updatedAt: new Date(base + index * 60_000) });
}

describe('billing overview', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await signedInOwner(server, { name: 'Overview Roofing', owner: { firstName: 'Olive', lastName: 'Owner' } });
  });

  it('shows a new company its 14-day trial counted as Professional, in test mode, with who can pay', async () => {
    await addActiveFiles(owner.company.id, ['A roof', 'B roof', 'C roof']);
    const response = await owner.client.get<BillingOverview>('/api/billing');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      mode: 'test',
      plan: 'professional',
      effectivePlan: 'professional',
      status: 'trialing',
      trialEndsAt: expect.any(String),
      trialDaysLeft: 14,
      readOnly: false,
      readOnlyReason: null,
      graceEndsAt: null,
      pendingPlan: null,
      currentPeriodEnd: null,
      activeFiles: { active: 3, limit: 25 },
      canPay: true,
      payers: [{ name: 'Olive Owner', email: owner.email }],
      hasPaymentMethod: false,
    });
  });

  it('lets every member read it, and tells members who can pay', async () => {
    const member = await signedInUser(server, { company: owner.company, role: 'member' });
    const manager = await signedInUser(server, { company: owner.company, role: 'manager' });
    for (const person of [member, manager]) {
      const body = (await person.client.get<BillingOverview>('/api/billing')).body;
      expect(body.canPay).toBe(false);
      expect(body.payers).toEqual([{ name: 'Olive Owner', email: owner.email }]);
    }
  });

  it('says read-only once the trial has ended, and refuses a visitor without a session', async () => {
    const ended = await signedInOwner(server);
    await server.db
      .update(companies)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(companies.id, ended.company.id));
    const body = (await ended.client.get<BillingOverview>('/api/billing')).body;
    expect(body).toMatchObject({ status: 'trialing', readOnly: true, readOnlyReason: 'trial_ended', trialDaysLeft: 0, effectivePlan: 'professional' });
    expectError(await server.client().get('/api/billing'), 401, 'UNAUTHENTICATED');
  });
});

describe('plan check', () => {
  it('lists the files to close, least recently changed first, only for a plan they do not fit', async () => {
    const owner = await signedInOwner(server);
    const other = await signedInOwner(server);
    const titles = Array.from({ length: 12 }, (_, index) => `File ${String(index + 1).padStart(2, '0')}`);
    await addActiveFiles(owner.company.id, titles);
    await insertProjectRow(server.db, owner.company.id, { title: 'Archived one', isActive: false, archivedAt: new Date() });

    const starter = await owner.client.get<PlanCheck>('/api/billing/plan-check?plan=starter');
    expect(starter.status, starter.text).toBe(200);
    expect(starter.body).toMatchObject({ plan: 'starter', limit: 10, active: 12, mustClose: 2 });
    expect(starter.body.activeProjects.map((file) => file.title)).toEqual(titles);
    expect(starter.body.activeProjects[0]).toEqual({
      id: expect.any(String),
      title: 'File 01',
      status: expect.any(String),
      updatedAt: '2026-01-01T00:00:00.000Z',
    });

    expect((await owner.client.get<PlanCheck>('/api/billing/plan-check?plan=business')).body).toEqual({
      plan: 'business',
      limit: 50,
      active: 12,
      mustClose: 0,
      activeProjects: [],
    });
    // Another company sees its own files only.
    expect((await other.client.get<PlanCheck>('/api/billing/plan-check?plan=starter')).body).toEqual({
      plan: 'starter',
      limit: 10,
      active: 0,
      mustClose: 0,
      activeProjects: [],
    });
    expectError(await owner.client.get('/api/billing/plan-check?plan=gold'), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get('/api/billing/plan-check'), 400, 'VALIDATION_ERROR');
  });
});

describe('choosing a plan in test mode', () => {
  it('applies a plan at once during the trial: active, a month, a paid test invoice, the chosen limit', async () => {
    const owner = await signedInOwner(server);
    const before = Date.now();
    const response = await owner.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'business' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      outcome: 'applied',
      checkoutUrl: null,
      billing: {
        plan: 'business',
        effectivePlan: 'business',
        status: 'active',
        readOnly: false,
        trialDaysLeft: 0,
        pendingPlan: null,
        activeFiles: { active: 0, limit: 50 },
      },
    });
    const row = await billingRow(owner.company.id);
    expect(row.billingStatus).toBe('active');
    const periodEnd = row.currentPeriodEnd?.getTime() ?? 0;
    expect(periodEnd - before).toBeGreaterThan(27 * 86_400_000);
    expect(periodEnd - before).toBeLessThan(32 * 86_400_000);
    const [invoice, ...rest] = await invoicesOf(owner.company.id);
    expect(rest).toEqual([]);
    expect(invoice).toMatchObject({ testMode: true, status: 'paid', amountCents: 59_900, currency: 'usd', stripeInvoiceId: null });
    expect(invoice?.description).toMatch(/^Business plan, [A-Z][a-z]{2} \d{1,2}, \d{4} - [A-Z][a-z]{2} \d{1,2}, \d{4} \(test mode\)$/);
    expect((await owner.client.get<{ limit: number; plan: string; trialing: boolean }>('/api/projects/active-files')).body).toMatchObject({
      limit: 50,
      plan: 'business',
      trialing: false,
    });
  });

  it('refuses the plan already running (409 SAME_PLAN), applies an upgrade at once in the same period, schedules a downgrade', async () => {
    const owner = await signedInOwner(server);
    await owner.client.post('/api/billing/plan', { plan: 'professional' });
    const periodEnd = (await billingRow(owner.company.id)).currentPeriodEnd;
    expectError(await owner.client.post('/api/billing/plan', { plan: 'professional' }), 409, 'SAME_PLAN');

    const up = await owner.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'enterprise' });
    expect(up.body).toMatchObject({ outcome: 'applied', billing: { plan: 'enterprise', effectivePlan: 'enterprise' } });
    expect((await billingRow(owner.company.id)).currentPeriodEnd).toEqual(periodEnd);
    expect((await invoicesOf(owner.company.id)).map((invoice) => invoice.amountCents)).toEqual([39_900, 99_900]);

    const down = await owner.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'starter' });
    expect(down.status, down.text).toBe(200);
    expect(down.body).toMatchObject({
      outcome: 'scheduled',
      billing: { plan: 'enterprise', pendingPlan: 'starter', effectivePlan: 'enterprise', currentPeriodEnd: periodEnd?.toISOString() },
    });
    expect(await invoicesOf(owner.company.id)).toHaveLength(2);

    // Choosing the current plan while a downgrade waits cancels the downgrade.
    const keep = await owner.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'enterprise' });
    expect(keep.body).toMatchObject({ outcome: 'applied', billing: { plan: 'enterprise', pendingPlan: null } });
    expectError(await owner.client.post('/api/billing/plan', { plan: 'enterprise' }), 409, 'SAME_PLAN');
  });

  it('refuses a plan below the active-file count with the files to close first, and changes nothing', async () => {
    const owner = await signedInOwner(server);
    const titles = Array.from({ length: 23 }, (_, index) => `Claim ${String(index + 1).padStart(2, '0')}`);
    await addActiveFiles(owner.company.id, titles);
    const before = await billingRow(owner.company.id);
    const response = await owner.client.post('/api/billing/plan', { plan: 'starter' });
    expectError(response, 409, 'PLAN_BELOW_ACTIVE_FILES');
    expect((response.body as { error: { message: string } }).error.message).toBe(
      'Close 13 active files before moving to Starter (up to 10): Claim 01, Claim 02, Claim 03, Claim 04, Claim 05, Claim 06, Claim 07, Claim 08, Claim 09, Claim 10, and 3 more.',
    );
    expect(await billingRow(owner.company.id)).toEqual(before);
    expect(await invoicesOf(owner.company.id)).toEqual([]);
    expect((await owner.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'professional' })).body.outcome).toBe('applied');
  });

  it('lets owners and platform admins choose; members and managers get 403 NOT_PAYER; bad input is a 400', async () => {
    const owner = await signedInOwner(server);
    const member = await signedInUser(server, { company: owner.company, role: 'member' });
    const manager = await signedInUser(server, { company: owner.company, role: 'manager' });
    for (const person of [member, manager]) expectError(await person.client.post('/api/billing/plan', { plan: 'starter' }), 403, 'NOT_PAYER');
    expect((await billingRow(owner.company.id)).billingStatus).toBe('trialing');
    expectError(await owner.client.post('/api/billing/plan', { plan: 'gold' }), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.post('/api/billing/plan', {}), 400, 'VALIDATION_ERROR');

    const admin = await signedInUser(server, { company: owner.company, role: 'member', platformAdmin: true });
    expect((await admin.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'starter' })).body).toMatchObject({
      outcome: 'applied',
      billing: { plan: 'starter', canPay: true },
    });
  });

  it("changes only the caller's own company", async () => {
    const a = await signedInOwner(server);
    const b = await signedInOwner(server);
    await a.client.post('/api/billing/plan', { plan: 'enterprise' });
    expect(await billingRow(b.company.id)).toMatchObject({ billingStatus: 'trialing', plan: 'professional', currentPeriodEnd: null });
    expect(await invoicesOf(b.company.id)).toEqual([]);
    expect((await b.client.get<BillingOverview>('/api/billing')).body).toMatchObject({ status: 'trialing', plan: 'professional' });
  });

  it('lifts read-only at once: the next write after choosing a plan goes through', async () => {
    const owner = await signedInOwner(server);
    await server.db
      .update(companies)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(companies.id, owner.company.id));
    expectError(await owner.client.post('/api/carriers', { name: 'Before' }), 402, 'BILLING_READ_ONLY');
    expect((await owner.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'starter' })).body).toMatchObject({
      outcome: 'applied',
      billing: { readOnly: false, status: 'active' },
    });
    expect((await owner.client.post('/api/carriers', { name: 'After' })).status).toBe(201);
  });

  it('starts a new period when a canceled company chooses again', async () => {
    const owner = await signedInOwner(server);
    await server.db
      .update(companies)
      .set({ billingStatus: 'canceled', plan: 'business', currentPeriodEnd: new Date('2026-01-01T00:00:00Z') })
      .where(eq(companies.id, owner.company.id));
    const chosen = await owner.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'business' });
    expect(chosen.body).toMatchObject({ outcome: 'applied', billing: { status: 'active', plan: 'business', readOnly: false } });
    expect((await billingRow(owner.company.id)).currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('choosing a plan with Stripe', () => {
  type Call = { kind: 'checkout'; input: StartCheckoutInput } | { kind: 'change'; subscriptionId: string; line: CheckoutLine; prorate: boolean };

  function fakePayments(calls: Call[]): PaymentsGateway {
    const subscription = (id: string): SubscriptionSnapshot => ({ id, status: 'active', customerId: 'cus_test', currentPeriodEnd: null, metadata: {} });
    const unused = () => Promise.reject(new Error('not used by plans'));
    return {
      startCheckout: (input) => {
        calls.push({ kind: 'checkout', input });
        return Promise.resolve({ id: `cs_test_${calls.length}_${Math.random().toString(36).slice(2)}`, url: 'https://checkout.stripe.test/pay' });
      },
      changeSubscriptionPlan: (input) => {
        calls.push({ kind: 'change', subscriptionId: input.subscriptionId, line: input.line, prorate: input.prorate });
        return Promise.resolve(subscription(input.subscriptionId));
      },
      retrieveCheckout: unused,
      openPortal: unused,
      retrieveSubscription: unused,
      verifyWebhook: () => {
        throw new Error('not used by plans');
      },
    };
  }

  const actorOf = (owner: Owner): Actor => ({ userId: owner.me.id, email: owner.email, role: 'contractor', sessionId: 'session', impersonatedBy: null });
  const tenantOf = (owner: Owner): Tenant => ({ companyId: owner.company.id, role: 'owner' });

  it('sends a trial company to Checkout with the plan, and records the open checkout', async () => {
    const owner = await signedInOwner(server);
    const calls: Call[] = [];
    const plans = createPlansService({ db: server.db, payments: fakePayments(calls), publicUrl: 'https://app.ridgeline.test' });
    const result = await plans.choosePlan(actorOf(owner), tenantOf(owner), 'business');
    expect(result).toMatchObject({ outcome: 'checkout', checkoutUrl: 'https://checkout.stripe.test/pay', billing: { mode: 'stripe', status: 'trialing' } });
    expect(calls).toEqual([
      {
        kind: 'checkout',
        input: {
          mode: 'subscription',
          customerId: null,
          customerEmail: owner.email,
          line: { name: 'Ridgeline Business', description: 'Up to 50 active files, unlimited users', amountCents: 59_900, recurring: true },
          metadata: { companyId: owner.company.id, kind: 'plan', plan: 'business' },
          successUrl: 'https://app.ridgeline.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
          cancelUrl: 'https://app.ridgeline.test/pricing',
        },
      },
    ]);
    const rows = await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.companyId, owner.company.id));
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'plan', plan: 'business', amountCents: 59_900, status: 'open', testMode: false, createdBy: owner.me.id }),
    ]);
    expect(await billingRow(owner.company.id)).toMatchObject({ billingStatus: 'trialing', plan: 'professional' });
    expect(await invoicesOf(owner.company.id)).toEqual([]);
  });

  it('moves a live subscription: an upgrade prorated and applied at once, a downgrade at the period end', async () => {
    const owner = await signedInOwner(server);
    await server.db
      .update(companies)
      .set({
        billingStatus: 'active',
        plan: 'professional',
        stripeCustomerId: `cus_${owner.company.id}`,
        stripeSubscriptionId: `sub_${owner.company.id}`,
        currentPeriodEnd: new Date(Date.now() + 10 * 86_400_000),
      })
      .where(eq(companies.id, owner.company.id));
    const calls: Call[] = [];
    const plans = createPlansService({ db: server.db, payments: fakePayments(calls), publicUrl: 'https://app.ridgeline.test' });

    const up = await plans.choosePlan(actorOf(owner), tenantOf(owner), 'enterprise');
    expect(up).toMatchObject({ outcome: 'applied', checkoutUrl: null, billing: { plan: 'enterprise', pendingPlan: null, hasPaymentMethod: true } });
    const down = await plans.choosePlan(actorOf(owner), tenantOf(owner), 'starter');
    expect(down).toMatchObject({ outcome: 'scheduled', billing: { plan: 'enterprise', pendingPlan: 'starter' } });
    expect(calls).toEqual([
      {
        kind: 'change',
        subscriptionId: `sub_${owner.company.id}`,
        line: expect.objectContaining({ name: 'Ridgeline Enterprise', amountCents: 99_900 }),
        prorate: true,
      },
      {
        kind: 'change',
        subscriptionId: `sub_${owner.company.id}`,
        line: expect.objectContaining({ name: 'Ridgeline Starter', amountCents: 19_900 }),
        prorate: false,
      },
    ]);
    expect(await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.companyId, owner.company.id))).toEqual([]);
    expect(await invoicesOf(owner.company.id)).toEqual([]);
  });

  it('refuses a non-payer before asking Stripe anything', async () => {
    const owner = await signedInOwner(server);
    const calls: Call[] = [];
    const plans = createPlansService({ db: server.db, payments: fakePayments(calls), publicUrl: 'https://app.ridgeline.test' });
    await expect(plans.choosePlan(actorOf(owner), { companyId: owner.company.id, role: 'manager' }, 'starter')).rejects.toMatchObject({ code: 'NOT_PAYER' });
    expect(calls).toEqual([]);
    expect(
      (await server.db.execute<{ n: number }>(sql`select count(*)::int as n from checkout_sessions where company_id = ${owner.company.id}`)).rows[0]?.n,
    ).toBe(0);
  });
});

describe('plan words', () => {
  it('names the files to close, up to ten, then "and N more"', () => {
    const starter = PLANS[0];
    expect(planBelowActiveFilesMessage(starter, 3, ['Smith roof', 'Jones hail', 'Lee siding', 'Park gutters'])).toBe(
      'Close 3 active files before moving to Starter (up to 10): Smith roof, Jones hail, Lee siding.',
    );
    expect(planBelowActiveFilesMessage(starter, 1, ['Smith roof', 'Jones hail'])).toBe('Close 1 active file before moving to Starter (up to 10): Smith roof.');
  });

  it('describes a test-mode invoice with its period', () => {
    expect(testInvoiceDescription(PLANS[1], new Date('2026-11-23T10:00:00Z'), new Date('2026-12-23T10:00:00Z'))).toBe(
      'Professional plan, Nov 23, 2026 - Dec 23, 2026 (test mode)',
    );
  });
});
