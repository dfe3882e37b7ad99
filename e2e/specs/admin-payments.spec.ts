import { expect, test } from '@playwright/test';
import type { AdminBillingPage } from '@ridgeline/shared/contracts/billing';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { grantAdmin } from '../support/mail';

// The platform admin's payments page: find a company, grant it credits with a reason, extend its
// trial and open it as its owner, in Chromium against the real server and database; and a company
// owner is refused.

const DAY_MS = 24 * 60 * 60 * 1000;

test.describe('admin payments', () => {
  test('an admin finds a company, grants it 5 credits, extends its trial and opens it as its owner; an owner is refused', async ({ browser }) => {
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    const company = await signedInUser(owner, 'owner');

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminUser = await signedInUser(admin, 'admin');
    await grantAdmin(adminUser.email);

    const before = (await (
      await admin.request.get(`/api/admin/billing/companies?q=${encodeURIComponent(company.companyName)}`, { headers: ORIGIN_HEADERS })
    ).json()) as AdminBillingPage;
    expect(before.companies).toHaveLength(1);
    const trialEnd = new Date(before.companies[0]?.trialEndsAt ?? '').getTime();

    await admin.goto('/admin/payments');
    await expect(admin.getByRole('heading', { name: 'Admin Payments', level: 1 })).toBeVisible();
    await expect(admin.getByRole('tab', { name: 'Companies', selected: true })).toBeVisible();
    await expect(admin.getByTestId('total-mrr')).toBeVisible();
    await admin.getByLabel('Find a company').fill(company.companyName);
    const row = admin.getByTestId('admin-billing-row').filter({ hasText: company.companyName });
    await expect(row).toHaveCount(1);
    await expect(admin.getByTestId('admin-billing-row')).toHaveCount(1);
    await expect(row.getByText('Trial', { exact: true })).toBeVisible();
    await expect(row.getByText(company.email)).toBeVisible();
    await expect(row.getByTestId('credit-balance')).toHaveText('0');
    await expectNoSeriousA11yViolations(admin);

    // Grant 5 credits with a reason: the balance reads 5.
    await row.getByRole('button', { name: `Grant credits for ${company.companyName}` }).click();
    const grant = admin.getByRole('dialog', { name: `Grant credits: ${company.companyName}` });
    await expect(grant).toBeVisible();
    await grant.getByLabel('Credits to grant').fill('5');
    await grant.getByRole('button', { name: 'Grant credits', exact: true }).click();
    // The reason is required: nothing is sent without one.
    await expect(grant.getByLabel(/^Reason/)).toHaveAttribute('aria-invalid', 'true');
    await grant.getByLabel(/^Reason/).fill('Welcome credits for the storm season');
    await expectNoSeriousA11yViolations(admin);
    await grant.getByRole('button', { name: 'Grant credits', exact: true }).click();
    await expect(grant).toBeHidden();
    await expect(admin.getByText('Credits granted', { exact: true })).toBeVisible();
    await expect(row.getByTestId('credit-balance')).toHaveText('5');
    await expect(admin.getByTestId('total-credits')).toHaveText('5');

    // Extend the trial by 7 days: it ends a week later than it did.
    await row.getByRole('button', { name: `Extend trial for ${company.companyName}` }).click();
    const extend = admin.getByRole('dialog', { name: `Extend trial: ${company.companyName}` });
    await expect(extend.getByLabel('Days to add')).toHaveValue('7');
    await extend.getByLabel(/^Reason/).fill('Waiting for the insurance payout');
    await extend.getByRole('button', { name: 'Extend trial', exact: true }).click();
    await expect(extend).toBeHidden();
    await expect(admin.getByText('Trial extended', { exact: true })).toBeVisible();
    const after = (await (
      await admin.request.get(`/api/admin/billing/companies?q=${encodeURIComponent(company.companyName)}`, { headers: ORIGIN_HEADERS })
    ).json()) as AdminBillingPage;
    const extended = after.companies[0];
    expect(extended?.creditBalance).toBe(5);
    expect(new Date(extended?.trialEndsAt ?? '').getTime()).toBe(trialEnd + 7 * DAY_MS);
    const shown = await admin.evaluate(
      (iso) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso)),
      extended?.trialEndsAt ?? '',
    );
    await expect(row.getByText(shown, { exact: true })).toBeVisible();

    // On a phone the companies are cards with the same actions.
    await admin.setViewportSize({ width: 390, height: 844 });
    const card = admin.getByTestId('admin-billing-card').filter({ hasText: company.companyName });
    await expect(card.getByTestId('credit-balance')).toHaveText('5');
    await expect(card.getByRole('button', { name: `Grant credits for ${company.companyName}` })).toBeVisible();
    await expectNoSeriousA11yViolations(admin);

    // A company owner sees the refusal every admin page shows, and the API answers 403.
    await owner.goto('/admin/payments');
    await expect(owner.getByRole('heading', { name: 'Admin Payments', level: 1 })).toBeVisible();
    await expect(owner.getByText('Only platform admins can use this page.')).toBeVisible();
    await expect(owner.getByTestId('total-mrr')).toHaveCount(0);
    expect((await owner.request.get('/api/admin/billing/companies', { headers: ORIGIN_HEADERS })).status()).toBe(403);
    await expectNoSeriousA11yViolations(owner);

    // Open the company as its owner: the impersonation asks for a reason, then the admin sees the owner's view.
    await card.getByRole('button', { name: `Open as owner for ${company.companyName}` }).click();
    const open = admin.getByRole('dialog', { name: `Open as owner: ${company.companyName}` });
    await open.getByLabel('Reason (required)').fill('Support ticket 5120: credits question');
    await open.getByRole('button', { name: 'Open as owner', exact: true }).click();
    await expect(admin.getByText(`You are now viewing as ${company.email}`, { exact: true })).toBeVisible();
    await expect(admin).toHaveURL(/\/dashboard$/);
    await expect(admin.getByText(`Admin View: You are logged in as ${company.email}`)).toBeVisible();

    await ownerContext.close();
    await adminContext.close();
  });
});

