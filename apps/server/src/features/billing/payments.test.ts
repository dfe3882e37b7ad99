import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutStatus, Invoice } from '@ridgeline/shared/contracts/billing';
import { companies, invoices } from '../../infra/db/schema/index';
import { FAKE_STRIPE_KEY, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { signedInOwner, signedInUser } from '../../test/factories';
import { startTestServer, type SignedUpUser, type TestServer } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { findBillingRow } from './billing-state.repository';
import { findCheckoutSessionById, insertCheckoutSession } from './checkouts.repository';
import { creditBalance } from './credit-ledger.repository';

// A Checkout's state (reconciled with Stripe when the webhook is late), the customer portal and the
// invoices: tenant isolation and who may do what, in Stripe mode (the local Stripe) and in test mode.

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

function expectError(response: { status: number; body: unknown; text?: string }, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

async function insertInvoice(
  server: TestServer,
  companyId: string,
  values: { description: string; amountCents: number; createdAt: Date; testMode?: boolean; status?: string },
) {
  await server.db.insert(invoices).values({
    companyId,
    description: values.description,
    amountCents: values.amountCents,
    status: values.status ?? 'paid',
    testMode: values.testMode ?? false,
    createdAt: values.createdAt,
    hostedUrl: values.testMode ? null : `https://invoice.stripe.test/i/${values.description.length}`,
  });
}

describe('payments with Stripe', () => {
  let fake: FakeStripe;
  let server: TestServer;
  let ownerA: Owner;
  let memberA: SignedUpUser;
  let managerA: SignedUpUser;
  let adminInA: SignedUpUser;
  let ownerB: Owner;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer(fake.env());
    ownerA = await signedInOwner(server, { name: 'Alpha Payments Roofing' });
    memberA = await signedInUser(server, { company: ownerA.company, role: 'member' });
    managerA = await signedInUser(server, { company: ownerA.company, role: 'manager' });
    adminInA = await signedInUser(server, { company: ownerA.company, role: 'member', platformAdmin: true });
    ownerB = await signedInOwner(server, { name: 'Bravo Payments Siding' });
  });
  afterAll(async () => {
    await server.stop();
    await fake.stop();
  });

  async function startCheckout(owner: Owner, purchase: { kind: 'plan'; plan: 'business' } | { kind: 'credits'; credits: number }, testMode = false) {
    const session = fake.createSession({ mode: purchase.kind === 'plan' ? 'subscription' : 'payment', amountCents: 59_900 });
    const id = testMode ? `test_${randomUUID()}` : session.id;
    await insertCheckoutSession(server.db, {
      id,
      companyId: owner.company.id,
      kind: purchase.kind,
      plan: purchase.kind === 'plan' ? purchase.plan : null,
      pack: purchase.kind === 'credits' ? 'pack_10' : null,
      credits: purchase.kind === 'credits' ? purchase.credits : null,
      amountCents: 59_900,
      testMode,
      createdBy: owner.company.owner.id,
    });
    return { id, session };
  }

  describe('GET /api/billing/checkouts/:id', () => {
    it('confirms a paid plan Checkout from Stripe when the webhook has not come, through the same once-only completion', async () => {
      const owner = await signedInOwner(server);
      const { session } = await startCheckout(owner, { kind: 'plan', plan: 'business' });

      const open = await owner.client.get<CheckoutStatus>(`/api/billing/checkouts/${session.id}`);
      expect(open.status, open.text).toBe(200);
      expect(open.body).toEqual({ id: session.id, kind: 'plan', status: 'open', plan: 'business', credits: null, amountCents: 59_900, testMode: false });

      fake.completeCheckout(session.id);
      const done = await owner.client.get<CheckoutStatus>(`/api/billing/checkouts/${session.id}`);
      expect(done.body.status).toBe('complete');
      expect(await findBillingRow(server.db, owner.company.id)).toMatchObject({
        billingStatus: 'active',
        plan: 'business',
        stripeCustomerId: session.customer,
        stripeSubscriptionId: session.subscription,
        currentPeriodEnd: expect.any(Date),
      });

      // The webhook arriving afterwards finds it complete and applies nothing more.
      const late = await fake.sendWebhook(server.url, fake.event('checkout.session.completed', session));
      expect(late).toEqual({ status: 200, body: { received: true, applied: false } });
    });

    it('credits a pack confirmed by the success page once, even when the page and the webhook both confirm it', async () => {
      const owner = await signedInOwner(server);
      const { session } = await startCheckout(owner, { kind: 'credits', credits: 10 });
      fake.completeCheckout(session.id);
      const [page, webhook] = await Promise.all([
        owner.client.get<CheckoutStatus>(`/api/billing/checkouts/${session.id}`),
        fake.sendWebhook(server.url, fake.event('checkout.session.completed', session)),
      ]);
      expect(page.body.status).toBe('complete');
      expect(webhook.status).toBe(200);
      expect(await creditBalance(server.db, owner.company.id)).toBe(10);
      expect((await owner.client.get<CheckoutStatus>(`/api/billing/checkouts/${session.id}`)).body).toMatchObject({
        status: 'complete',
        kind: 'credits',
        credits: 10,
      });
      expect(await creditBalance(server.db, owner.company.id)).toBe(10);
    });

    it('marks a Checkout Stripe let expire as expired, and leaves one still open as open', async () => {
      const owner = await signedInOwner(server);
      const waiting = await startCheckout(owner, { kind: 'credits', credits: 5 });
      expect((await owner.client.get<CheckoutStatus>(`/api/billing/checkouts/${waiting.id}`)).body.status).toBe('open');
      fake.expireCheckout(waiting.id);
      expect((await owner.client.get<CheckoutStatus>(`/api/billing/checkouts/${waiting.id}`)).body.status).toBe('expired');
      expect((await findCheckoutSessionById(server.db, waiting.id))?.status).toBe('expired');
      expect(await creditBalance(server.db, owner.company.id)).toBe(0);
    });

    it('never asks Stripe about a test-mode purchase', async () => {
      const owner = await signedInOwner(server);
      const { id } = await startCheckout(owner, { kind: 'credits', credits: 5 }, true);
      const asked = fake.requests.length;
      expect((await owner.client.get<CheckoutStatus>(`/api/billing/checkouts/${id}`)).body).toMatchObject({ status: 'open', testMode: true });
      expect(fake.requests.length).toBe(asked);
    });

    it("lets any member read their company's Checkout; another company's, an unknown id or a malformed one is refused", async () => {
      const { session } = await startCheckout(ownerA, { kind: 'plan', plan: 'business' });
      expect((await memberA.client.get(`/api/billing/checkouts/${session.id}`)).status).toBe(200);

      const foreign = await ownerB.client.get(`/api/billing/checkouts/${session.id}`);
      expectError(foreign, 404, 'NOT_FOUND');
      expect(foreign.text).not.toContain('business');
      // Company B asking must not complete company A's checkout either.
      fake.completeCheckout(session.id);
      await ownerB.client.get(`/api/billing/checkouts/${session.id}`);
      expect((await findCheckoutSessionById(server.db, session.id))?.status).toBe('open');

      expectError(await ownerA.client.get('/api/billing/checkouts/cs_test_nothing_here'), 404, 'NOT_FOUND');
      expectError(await ownerA.client.get('/api/billing/checkouts/cs-test%20bad'), 400, 'VALIDATION_ERROR');
      const anonymous = await fetch(`${server.url}/api/billing/checkouts/${session.id}`);
      expect(anonymous.status).toBe(401);
    });
  });

  describe('POST /api/billing/portal', () => {
    it("opens Stripe's portal for the owner's customer, returning to /payments", async () => {
      await server.db.update(companies).set({ stripeCustomerId: 'cus_alpha_portal' }).where(eq(companies.id, ownerA.company.id));
      const portal = await ownerA.client.post<{ url: string }>('/api/billing/portal');
      expect(portal.status, portal.text).toBe(200);
      expect(portal.body.url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
      const sent = fake.requests.filter((request) => request.path === '/v1/billing_portal/sessions').at(-1);
      expect(sent?.body).toEqual({ customer: 'cus_alpha_portal', return_url: `${server.url}/payments` });
    });

    it('lets a platform admin open it; members and managers are told only the owner pays', async () => {
      expect((await adminInA.client.post('/api/billing/portal')).status).toBe(200);
      expectError(await memberA.client.post('/api/billing/portal'), 403, 'NOT_PAYER');
      expectError(await managerA.client.post('/api/billing/portal'), 403, 'NOT_PAYER');
    });

    it("answers 409 without a Stripe customer, and never opens another company's", async () => {
      const before = fake.requests.length;
      expectError(await ownerB.client.post('/api/billing/portal'), 409, 'NO_PAYMENT_CUSTOMER');
      expect(fake.requests.length).toBe(before);
    });
  });

  describe('GET /api/billing/invoices', () => {
    it("lists the company's invoices newest first to any member, and none of another company's", async () => {
      await insertInvoice(server, ownerA.company.id, { description: 'Professional, March', amountCents: 39_900, createdAt: new Date('2026-03-01T10:00:00Z') });
      await insertInvoice(server, ownerA.company.id, {
        description: 'Professional, April',
        amountCents: 39_950,
        createdAt: new Date('2026-04-01T10:00:00Z'),
        status: 'failed',
      });
      await insertInvoice(server, ownerB.company.id, { description: 'Bravo secret invoice', amountCents: 99_900, createdAt: new Date('2026-04-02T10:00:00Z') });

      const list = await memberA.client.get<{ invoices: Invoice[] }>('/api/billing/invoices');
      expect(list.status, list.text).toBe(200);
      expect(list.body.invoices.map((invoice) => [invoice.description, invoice.amountCents, invoice.status])).toEqual([
        ['Professional, April', 39_950, 'failed'],
        ['Professional, March', 39_900, 'paid'],
      ]);
      expect(list.body.invoices[0]).toEqual({
        id: expect.any(String),
        number: null,
        description: 'Professional, April',
        amountCents: 39_950,
        currency: 'usd',
        status: 'failed',
        hostedUrl: expect.stringMatching(/^https:\/\/invoice\.stripe\.test\//),
        periodStart: null,
        periodEnd: null,
        testMode: false,
        createdAt: '2026-04-01T10:00:00.000Z',
      });

      const other = await ownerB.client.get<{ invoices: Invoice[] }>('/api/billing/invoices');
      expect(other.body.invoices.map((invoice) => invoice.description)).toEqual(['Bravo secret invoice']);
      expect((await fetch(`${server.url}/api/billing/invoices`)).status).toBe(401);
    });
  });
});

describe('payments in test mode', () => {
  const server = useTestServer();

  it('has no portal (409 saying so) and no webhook (400), and lists test-mode invoices', async () => {
    const owner = await signedInOwner(server);
    const portal = await owner.client.post<{ error: { message: string } }>('/api/billing/portal');
    expectError(portal, 409, 'NO_PAYMENT_CUSTOMER');
    expect(portal.body.error.message).toMatch(/test mode/i);

    const webhook = await fetch(`${server.url}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=abc' },
      body: '{"id":"evt_1"}',
    });
    expectError({ status: webhook.status, body: await webhook.json() }, 400, 'WEBHOOK_SIGNATURE_INVALID');

    await insertInvoice(server, owner.company.id, { description: 'Professional plan (test mode)', amountCents: 39_900, createdAt: new Date(), testMode: true });
    const list = await owner.client.get<{ invoices: Invoice[] }>('/api/billing/invoices');
    expect(list.body.invoices).toEqual([expect.objectContaining({ description: 'Professional plan (test mode)', testMode: true, hostedUrl: null })]);
  });
});

describe('Stripe without a webhook secret', () => {
  let fake: FakeStripe;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer({ STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_API_BASE: fake.url, API_WRITE_LIMIT: '3' });
  });
  afterAll(async () => {
    await server.stop();
    await fake.stop();
  });

  it('answers every delivery 400 (nothing can be verified), without an Origin and beyond the write limit', async () => {
    const event = fake.event('invoice.paid', { id: 'in_1', object: 'invoice', customer: 'cus_1' });
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await fake.sendWebhook(server.url, event));
    for (const answer of answers) expectError(answer, 400, 'WEBHOOK_SIGNATURE_INVALID');

    // The exemption is the webhook's alone: any other write without a trusted Origin is refused.
    const portal = await fetch(`${server.url}/api/billing/portal`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expectError({ status: portal.status, body: await portal.json() }, 403, 'INVALID_ORIGIN');
  });
});
