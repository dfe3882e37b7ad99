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
    const shown = await admin.evaluate((iso) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso)), extended?.trialEndsAt ?? '');
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