test.describe('admin service orders', () => {
  test("an admin starts a company's Xact360, delivers its file, and the company finds it on the claim file", async ({ browser }) => {
    // The company: credits bought in test mode and an Xact360 ordered on a claim file.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signedInUser(owner, 'orderer');
    const purchase = await owner.request.post('/api/credits/purchase', { headers: ORIGIN_HEADERS, data: { pack: 'pack_5' } });
    expect(purchase.ok(), await purchase.text()).toBe(true);
    // A title of this attempt's own: the queue lists every company's orders, a retry's included.
    const title = `Ortiz hail claim ${Date.now().toString(36)}`;
    const created = await owner.request.post('/api/projects', { headers: ORIGIN_HEADERS, data: { title, street: '4 Birch Ln', homeownerName: 'Eva Ortiz' } });
    expect(created.status(), await created.text()).toBe(201);
    const projectId = ((await created.json()) as { id: string }).id;
    const ordered = await owner.request.post(`/api/projects/${projectId}/service-orders`, {
      headers: ORIGIN_HEADERS,
      data: { serviceType: 'xact360', notes: 'Two slopes, steep' },
    });
    expect(ordered.status(), await ordered.text()).toBe(201);

    // The platform admin's queue: start the work, then deliver the estimate.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminUser = await signedInUser(admin, 'office');
    await grantAdmin(adminUser.email);
    await admin.goto('/admin/payments');
    await admin.getByRole('tab', { name: 'Service orders' }).click();
    const queued = admin.getByRole('list', { name: 'Service order queue' }).getByRole('listitem').filter({ hasText: title });
    await expect(queued).toHaveCount(1);
    await expect(queued.getByText('Two slopes, steep')).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await queued.getByRole('button', { name: 'Start work' }).click();
    await expect(admin.getByText('Work started', { exact: true })).toBeVisible();

    await admin.getByLabel('Status').selectOption('in_progress');
    const working = admin.getByRole('list', { name: 'Service order queue' }).getByRole('listitem').filter({ hasText: title });
    await expect(working.getByText('In progress', { exact: true })).toBeVisible();
    await working.getByLabel('Deliver Xact360').setInputFiles({
      name: 'Ortiz Xact360 estimate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await expect(admin.getByText('Xact360 delivered', { exact: true })).toBeVisible();
    await admin.getByLabel('Status').selectOption('delivered');
    const done = admin.getByRole('list', { name: 'Service order queue' }).getByRole('listitem').filter({ hasText: title });
    await expect(done.getByText('Delivered: Ortiz Xact360 estimate.pdf')).toBeVisible();

    // The company sees the order delivered, with its file, on the claim file's Services tab.
    await owner.goto(`/projects/${projectId}?tab=services`);
    const card = owner.getByRole('list', { name: 'Service orders' }).getByRole('listitem').filter({ hasText: 'Xact360' });
    await expect(card.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Ortiz Xact360 estimate.pdf' })).toBeVisible();
    await ownerContext.close();
    await adminContext.close();
  });
});
