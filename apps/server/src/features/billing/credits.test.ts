import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuyCreditsResult, CreditEntriesPage, CreditSummary } from '@ridgeline/shared/contracts/billing';
import { CREDIT_PACKS } from '@ridgeline/shared/domain/billing';
import type { Actor, Tenant } from '../../lib/actor';
import type { PaymentsGateway, StartCheckoutInput } from '../../infra/payments/gateway';
import { checkoutSessions, companies, creditEntries, serviceOrders } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { appendCreditEntry } from './credit-ledger.repository';
import { csvCell } from '@ridgeline/shared/domain/csv';
import { companySlug, creditsCsv, creditsCsvFileName } from './credits-csv';
import { createCreditsService } from './credits.service';

const server = useTestServer();
let ownerA: Awaited<ReturnType<typeof signedInOwner>>;
let managerA: SignedUpUser;
let memberA: SignedUpUser;
let adminInA: SignedUpUser;
let ownerB: Awaited<ReturnType<typeof signedInOwner>>;

beforeAll(async () => {
  ownerA = await signedInOwner(server, { name: 'Alpha Roofing & Sons' });
  managerA = await signedInUser(server, { company: ownerA.company, role: 'manager', firstName: 'Mona', lastName: 'Manager' });
  memberA = await signedInUser(server, { company: ownerA.company, role: 'member' });
  adminInA = await signedInUser(server, { company: ownerA.company, role: 'member', platformAdmin: true });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
});

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

const ledgerOf = (companyId: string) => server.db.select().from(creditEntries).where(eq(creditEntries.companyId, companyId));
const checkoutsOf = (companyId: string) => server.db.select().from(checkoutSessions).where(eq(checkoutSessions.companyId, companyId));

async function buy(user: SignedUpUser, pack: string): Promise<BuyCreditsResult> {
  const response = await user.client.post<BuyCreditsResult>('/api/credits/purchase', { pack });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** CSV rows as cells (every cell is quoted; quotes inside are doubled). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replace(/""/g, '"')));
}

