import { expect, test } from '@playwright/test';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { grantAdmin } from '../support/mail';

test.describe('maintenance mode', () => {
  test('an admin switches it on: a contractor sees the screen and gets 503, the admin keeps working', async ({ browser }) => {
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    const admin = await signedInUser(adminPage, 'admin');
    await grantAdmin(admin.email);

    const contractorContext = await browser.newContext();
    const contractorPage = await contractorContext.newPage();
    const contractor = await signedInUser(contractorPage, 'contractor');

    await adminPage.goto('/admin/maintenance');
    await expect(adminPage.getByText('Status: Off')).toBeVisible();
    await adminPage.getByRole('button', { name: 'Turn maintenance mode on' }).click();
    await expect(adminPage.getByText('Status: On')).toBeVisible();

    await contractorPage.goto('/dashboard');
    await expect(contractorPage.getByRole('heading', { name: "We're Performing Maintenance" })).toBeVisible();
    await expect(contractorPage.getByText('Typically this will be under 30 minutes')).toBeVisible();
    await expect(contractorPage.getByText('Please check back later.')).toBeVisible();
    const api = await contractorPage.request.get('/api/me', { headers: ORIGIN_HEADERS });
    expect(api.status()).toBe(503);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('MAINTENANCE');
    // Writes too: the contractor's change is refused, the admin's goes through.
    const refusedWrite = await contractorPage.request.patch('/api/me', { headers: ORIGIN_HEADERS, data: { firstName: 'Blocked' } });
    expect(refusedWrite.status()).toBe(503);
    expect(((await refusedWrite.json()) as { error: { code: string } }).error.code).toBe('MAINTENANCE');
    const adminWrite = await adminPage.request.patch('/api/me', { headers: ORIGIN_HEADERS, data: { firstName: 'Maintainer' } });
    expect(adminWrite.status()).toBe(200);
    expect(((await (await adminPage.request.get('/api/me', { headers: ORIGIN_HEADERS })).json()) as { firstName: string }).firstName).toBe('Maintainer');

    await adminPage.goto('/team');
    await expect(adminPage.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    expect((await adminPage.request.get('/api/me', { headers: ORIGIN_HEADERS })).status()).toBe(200);

    await adminPage.goto('/admin/maintenance');
    await adminPage.getByRole('button', { name: 'Turn maintenance mode off' }).click();
    await expect(adminPage.getByText('Status: Off')).toBeVisible();
    await expect.poll(async () => (await contractorPage.request.get('/api/me', { headers: ORIGIN_HEADERS })).status(), { timeout: 5000 }).toBe(200);
    // Read back once maintenance is over: the refused write changed nothing.
    const contractorMe = (await (await contractorPage.request.get('/api/me', { headers: ORIGIN_HEADERS })).json()) as { firstName: string };
    expect(contractorMe.firstName).toBe(contractor.firstName);
    await adminContext.close();
    await contractorContext.close();
  });
});
