import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_GRACE_DAYS } from '@ridgeline/shared/domain/billing';
import { billingEvents, companies, creditEntries, invoices } from '../../infra/db/schema/index';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import { startTestServer, type SignedUpUser, type TestServer } from '../../test/test-server';
import { findBillingRow, type BillingRow } from './billing-state.repository';
import { findCheckoutSessionById, insertCheckoutSession } from './checkouts.repository';
import { creditBalance } from './credit-ledger.repository';

// Stripe's webhook on the real server and database, against the local Stripe: verified, applied once
// per event id, and only to the company the event names.

let fake: FakeStripe;
let server: TestServer;
type Owner = Awaited<ReturnType<typeof signedInOwner>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer(fake.env());
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});

const DAY_MS = 24 * 60 * 60 * 1000;

function expectError(response: { status: number; body: unknown }, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), requestId: expect.any(String) } });
}

async function billingOf(companyId: string): Promise<BillingRow> {
  const row = await findBillingRow(server.db, companyId);
  if (!row) throw new Error(`no company ${companyId}`);
  return row;
}

const eventCount = async (id: string) => (await server.db.select().from(billingEvents).where(eq(billingEvents.id, id))).length;
const ledgerOf = (companyId: string) => server.db.select().from(creditEntries).where(eq(creditEntries.companyId, companyId));
const invoicesOf = (companyId: string) => server.db.select().from(invoices).where(eq(invoices.companyId, companyId));