describe('credits: summary and purchase in test mode', () => {
  it('shows every member the balance, the packs and the mode; only owners and platform admins may buy', async () => {
    const summary = await memberA.client.get<CreditSummary>('/api/credits');
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({ balance: 0, packs: CREDIT_PACKS.map((pack) => ({ ...pack })), mode: 'test', canBuy: false });
    expect((await ownerA.client.get<CreditSummary>('/api/credits')).body.canBuy).toBe(true);
    expect((await managerA.client.get<CreditSummary>('/api/credits')).body.canBuy).toBe(false);
    expect((await adminInA.client.get<CreditSummary>('/api/credits')).body.canBuy).toBe(true);
  });

  it('buys a pack at once in test mode: a completed test checkout and one purchase row, in one go', async () => {
    const result = await buy(ownerA, 'pack_10');
    expect(result).toEqual({ outcome: 'applied', checkoutId: expect.stringMatching(/^test_[0-9a-f-]{36}$/), checkoutUrl: null, balance: 10 });

    const [checkout] = await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, result.checkoutId));
    expect(checkout).toMatchObject({
      companyId: ownerA.company.id,
      kind: 'credits',
      pack: 'pack_10',
      credits: 10,
      amountCents: 24_000,
      status: 'complete',
      testMode: true,
      createdBy: ownerA.me.id,
    });
    expect(checkout?.completedAt).toBeInstanceOf(Date);

    const ledger = await ledgerOf(ownerA.company.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: 'purchase',
      credits: 10,
      balanceAfter: 10,
      reason: 'Bought 10 credits (test mode)',
      actorId: ownerA.me.id,
      checkoutSessionId: result.checkoutId,
    });

    // A platform admin in the company buys too; the balance adds up.
    expect((await buy(adminInA, 'pack_5')).balance).toBe(15);
    expect((await ownerA.client.get<CreditSummary>('/api/credits')).body.balance).toBe(15);

    // The success page reads it as it reads a paid Checkout, and the purchases carry their price.
    const status = await ownerA.client.get(`/api/billing/checkouts/${result.checkoutId}`);
    expect(status.status, status.text).toBe(200);
    expect(status.body).toEqual({ id: result.checkoutId, kind: 'credits', status: 'complete', plan: null, credits: 10, amountCents: 24_000, testMode: true });
    const purchases = await ownerA.client.get<CreditEntriesPage>('/api/credits/entries?kind=purchase');
    expect(purchases.body.entries.map((entry) => [entry.credits, entry.amountCents])).toEqual([
      [5, 12_500],
      [10, 24_000],
    ]);
    // Another company reads neither the checkout nor the purchases.
    expectError(await ownerB.client.get(`/api/billing/checkouts/${result.checkoutId}`), 404, 'NOT_FOUND');
    expect((await ownerB.client.get<CreditEntriesPage>('/api/credits/entries?kind=purchase')).body.entries).toEqual([]);
  });

  it('refuses a purchase by a manager or a member (403 NOT_PAYER) and writes nothing', async () => {
    const before = { ledger: (await ledgerOf(ownerA.company.id)).length, checkouts: (await checkoutsOf(ownerA.company.id)).length };
    expectError(await memberA.client.post('/api/credits/purchase', { pack: 'pack_5' }), 403, 'NOT_PAYER');
    expectError(await managerA.client.post('/api/credits/purchase', { pack: 'pack_50' }), 403, 'NOT_PAYER');
    expect((await ledgerOf(ownerA.company.id)).length).toBe(before.ledger);
    expect((await checkoutsOf(ownerA.company.id)).length).toBe(before.checkouts);
  });

  it('answers bad input with 400 and no row', async () => {
    const before = (await ledgerOf(ownerA.company.id)).length;
    expectError(await ownerA.client.post('/api/credits/purchase', { pack: 'pack_7' }), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.post('/api/credits/purchase', {}), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.post('/api/credits/purchase', { pack: 10 }), 400, 'VALIDATION_ERROR');
    expect((await ledgerOf(ownerA.company.id)).length).toBe(before);

    for (const query of ['page=0', 'pageSize=0', 'pageSize=101', 'page=abc', 'kind=gift', 'from=2026-13-01', 'to=yesterday', 'from=2026-02-30']) {
      expectError(await ownerA.client.get(`/api/credits/entries?${query}`), 400, 'VALIDATION_ERROR');
      expectError(await ownerA.client.get(`/api/credits/entries.csv?${query}`), 400, 'VALIDATION_ERROR');
    }
    expectError(await ownerA.client.get('/api/credits/entries?from=2026-03-02&to=2026-03-01'), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.get('/api/credits/entries.csv?from=2026-03-02&to=2026-03-01'), 400, 'VALIDATION_ERROR');
  });

  it('asks for a sign-in and a company', async () => {
    const anonymous = server.client();
    expectError(await anonymous.get('/api/credits'), 401, 'UNAUTHENTICATED');
    expectError(await anonymous.get('/api/credits/entries'), 401, 'UNAUTHENTICATED');
    expectError(await anonymous.get('/api/credits/entries.csv'), 401, 'UNAUTHENTICATED');
    const loner = await signedInUser(server, {});
    expectError(await loner.client.get('/api/credits'), 403, 'NO_COMPANY');
    expectError(await loner.client.post('/api/credits/purchase', { pack: 'pack_5' }), 403, 'NO_COMPANY');
  });

  it('still sells credits while the company is read-only (the way out), while other writes answer 402', async () => {
    const owner = await signedInOwner(server, { name: 'Expired Trial Roofing' });
    await server.db
      .update(companies)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(companies.id, owner.company.id));
    expectError(await owner.client.post('/api/carriers', { name: 'State Farm' }), 402, 'BILLING_READ_ONLY');
    expect((await buy(owner, 'pack_25')).balance).toBe(25);
    const entries = await owner.client.get<CreditEntriesPage>('/api/credits/entries');
    expect(entries.status).toBe(200);
    expect(entries.body.total).toBe(1);
    expect((await owner.client.get('/api/credits/entries.csv')).status).toBe(200);
  });
});

