import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminBillingCompany, AdminBillingPage } from '@ridgeline/shared/contracts/billing';
import { billingAudit, billingNotices, companies, creditEntries, invoices } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser, type SignedUpUser, type TestCompany } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();
const DAY_MS = 24 * 60 * 60 * 1000;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

type Owner = SignedUpUser & { company: TestCompany };
let admin: SignedUpUser;
let trialing: Owner; // trial running, 2 active files, 1 closed and 1 archived
let paying: Owner; // active on Business, one failed invoice and one paid
let inGrace: Owner; // past due on Starter, grace period running
let lapsed: Owner; // past due, grace period over: read-only
let ended: Owner; // trial ended without a plan: read-only
let canceled: Owner; // subscription ended: read-only
let manager: SignedUpUser; // a manager of the trialing company

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);
const setBilling = (companyId: string, patch: Partial<typeof companies.$inferInsert>) =>
  server.db.update(companies).set(patch).where(eq(companies.id, companyId));

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), requestId: expect.any(String) } });
}

const errorMessage = (response: TestResponse) => (response.body as { error: { message: string } }).error.message;

async function listCompanies(query = ''): Promise<AdminBillingPage> {
  const response = await admin.client.get<AdminBillingPage>(`/api/admin/billing/companies${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const rowOf = (page: AdminBillingPage, companyId: string) => page.companies.find((company) => company.id === companyId);

beforeAll(async () => {
  admin = await signedInUser(server, { platformAdmin: true });
  trialing = await signedInOwner(server, { name: 'Alpha Roofing' });
  paying = await signedInOwner(server, { name: 'Bravo Siding' });
  inGrace = await signedInOwner(server, { name: 'Charlie Gutters' });
  lapsed = await signedInOwner(server, { name: 'Delta Exteriors' });
  ended = await signedInOwner(server, { name: 'Echo Roofing' });
  canceled = await signedInOwner(server, { name: 'Foxtrot 50% Roofs' });
  manager = await signedInUser(server, { company: trialing.company, role: 'manager' });

  await insertProjectRow(server.db, trialing.company.id);
  await insertProjectRow(server.db, trialing.company.id);
  await insertProjectRow(server.db, trialing.company.id, { isActive: false, closedAt: new Date() });
  await insertProjectRow(server.db, trialing.company.id, { isActive: false, archivedAt: new Date() });
  await setBilling(paying.company.id, { plan: 'business', billingStatus: 'active', trialEndsAt: inDays(-30), currentPeriodEnd: inDays(20) });
  await setBilling(inGrace.company.id, { plan: 'starter', billingStatus: 'past_due', trialEndsAt: inDays(-30), graceEndsAt: inDays(3) });
  await setBilling(lapsed.company.id, { plan: 'enterprise', billingStatus: 'past_due', trialEndsAt: inDays(-60), graceEndsAt: inDays(-1) });
  await setBilling(ended.company.id, { trialEndsAt: inDays(-2) });
  await setBilling(canceled.company.id, { plan: 'starter', billingStatus: 'canceled', trialEndsAt: inDays(-90) });
  await server.db.insert(invoices).values([
    { companyId: paying.company.id, description: 'Business plan', amountCents: 59_900, status: 'failed' },
    { companyId: paying.company.id, description: 'Business plan', amountCents: 59_900, status: 'paid' },
    { companyId: lapsed.company.id, description: 'Enterprise plan', amountCents: 99_900, status: 'failed' },
    { companyId: lapsed.company.id, description: 'Enterprise plan', amountCents: 99_900, status: 'failed' },
  ]);
});

describe('admin billing: the companies', () => {
  it('lists every company with plan, status, read-only, active files, MRR, failed payments, credits and owner, and totals', async () => {
    expect((await admin.client.post(`/api/admin/billing/companies/${paying.company.id}/credits`, { credits: 3, reason: 'Welcome credits' })).status).toBe(200);
    expect((await admin.client.post(`/api/admin/billing/companies/${lapsed.company.id}/credits`, { credits: 4, reason: 'Goodwill' })).status).toBe(200);

    const page = await listCompanies();
    expect(page.total).toBe(6);
    expect(page.companies.map((company) => company.name)).toEqual([
      'Foxtrot 50% Roofs',
      'Echo Roofing',
      'Delta Exteriors',
      'Charlie Gutters',
      'Bravo Siding',
      'Alpha Roofing',
    ]);
    expect(rowOf(page, trialing.company.id)).toEqual<AdminBillingCompany>({
      id: trialing.company.id,
      name: 'Alpha Roofing',
      plan: 'professional',
      status: 'trialing',
      readOnly: false,
      trialEndsAt: expect.any(String),
      activeFiles: 2,
      mrrCents: 0,
      failedPayments: 0,
      creditBalance: 0,
      owner: { userId: trialing.me.id, name: 'Robin Slate', email: trialing.email },
      createdAt: expect.any(String),
    });
    expect(rowOf(page, paying.company.id)).toMatchObject({
      plan: 'business',
      status: 'active',
      readOnly: false,
      mrrCents: 59_900,
      failedPayments: 1,
      creditBalance: 3,
    });
    expect(rowOf(page, inGrace.company.id)).toMatchObject({ plan: 'starter', status: 'past_due', readOnly: false, mrrCents: 19_900 });
    expect(rowOf(page, lapsed.company.id)).toMatchObject({ status: 'past_due', readOnly: true, mrrCents: 0, failedPayments: 2, creditBalance: 4 });
    expect(rowOf(page, ended.company.id)).toMatchObject({ status: 'trialing', readOnly: true, mrrCents: 0 });
    expect(rowOf(page, canceled.company.id)).toMatchObject({ status: 'canceled', readOnly: true, mrrCents: 0 });
    expect(page.totals).toEqual({ mrrCents: 59_900 + 19_900, paying: 2, trialing: 1, readOnly: 3, failedPayments: 3, credits: 7 });
    // The totals agree with the rows' own figures.
    expect(page.companies.reduce((sum, company) => sum + company.mrrCents, 0)).toBe(page.totals.mrrCents);
    expect(page.companies.filter((company) => company.readOnly)).toHaveLength(page.totals.readOnly);
  });

  it('pages, searches by company name or owner e-mail, filters by status, and totals cover every match, not only the page', async () => {
    const first = await listCompanies('?pageSize=2');
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 2 });
    expect(first.companies.map((company) => company.name)).toEqual(['Foxtrot 50% Roofs', 'Echo Roofing']);
    const third = await listCompanies('?pageSize=2&page=3');
    expect(third.companies.map((company) => company.name)).toEqual(['Bravo Siding', 'Alpha Roofing']);
    expect(third.totals).toEqual(first.totals);
    expect(third.totals.mrrCents).toBe(59_900 + 19_900);
    expect((await listCompanies('?pageSize=2&page=4')).companies).toEqual([]);

    const roofing = await listCompanies('?q=ROOFING');
    expect(roofing.companies.map((company) => company.name)).toEqual(['Echo Roofing', 'Alpha Roofing']);
    expect(roofing.total).toBe(2);
    expect(roofing.totals).toEqual({ mrrCents: 0, paying: 0, trialing: 1, readOnly: 1, failedPayments: 0, credits: 0 });
    const byEmail = await listCompanies(`?q=${encodeURIComponent(paying.email.toUpperCase())}`);
    expect(byEmail.companies.map((company) => company.id)).toEqual([paying.company.id]);
    // A manager's address is not an owner's: it finds nothing.
    expect((await listCompanies(`?q=${encodeURIComponent(manager.email)}`)).companies).toEqual([]);
    // LIKE's wildcards are plain characters.
    expect((await listCompanies('?q=50%25')).companies.map((company) => company.name)).toEqual(['Foxtrot 50% Roofs']);
    expect((await listCompanies('?q=_')).companies).toEqual([]);

    const pastDue = await listCompanies('?status=past_due');
    expect(pastDue.companies.map((company) => company.name)).toEqual(['Delta Exteriors', 'Charlie Gutters']);
    expect(pastDue.totals).toEqual({ mrrCents: 19_900, paying: 1, trialing: 0, readOnly: 1, failedPayments: 2, credits: 4 });
  });

  it('answers 400 to a bad query', async () => {
    expectError(await admin.client.get('/api/admin/billing/companies?status=free'), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.get('/api/admin/billing/companies?page=0'), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.get('/api/admin/billing/companies?pageSize=101'), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.get(`/api/admin/billing/companies?q=${'x'.repeat(121)}`), 400, 'VALIDATION_ERROR');
  });
});

describe('admin billing: credits', () => {
  it('grants and removes credits as adjustment rows with the admin and the reason, refusing to go below zero', async () => {
    const granted = await admin.client.post<AdminBillingCompany>(`/api/admin/billing/companies/${inGrace.company.id}/credits`, {
      credits: 5,
      reason: 'Apology for the outage',
    });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body).toMatchObject({ id: inGrace.company.id, creditBalance: 5, plan: 'starter', status: 'past_due' });

    const tooMany = await admin.client.post(`/api/admin/billing/companies/${inGrace.company.id}/credits`, { credits: -7, reason: 'Correction' });
    expectError(tooMany, 409, 'INSUFFICIENT_CREDITS');
    expect(errorMessage(tooMany)).toBe('The company has only 5 credits.');

    const removed = await admin.client.post<AdminBillingCompany>(`/api/admin/billing/companies/${inGrace.company.id}/credits`, {
      credits: -2,
      reason: 'Granted twice by mistake',
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.creditBalance).toBe(3);

    const rows = await server.db.select().from(creditEntries).where(eq(creditEntries.companyId, inGrace.company.id)).orderBy(creditEntries.createdAt);
    expect(rows.map(({ kind, credits, balanceAfter, reason, actorId }) => ({ kind, credits, balanceAfter, reason, actorId }))).toEqual([
      { kind: 'adjustment', credits: 5, balanceAfter: 5, reason: 'Apology for the outage', actorId: admin.me.id },
      { kind: 'adjustment', credits: -2, balanceAfter: 3, reason: 'Granted twice by mistake', actorId: admin.me.id },
    ]);
  });

  it('answers 400 to bad input and 404 to an unknown company, writing nothing', async () => {
    const url = `/api/admin/billing/companies/${ended.company.id}/credits`;
    expectError(await admin.client.post(url, { credits: 0, reason: 'Nothing' }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post(url, { credits: 1.5, reason: 'Half' }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post(url, { credits: 5, reason: '' }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post(url, { credits: 5, reason: '   ' }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post(url, { credits: '5', reason: 'Text' }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post('/api/admin/billing/companies/not-a-company/credits', { credits: 5, reason: 'Bad id' }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post(`/api/admin/billing/companies/${MISSING_ID}/credits`, { credits: 5, reason: 'Nobody' }), 404, 'NOT_FOUND');
    expect(await server.db.select().from(creditEntries).where(eq(creditEntries.companyId, ended.company.id))).toEqual([]);
  });
});

describe('admin billing: extending a trial', () => {
  const dateWords = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

  it('extends a running trial from its end and audits it with the admin and the reason', async () => {
    const company = await signedInOwner(server, { name: 'Golf Roofing' });
    const end = inDays(10);
    await setBilling(company.company.id, { trialEndsAt: end });
    const response = await admin.client.post<AdminBillingCompany>(`/api/admin/billing/companies/${company.company.id}/extend-trial`, {
      days: 7,
      reason: 'Storm season',
    });
    expect(response.status, response.text).toBe(200);
    const expected = new Date(end.getTime() + 7 * DAY_MS);
    expect(response.body).toMatchObject({ id: company.company.id, status: 'trialing', readOnly: false, trialEndsAt: expected.toISOString() });
    const audit = await server.db.select().from(billingAudit).where(eq(billingAudit.companyId, company.company.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'extend_trial',
        detail: `Trial extended by 7 days to ${dateWords.format(expected)}`,
        reason: 'Storm season',
        actorId: admin.me.id,
      }),
    ]);
  });

  it('reopens an ended trial from now: the company leaves read-only and its next write goes through', async () => {
    const company = await signedInOwner(server, { name: 'Hotel Roofing' });
    await setBilling(company.company.id, { trialEndsAt: inDays(-3) });
    // The old trial's reminders and end mail went out; the new end gets its own.
    await server.db
      .insert(billingNotices)
      .values(['trial_reminder_3', 'trial_reminder_1', 'trial_ended', 'payment_failed:in_1'].map((kind) => ({ companyId: company.company.id, kind })));
    expectError(await company.client.post('/api/carriers', { name: 'State Farm' }), 402, 'BILLING_READ_ONLY');

    const before = Date.now();
    const response = await admin.client.post<AdminBillingCompany>(`/api/admin/billing/companies/${company.company.id}/extend-trial`, {
      days: 1,
      reason: 'Card on the way',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.readOnly).toBe(false);
    const newEnd = new Date(response.body.trialEndsAt ?? '').getTime();
    expect(newEnd).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(newEnd).toBeLessThanOrEqual(Date.now() + DAY_MS);
    const [audit] = await server.db.select().from(billingAudit).where(eq(billingAudit.companyId, company.company.id));
    expect(audit?.detail).toBe(`Trial extended by 1 day to ${dateWords.format(new Date(newEnd))}`);

    expect((await company.client.post('/api/carriers', { name: 'State Farm' })).status).toBe(201);
    const notices = await server.db.select().from(billingNotices).where(eq(billingNotices.companyId, company.company.id));
    expect(notices.map((notice) => notice.kind)).toEqual(['payment_failed:in_1']);
  });

  it('refuses a paying or canceled company with 409, bad input with 400 and an unknown company with 404, changing nothing', async () => {
    const paid = await admin.client.post(`/api/admin/billing/companies/${paying.company.id}/extend-trial`, { days: 7, reason: 'Asked' });
    expectError(paid, 409, 'CONFLICT');
    expect(errorMessage(paid)).toBe('This company is on a paid plan.');
    expectError(await admin.client.post(`/api/admin/billing/companies/${inGrace.company.id}/extend-trial`, { days: 7, reason: 'Asked' }), 409, 'CONFLICT');
    expectError(await admin.client.post(`/api/admin/billing/companies/${canceled.company.id}/extend-trial`, { days: 7, reason: 'Asked' }), 409, 'CONFLICT');

    const url = `/api/admin/billing/companies/${ended.company.id}/extend-trial`;
    expectError(await admin.client.post(url, { days: 0, reason: 'Zero' }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post(url, { days: 91, reason: 'Too long' }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post(url, { days: 7, reason: '' }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post(url, { days: 7 }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post(`/api/admin/billing/companies/${MISSING_ID}/extend-trial`, { days: 7, reason: 'Nobody' }), 404, 'NOT_FOUND');

    const [row] = await server.db
      .select({ trialEndsAt: companies.trialEndsAt, status: companies.billingStatus })
      .from(companies)
      .where(eq(companies.id, ended.company.id));
    expect(row?.status).toBe('trialing');
    expect(row?.trialEndsAt?.getTime()).toBeLessThan(Date.now());
    const audits = await server.db.select().from(billingAudit);
    expect(audits.filter((entry) => [paying.company.id, inGrace.company.id, canceled.company.id, ended.company.id].includes(entry.companyId))).toEqual([]);
  });
});

describe('admin billing: only platform admins', () => {
  it('answers 403 to owners and managers on every route and 401 to anonymous callers, showing and changing nothing', async () => {
    for (const who of [trialing, manager, paying]) {
      const list = await who.client.get('/api/admin/billing/companies');
      expectError(list, 403, 'FORBIDDEN');
      expect(list.text).not.toContain('Bravo Siding');
      // Their own company too: the admin's tools are not a company's.
      const ownCompany = who === paying ? paying.company.id : trialing.company.id;
      expectError(await who.client.post(`/api/admin/billing/companies/${ownCompany}/credits`, { credits: 50, reason: 'Free credits' }), 403, 'FORBIDDEN');
      expectError(await who.client.post(`/api/admin/billing/companies/${ownCompany}/extend-trial`, { days: 90, reason: 'Longer trial' }), 403, 'FORBIDDEN');
      // Bad input is refused as forbidden too: the guard comes before the body is read.
      expectError(await who.client.post(`/api/admin/billing/companies/${ownCompany}/credits`, { credits: 0 }), 403, 'FORBIDDEN');
    }
    const anonymous = server.client();
    expectError(await anonymous.get('/api/admin/billing/companies'), 401, 'UNAUTHENTICATED');
    expectError(await anonymous.post(`/api/admin/billing/companies/${trialing.company.id}/credits`, { credits: 5, reason: 'x' }), 401, 'UNAUTHENTICATED');
    expectError(await anonymous.post(`/api/admin/billing/companies/${trialing.company.id}/extend-trial`, { days: 5, reason: 'x' }), 401, 'UNAUTHENTICATED');

    expect(await server.db.select().from(creditEntries).where(eq(creditEntries.companyId, trialing.company.id))).toEqual([]);
    expect(await server.db.select().from(billingAudit).where(eq(billingAudit.companyId, trialing.company.id))).toEqual([]);
  });
});