async function mailCount(to: string, subject: string): Promise<number> {
  const rows = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where "to" = ${to} and subject = ${subject}`);
  return rows.rows[0]?.n ?? 0;
}

/** A Checkout started for the company: the fake Stripe's session and our row, as the start-checkout endpoints make them. */
async function startCheckout(owner: Owner, purchase: { kind: 'plan'; plan: 'starter' | 'professional' | 'business' } | { kind: 'credits'; credits: number }) {
  const amountCents = purchase.kind === 'plan' ? 59_900 : purchase.credits * 2_400;
  const session = fake.createSession({
    mode: purchase.kind === 'plan' ? 'subscription' : 'payment',
    amountCents,
    metadata: { companyId: owner.company.id, kind: purchase.kind },
  });
  await insertCheckoutSession(server.db, {
    id: session.id,
    companyId: owner.company.id,
    kind: purchase.kind,
    plan: purchase.kind === 'plan' ? purchase.plan : null,
    pack: purchase.kind === 'credits' ? `pack_${purchase.credits}` : null,
    credits: purchase.kind === 'credits' ? purchase.credits : null,
    amountCents,
    testMode: false,
    createdBy: owner.company.owner.id,
  });
  return session;
}

/** A company on a paid plan through a completed Checkout (customer and subscription known). */
async function payingOwner(name: string): Promise<Owner & { customer: string; subscription: string }> {
  const owner = await signedInOwner(server, { name });
  const session = fake.completeCheckout((await startCheckout(owner, { kind: 'plan', plan: 'professional' })).id);
  const delivered = await fake.sendWebhook(server.url, fake.event('checkout.session.completed', session));
  expect(delivered.status).toBe(200);
  const billing = await billingOf(owner.company.id);
  if (!billing.stripeCustomerId || !billing.stripeSubscriptionId) throw new Error('the plan checkout did not apply');
  return { ...owner, customer: billing.stripeCustomerId, subscription: billing.stripeSubscriptionId };
}

const createCarrier = (user: SignedUpUser, name: string): Promise<TestResponse> => user.client.post('/api/carriers', { name });

describe('the Stripe webhook', () => {
  it('refuses a wrong, foreign or missing signature with 400 and changes nothing', async () => {
    const owner = await signedInOwner(server);
    const session = fake.completeCheckout((await startCheckout(owner, { kind: 'plan', plan: 'business' })).id);
    const event = fake.event('checkout.session.completed', session);
    const before = await billingOf(owner.company.id);

    expectError(await fake.sendWebhook(server.url, event, { signature: 't=1700000000,v1=0123456789abcdef' }), 400, 'WEBHOOK_SIGNATURE_INVALID');
    expectError(await fake.sendWebhook(server.url, event, { secret: 'whsec_not_ours_at_all' }), 400, 'WEBHOOK_SIGNATURE_INVALID');
    const unsigned = await fetch(`${server.url}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
    });
    expectError({ status: unsigned.status, body: await unsigned.json() }, 400, 'WEBHOOK_SIGNATURE_INVALID');

    expect(await billingOf(owner.company.id)).toEqual(before);
    expect(await eventCount(String(event.id))).toBe(0);
    expect((await findCheckoutSessionById(server.db, session.id))?.status).toBe('open');
  });

  it('makes the company active on the plan of a completed Checkout, once however often the event arrives', async () => {
    const owner = await signedInOwner(server);
    expect((await billingOf(owner.company.id)).billingStatus).toBe('trialing');
    const session = fake.completeCheckout((await startCheckout(owner, { kind: 'plan', plan: 'business' })).id);
    const event = fake.event('checkout.session.completed', session);

    const first = await fake.sendWebhook(server.url, event);
    expect(first).toEqual({ status: 200, body: { received: true, applied: true } });
    const subscription = fake.subscriptions.get(session.subscription ?? '');
    const periodEnd = subscription?.items.data[0]?.current_period_end ?? 0;
    const applied = await billingOf(owner.company.id);
    expect(applied).toMatchObject({
      billingStatus: 'active',
      plan: 'business',
      pendingPlan: null,
      graceEndsAt: null,
      stripeCustomerId: session.customer,
      stripeSubscriptionId: session.subscription,
      currentPeriodEnd: new Date(periodEnd * 1000),
    });
    expect((await findCheckoutSessionById(server.db, session.id))?.status).toBe('complete');

    // Stripe delivers again (a retry) and meanwhile the owner's plan changes: the repeat changes nothing.
    await server.db.update(companies).set({ plan: 'enterprise' }).where(eq(companies.id, owner.company.id));
    expect(await fake.sendWebhook(server.url, event)).toEqual({ status: 200, body: { received: true, applied: false } });
    expect((await billingOf(owner.company.id)).plan).toBe('enterprise');
    expect(await eventCount(String(event.id))).toBe(1);
  });

  it('credits a pack once: the same event twice, or a second event for the same Checkout, adds one ledger row', async () => {
    const owner = await signedInOwner(server);
    const session = fake.completeCheckout((await startCheckout(owner, { kind: 'credits', credits: 10 })).id);
    const event = fake.event('checkout.session.completed', session);

    expect((await fake.sendWebhook(server.url, event)).status).toBe(200);
    expect((await fake.sendWebhook(server.url, event)).status).toBe(200);
    expect((await fake.sendWebhook(server.url, fake.event('checkout.session.async_payment_succeeded', session))).body).toMatchObject({ applied: false });

    const ledger = await ledgerOf(owner.company.id);
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        credits: 10,
        balanceAfter: 10,
        reason: 'Bought 10 credits',
        actorId: owner.company.owner.id,
        checkoutSessionId: session.id,
      }),
    ]);
    expect(await creditBalance(server.db, owner.company.id)).toBe(10);
    // A one-time purchase leaves the customer on record, so the portal can show its card and receipt.
    expect((await billingOf(owner.company.id)).stripeCustomerId).toBe(session.customer);
    // Buying credits is not choosing a plan.
    expect((await billingOf(owner.company.id)).billingStatus).toBe('trialing');
  });

  it('applies an event delivered several times at once exactly once', async () => {
    const owner = await signedInOwner(server);
    const session = fake.completeCheckout((await startCheckout(owner, { kind: 'credits', credits: 25 })).id);
    const event = fake.event('checkout.session.completed', session);
    const answers = await Promise.all(Array.from({ length: 6 }, () => fake.sendWebhook(server.url, event)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => (answer.body as { applied: boolean }).applied)).toHaveLength(1);
    expect(await ledgerOf(owner.company.id)).toHaveLength(1);
    expect(await creditBalance(server.db, owner.company.id)).toBe(25);
  });

  it("records the first invoice even when it comes before the completed Checkout (by the company named in our subscription's metadata)", async () => {
    const owner = await signedInOwner(server);
    const session = fake.completeCheckout((await startCheckout(owner, { kind: 'plan', plan: 'business' })).id);
    const subscription = session.subscription ?? '';
    const first = fake.invoice({
      customer: session.customer ?? '',
      subscription,
      amountCents: 59_900,
      metadata: { companyId: owner.company.id, kind: 'plan' },
    });
    expect((await fake.sendWebhook(server.url, fake.event('invoice.paid', first))).body).toMatchObject({ applied: true });
    expect(await invoicesOf(owner.company.id)).toEqual([expect.objectContaining({ stripeInvoiceId: first.id, status: 'paid', amountCents: 59_900 })]);

    expect((await fake.sendWebhook(server.url, fake.event('checkout.session.completed', session))).body).toMatchObject({ applied: true });
    expect(await billingOf(owner.company.id)).toMatchObject({ billingStatus: 'active', plan: 'business', stripeSubscriptionId: subscription });

    // Metadata naming a company that already pays through another customer moves nothing.
    const other = await payingOwner('Already Paying Roofing');
    const stray = fake.invoice({ customer: 'cus_stranger', subscription: 'sub_stranger', amountCents: 100, metadata: { companyId: other.company.id } });
    await fake.sendWebhook(server.url, fake.event('invoice.payment_failed', stray));
    expect((await billingOf(other.company.id)).billingStatus).toBe('active');
  });

  it('marks a Checkout that Stripe expired', async () => {
    const owner = await signedInOwner(server);
    const session = await startCheckout(owner, { kind: 'credits', credits: 5 });
    fake.expireCheckout(session.id);
    expect((await fake.sendWebhook(server.url, fake.event('checkout.session.expired', session))).status).toBe(200);
    expect((await findCheckoutSessionById(server.db, session.id))?.status).toBe('expired');
  });

  it('leaves a completed but unpaid Checkout open (an asynchronous payment still on its way)', async () => {
    const owner = await signedInOwner(server);
    const session = fake.completeCheckout((await startCheckout(owner, { kind: 'credits', credits: 5 })).id, { paid: false });
    expect((await fake.sendWebhook(server.url, fake.event('checkout.session.completed', session))).body).toMatchObject({ applied: false });
    expect(await ledgerOf(owner.company.id)).toEqual([]);
    expect((await findCheckoutSessionById(server.db, session.id))?.status).toBe('open');
  });

  it('on a failed payment: past due with a grace period and writes still open, the owners mailed once per invoice; after the grace, 402; paid, open again', async () => {
    const owner = await payingOwner('Failing Card Roofing');
    const member = await signedInUser(server, { company: owner.company, role: 'member' });
    const invoice = fake.invoice({ customer: owner.customer, subscription: owner.subscription, amountCents: 39_900 });

    const failedAt = Date.now();
    expect((await fake.sendWebhook(server.url, fake.event('invoice.payment_failed', invoice))).status).toBe(200);
    const pastDue = await billingOf(owner.company.id);
    expect(pastDue.billingStatus).toBe('past_due');
    const graceMs = (pastDue.graceEndsAt?.getTime() ?? 0) - failedAt;
    expect(graceMs).toBeGreaterThan(PAYMENT_GRACE_DAYS * DAY_MS - 60_000);
    expect(graceMs).toBeLessThan(PAYMENT_GRACE_DAYS * DAY_MS + 60_000);
    expect(await invoicesOf(owner.company.id)).toEqual([
      expect.objectContaining({ stripeInvoiceId: invoice.id, status: 'failed', amountCents: 39_900, hostedUrl: invoice.hosted_invoice_url, testMode: false }),
    ]);
    const mail = await server.readMail(owner.email, 'Your payment failed');
    expect(mail.text).toContain(`${server.url}/payments`);

    // In the grace period the company keeps working.
    expect((await createCarrier(member, 'Grace Mutual')).status).toBe(201);

    // Stripe retries and fails again (a new event for the same invoice): the grace period runs on, no second mail.
    expect((await fake.sendWebhook(server.url, fake.event('invoice.payment_failed', invoice))).status).toBe(200);
    expect((await billingOf(owner.company.id)).graceEndsAt).toEqual(pastDue.graceEndsAt);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailCount(owner.email, 'Your payment failed')).toBe(1);

    // The grace period over: every write answers 402, reads go on.
    await server.db
      .update(companies)
      .set({ graceEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(companies.id, owner.company.id));
    expectError(await createCarrier(member, 'Too Late Mutual'), 402, 'BILLING_READ_ONLY');
    expect((await member.client.get('/api/carriers')).status).toBe(200);

    // The card is fixed and the invoice paid: active again, the same invoice row now paid.
    expect((await fake.sendWebhook(server.url, fake.event('invoice.paid', invoice))).status).toBe(200);
    expect(await billingOf(owner.company.id)).toMatchObject({ billingStatus: 'active', graceEndsAt: null });
    expect(await invoicesOf(owner.company.id)).toEqual([expect.objectContaining({ stripeInvoiceId: invoice.id, status: 'paid' })]);
    expect((await createCarrier(member, 'Paid Up Mutual')).status).toBe(201);
  });

  it('records a paid invoice once and applies a downgrade whose period has started', async () => {
    const owner = await payingOwner('Downsizing Roofing');
    // Stripe's times are whole seconds.
    const periodEnd = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000);
    await server.db.update(companies).set({ pendingPlan: 'starter', currentPeriodEnd: periodEnd }).where(eq(companies.id, owner.company.id));

    // An invoice of the period still running (a proration) leaves the downgrade waiting.
    const proration = fake.invoice({
      customer: owner.customer,
      subscription: owner.subscription,
      amountCents: 5_000,
      periodStart: Math.floor(periodEnd.getTime() / 1000) - 86_400,
      periodEnd: Math.floor(periodEnd.getTime() / 1000),
    });
    expect((await fake.sendWebhook(server.url, fake.event('invoice.paid', proration))).status).toBe(200);
    expect(await billingOf(owner.company.id)).toMatchObject({ plan: 'professional', pendingPlan: 'starter' });

    const renewal = fake.invoice({
      customer: owner.customer,
      subscription: owner.subscription,
      amountCents: 19_900,
      description: '1 × Ridgeline Starter',
      periodStart: Math.floor(periodEnd.getTime() / 1000),
    });
    const event = fake.event('invoice.paid', renewal);
    expect((await fake.sendWebhook(server.url, event)).status).toBe(200);
    expect((await fake.sendWebhook(server.url, event)).status).toBe(200);
    const after = await billingOf(owner.company.id);
    expect(after).toMatchObject({ plan: 'starter', pendingPlan: null, billingStatus: 'active' });
    expect(after.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    const rows = await invoicesOf(owner.company.id);
    expect(rows.filter((row) => row.stripeInvoiceId === renewal.id)).toEqual([
      expect.objectContaining({ status: 'paid', amountCents: 19_900, description: '1 × Ridgeline Starter', number: renewal.number }),
    ]);
  });

  it('follows the subscription: past due keeps the grace, renewed moves the period, deleted makes the company read-only with nothing deleted', async () => {
    const owner = await payingOwner('Cancelling Roofing');
    const subscription = fake.subscriptions.get(owner.subscription);
    if (!subscription) throw new Error('no subscription');
    expect((await createCarrier(owner, 'Before Mutual')).status).toBe(201);

    expect((await fake.sendWebhook(server.url, fake.event('customer.subscription.updated', { ...subscription, status: 'past_due' }))).status).toBe(200);
    const pastDue = await billingOf(owner.company.id);
    expect(pastDue.billingStatus).toBe('past_due');
    expect(pastDue.graceEndsAt?.getTime()).toBeGreaterThan(Date.now());

    const renewedEnd = Math.floor(Date.now() / 1000) + 60 * 86_400;
    const item = subscription.items.data[0];
    if (!item) throw new Error('no item');
    const renewed = { ...subscription, status: 'active', items: { ...subscription.items, data: [{ ...item, current_period_end: renewedEnd }] } };
    expect((await fake.sendWebhook(server.url, fake.event('customer.subscription.updated', renewed))).status).toBe(200);
    expect(await billingOf(owner.company.id)).toMatchObject({ billingStatus: 'active', graceEndsAt: null, currentPeriodEnd: new Date(renewedEnd * 1000) });

    // Another (old) subscription of the same customer ending does not end the current one.
    const old = { ...subscription, id: 'sub_old_one', status: 'canceled' };
    expect((await fake.sendWebhook(server.url, fake.event('customer.subscription.deleted', old))).status).toBe(200);
    expect((await billingOf(owner.company.id)).billingStatus).toBe('active');

    expect((await fake.sendWebhook(server.url, fake.event('customer.subscription.deleted', { ...subscription, status: 'canceled' }))).status).toBe(200);
    expect((await billingOf(owner.company.id)).billingStatus).toBe('canceled');
    expectError(await createCarrier(owner, 'After Mutual'), 402, 'BILLING_READ_ONLY');
    const carriers = await owner.client.get<{ carriers: { name: string }[] }>('/api/carriers');
    expect(carriers.status).toBe(200);
    expect(carriers.body.carriers.map((carrier) => carrier.name)).toContain('Before Mutual');
  });

  it('acknowledges and records an unknown event type, and ignores an event for a company it does not know', async () => {
    const owner = await payingOwner('Quiet Roofing');
    const before = await billingOf(owner.company.id);

    const unknown = fake.event('customer.tax_id.created', { id: 'txi_1', object: 'tax_id', customer: owner.customer });
    expect(await fake.sendWebhook(server.url, unknown)).toEqual({ status: 200, body: { received: true, applied: false } });
    expect(await eventCount(String(unknown.id))).toBe(1);

    const stranger = fake.invoice({ customer: 'cus_nobody_we_know', subscription: 'sub_nobody', amountCents: 99_900 });
    expect((await fake.sendWebhook(server.url, fake.event('invoice.payment_failed', stranger))).status).toBe(200);
    expect(
      await server.db
        .select()
        .from(invoices)
        .where(eq(invoices.stripeInvoiceId, String(stranger.id))),
    ).toEqual([]);
    expect(await billingOf(owner.company.id)).toEqual(before);
  });

  it("changes only the company the event names: another company's invoice leaves this one as it was", async () => {
    const alpha = await payingOwner('Alpha Webhook Roofing');
    const bravo = await payingOwner('Bravo Webhook Roofing');
    const alphaBefore = await billingOf(alpha.company.id);
    const failed = fake.invoice({ customer: bravo.customer, subscription: bravo.subscription, amountCents: 39_900 });
    expect((await fake.sendWebhook(server.url, fake.event('invoice.payment_failed', failed))).status).toBe(200);
    expect((await billingOf(bravo.company.id)).billingStatus).toBe('past_due');
    expect(await billingOf(alpha.company.id)).toEqual(alphaBefore);
    expect(await invoicesOf(alpha.company.id)).toEqual([]);

    // The same invoice id cannot be moved onto another company.
    const hijack = { ...failed, customer: alpha.customer };
    expect((await fake.sendWebhook(server.url, fake.event('invoice.paid', hijack))).status).toBe(200);
    expect(await invoicesOf(alpha.company.id)).toEqual([]);
    expect(await invoicesOf(bravo.company.id)).toEqual([expect.objectContaining({ stripeInvoiceId: failed.id, status: 'failed' })]);
  });
});