describe('credits: the ledger, its filters and its CSV', () => {
  let owner: Awaited<ReturnType<typeof signedInOwner>>;
  let member: SignedUpUser;
  let projectTitle: string;

  beforeAll(async () => {
    owner = await signedInOwner(server, { name: 'Ledger Roofing' });
    member = await signedInUser(server, { company: owner.company, role: 'member' });
    const companyId = owner.company.id;
    const project = await insertProjectRow(server.db, companyId, { title: '12 Oak St hail claim' });
    projectTitle = project.title;
    const [order] = await server.db
      .insert(serviceOrders)
      .values({ companyId, projectId: project.id, serviceType: 'xact360', credits: 4, orderedBy: owner.me.id })
      .returning();
    if (!order) throw new Error('service order not inserted');
    // Rows with set days (written in order, each balance the one before plus its credits).
    const rows = [
      { kind: 'purchase', credits: 25, balanceAfter: 25, reason: 'Bought 25 credits', actorId: owner.me.id, createdAt: new Date('2026-03-01T09:00:00Z') },
      {
        kind: 'spend',
        credits: -4,
        balanceAfter: 21,
        reason: 'Xact360 ordered',
        actorId: owner.me.id,
        serviceOrderId: order.id,
        createdAt: new Date('2026-03-02T23:59:59Z'),
      },
      {
        kind: 'refund',
        credits: 4,
        balanceAfter: 25,
        reason: 'Xact360 cancelled: duplicate',
        actorId: null,
        serviceOrderId: order.id,
        createdAt: new Date('2026-03-03T00:00:00Z'),
      },
      {
        kind: 'adjustment',
        credits: -3,
        balanceAfter: 22,
        reason: '=HYPERLINK("http://evil.example","click")',
        actorId: null,
        createdAt: new Date('2026-03-05T12:00:00Z'),
      },
    ] as const;
    for (const row of rows) await server.db.insert(creditEntries).values({ ...row, companyId });
    // And one through the ledger's own path, today.
    await server.db.transaction((tx) =>
      appendCreditEntry(tx, { companyId, kind: 'purchase', credits: 5, reason: 'Bought 5 credits (test mode)', actorId: member.me.id }),
    );
  });

  it('lists the rows newest first with who and the project of a service order, paged', async () => {
    const all = await member.client.get<CreditEntriesPage>('/api/credits/entries');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    expect(all.body.entries.map((entry) => [entry.kind, entry.credits, entry.balanceAfter])).toEqual([
      ['purchase', 5, 27],
      ['adjustment', -3, 22],
      ['refund', 4, 25],
      ['spend', -4, 21],
      ['purchase', 25, 25],
    ]);
    const spend = all.body.entries[3];
    expect(spend).toEqual({
      id: expect.any(String),
      kind: 'spend',
      credits: -4,
      balanceAfter: 21,
      reason: 'Xact360 ordered',
      actorName: 'Robin Slate',
      serviceOrderId: expect.any(String),
      projectId: expect.any(String),
      amountCents: null,
      createdAt: '2026-03-02T23:59:59.000Z',
    });
    expect(all.body.entries[2]).toMatchObject({ actorName: null, projectId: spend?.projectId });
    expect(all.body.entries[1]).toMatchObject({ serviceOrderId: null, projectId: null });

    const page2 = await member.client.get<CreditEntriesPage>('/api/credits/entries?page=2&pageSize=2');
    expect(page2.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.body.entries.map((entry) => entry.kind)).toEqual(['refund', 'spend']);
    const beyond = await member.client.get<CreditEntriesPage>('/api/credits/entries?page=9&pageSize=2');
    expect(beyond.body).toMatchObject({ entries: [], total: 5, page: 9 });
  });

  it('filters by kind and by days in UTC, both days included', async () => {
    const purchases = await owner.client.get<CreditEntriesPage>('/api/credits/entries?kind=purchase');
    expect(purchases.body.total).toBe(2);
    expect(purchases.body.entries.every((entry) => entry.kind === 'purchase')).toBe(true);

    const march2 = await owner.client.get<CreditEntriesPage>('/api/credits/entries?from=2026-03-02&to=2026-03-02');
    expect(march2.body.entries.map((entry) => entry.reason)).toEqual(['Xact360 ordered']);
    const from3 = await owner.client.get<CreditEntriesPage>('/api/credits/entries?from=2026-03-03&to=2026-03-05');
    expect(from3.body.entries.map((entry) => entry.kind)).toEqual(['adjustment', 'refund']);
    const until1 = await owner.client.get<CreditEntriesPage>('/api/credits/entries?to=2026-03-01');
    expect(until1.body.entries.map((entry) => entry.reason)).toEqual(['Bought 25 credits']);
    const spendsIn = await owner.client.get<CreditEntriesPage>('/api/credits/entries?kind=spend&from=2026-03-03');
    expect(spendsIn.body).toMatchObject({ entries: [], total: 0 });
  });

  it('exports the matching rows as a CSV download named after the company and the day, safe from formulas', async () => {
    const response = await member.client.get('/api/credits/entries.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="credits-ledger-roofing-${today}.csv"`);
    expect(response.text.replace(/^\uFEFF/, '').startsWith('"Date","Kind","Credits","Balance","Reason","By","Claim file"\r\n')).toBe(true);

    const rows = csvRows(response.text);
    expect(rows[0]).toEqual(['Date', 'Kind', 'Credits', 'Balance', 'Reason', 'By', 'Claim file']);
    expect(rows.slice(1).map((row) => row.slice(1, 4))).toEqual([
      ['Purchase', '5', '27'],
      ['Adjustment', '-3', '22'],
      ['Refund', '4', '25'],
      ['Spend', '-4', '21'],
      ['Purchase', '25', '25'],
    ]);
    expect(rows[2]).toEqual(['2026-03-05T12:00:00.000Z', 'Adjustment', '-3', '22', `'=HYPERLINK("http://evil.example","click")`, '', '']);
    expect(rows[4]).toEqual(['2026-03-02T23:59:59.000Z', 'Spend', '-4', '21', 'Xact360 ordered', 'Robin Slate', projectTitle]);
    expect(response.text).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');

    const filtered = csvRows((await owner.client.get('/api/credits/entries.csv?kind=refund&from=2026-03-01&to=2026-03-31')).text);
    expect(filtered).toHaveLength(2);
    expect(filtered[1]?.slice(1, 5)).toEqual(['Refund', '4', '25', 'Xact360 cancelled: duplicate']);
  });

  it("shows another company's user none of the rows, in the list or the CSV", async () => {
    const list = await ownerB.client.get<CreditEntriesPage>('/api/credits/entries');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ entries: [], total: 0 });
    expect((await ownerB.client.get<CreditSummary>('/api/credits')).body.balance).toBe(0);
    const csv = await ownerB.client.get('/api/credits/entries.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('filename="credits-bravo-siding-');
    expect(csvRows(csv.text)).toEqual([['Date', 'Kind', 'Credits', 'Balance', 'Reason', 'By', 'Claim file']]);
    expect(csv.text).not.toContain('Ledger');
    expect(csv.text).not.toContain(projectTitle);
  });
});

describe('credits: purchase through Stripe Checkout', () => {
  /** A hand-made payment provider: it records the Checkout asked for and answers a session. */
  function fakeGateway(calls: StartCheckoutInput[]): PaymentsGateway {
    const unused = () => {
      throw new Error('not used by a credit purchase');
    };
    return {
      startCheckout: async (input) => {
        calls.push(input);
        return { id: `cs_test_${calls.length}`, url: `https://checkout.stripe.test/c/pay/cs_test_${calls.length}` };
      },
      retrieveCheckout: unused,
      openPortal: unused,
      retrieveSubscription: unused,
      changeSubscriptionPlan: unused,
      verifyWebhook: unused,
    };
  }

  const actorOf = (user: SignedUpUser): Actor => ({ userId: user.me.id, email: user.email, role: 'contractor', sessionId: 'test', impersonatedBy: null });

  it('starts a Checkout for the pack and records it open; nothing is credited until the webhook says it is paid', async () => {
    const owner = await signedInOwner(server, { name: 'Stripe Roofing' });
    await server.db.update(companies).set({ stripeCustomerId: 'cus_credits_1' }).where(eq(companies.id, owner.company.id));
    const calls: StartCheckoutInput[] = [];
    const service = createCreditsService({ db: server.db, payments: fakeGateway(calls), publicUrl: 'https://app.ridgeline.example', readTimeoutMs: 5_000 });
    const tenant: Tenant = { companyId: owner.company.id, role: 'owner' };

    const summary = await service.summary(actorOf(owner), tenant);
    expect(summary).toMatchObject({ mode: 'stripe', canBuy: true, balance: 0 });

    const result = await service.buy(actorOf(owner), tenant, { pack: 'pack_25' });
    expect(result).toEqual({ outcome: 'checkout', checkoutId: 'cs_test_1', checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_test_1', balance: 0 });
    expect(calls).toEqual([
      {
        mode: 'payment',
        customerId: 'cus_credits_1',
        customerEmail: owner.email,
        line: { name: 'Ridgeline credits: 25', description: expect.stringContaining('25 credits'), amountCents: 57_500, recurring: false },
        metadata: { companyId: owner.company.id, kind: 'credits', pack: 'pack_25' },
        successUrl: 'https://app.ridgeline.example/credits-success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://app.ridgeline.example/credits',
      },
    ]);
    const [checkout] = await checkoutsOf(owner.company.id);
    expect(checkout).toMatchObject({
      id: 'cs_test_1',
      kind: 'credits',
      pack: 'pack_25',
      credits: 25,
      amountCents: 57_500,
      status: 'open',
      testMode: false,
      createdBy: owner.me.id,
    });
    expect(await ledgerOf(owner.company.id)).toEqual([]);
  });

  it('refuses a member before asking the provider anything', async () => {
    const calls: StartCheckoutInput[] = [];
    const service = createCreditsService({ db: server.db, payments: fakeGateway(calls), publicUrl: 'https://app.ridgeline.example', readTimeoutMs: 5_000 });
    await expect(service.buy(actorOf(memberA), { companyId: ownerA.company.id, role: 'member' }, { pack: 'pack_5' })).rejects.toMatchObject({
      code: 'NOT_PAYER',
      status: 403,
    });
    expect(calls).toEqual([]);
  });
});

describe('credits CSV file', () => {
  it('starts with a byte-order mark and the header, and names the file after the company and the UTC day', () => {
    expect(creditsCsv([]).startsWith('\uFEFF"Date","Kind","Credits","Balance","Reason","By","Claim file"\r\n')).toBe(true);
    expect(creditsCsvFileName('Alpha Roofing & Sons', new Date('2026-03-05T23:30:00-05:00'))).toBe('credits-alpha-roofing-sons-2026-03-06.csv');
    expect(companySlug('Émile Toitures / Québec')).toBe('emile-toitures-quebec');
    expect(companySlug('***')).toBe('company');
  });

  it('keeps text a spreadsheet would run as a formula as text, and numbers as numbers', () => {
    expect(['=1+1', '+1', '-cmd', '@SUM(A1)', '\tx', 'plain', 'say "hi"'].map(csvCell)).toEqual([
      `"'=1+1"`,
      `"'+1"`,
      `"'-cmd"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      '"plain"',
      '"say ""hi"""',
    ]);
    expect(csvCell(-4)).toBe('"-4"');
    expect(csvCell(null)).toBe('""');
  });
});
