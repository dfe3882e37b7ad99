import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { companyOfColleagues } from '../support/chat';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { toastsGone } from '../support/toasts';

// The carrier directory on /companies: a contractor keeps the carriers they work with (claims line,
// email, portal) and the adjusters they meet, finds them by search, and sees a carrier's projects.

async function addCarrierInDialog(page: Page, values: { name: string; phone?: string; email?: string; portal?: string }) {
  await page.getByRole('button', { name: 'Add carrier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add carrier' });
  await dialog.getByLabel('Carrier name').fill(values.name);
  if (values.phone) await dialog.getByLabel('Claims phone').fill(values.phone);
  if (values.email) await dialog.getByLabel('Claims email').fill(values.email);
  if (values.portal) await dialog.getByLabel('Portal URL').fill(values.portal);
  await dialog.getByRole('button', { name: 'Add carrier' }).click();
  return dialog;
}

const carrierCards = (page: Page) => page.getByRole('list', { name: 'Carriers' }).getByRole('listitem');

test.describe('carrier directory', () => {
  test('add a carrier and an adjuster, search, open the carrier page with its project, edit, delete', async ({ page }) => {
    await signedInUser(page, 'carriers');
    await page.goto('/companies');
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
    await expect(page).toHaveTitle('Companies - Ridgeline');
    await expect(page.getByText('Add the carriers you work with: their claims line, email and portal, so every claim file can pick them.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Two carriers through the dialog; the same name again in other case is refused.
    const dialog = await addCarrierInDialog(page, {
      name: 'Acme Mutual',
      phone: '(405) 555-0100',
      email: 'claims@acme.example',
      portal: 'https://portal.acme.example',
    });
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Carrier added', { exact: true })).toBeVisible();
    await addCarrierInDialog(page, { name: 'Prairie Farm Insurance' });
    await expect(carrierCards(page)).toHaveCount(2);
    const duplicate = await addCarrierInDialog(page, { name: 'acme mutual' });
    await expect(duplicate.getByText('A carrier with this name is already in your directory.')).toBeVisible();
    await duplicate.getByRole('button', { name: 'Close' }).click();

    const acme = carrierCards(page).filter({ hasText: 'Acme Mutual' });
    await expect(acme.getByRole('link', { name: /claims line/ })).toHaveAttribute('href', 'tel:4055550100');
    await expect(acme.getByRole('link', { name: /Email Acme Mutual claims/ })).toHaveAttribute('href', 'mailto:claims@acme.example');
    await expect(acme.getByRole('link', { name: /Acme Mutual portal/ })).toHaveAttribute('href', 'https://portal.acme.example');

    // Search.
    await page.getByLabel('Search carriers').fill('prairie');
    await expect(carrierCards(page)).toHaveCount(1);
    await expect(carrierCards(page).first()).toContainText('Prairie Farm Insurance');
    await page.getByLabel('Search carriers').fill('');
    await expect(carrierCards(page)).toHaveCount(2);

    // An adjuster of Acme Mutual on the Adjusters tab.
    await page.getByRole('tab', { name: 'Adjusters' }).click();
    await expect(page.getByText('Add the adjusters you meet on inspections')).toBeVisible();
    await page.getByRole('button', { name: 'Add adjuster' }).click();
    const adjusterDialog = page.getByRole('dialog', { name: 'Add adjuster' });
    await adjusterDialog.getByLabel('Adjuster name').fill('Dana Field');
    await adjusterDialog.getByLabel('Carrier').selectOption({ label: 'Acme Mutual' });
    await adjusterDialog.getByLabel('Phone').fill('405-555-0142');
    await adjusterDialog.getByRole('button', { name: 'Add adjuster' }).click();
    await expect(adjusterDialog).toBeHidden();
    const adjusters = page.getByRole('list', { name: 'Adjusters' });
    await expect(adjusters.getByRole('heading', { name: 'Dana Field' })).toBeVisible();
    await page.getByLabel('Search adjusters').fill('nobody');
    await expect(page.getByText('No adjuster matches “nobody”.')).toBeVisible();
    await page.getByLabel('Search adjusters').fill('dana');
    await expect(adjusters.getByRole('heading', { name: 'Dana Field' })).toBeVisible();

    // A project with that carrier, created through the API.
    const carriers = (await (await page.request.get('/api/carriers?q=acme')).json()) as { carriers: { id: string; name: string }[] };
    const acmeId = carriers.carriers[0]?.id;
    expect(acmeId).toBeTruthy();
    const created = await page.request.post('/api/projects', {
      headers: ORIGIN_HEADERS,
      data: { title: 'Miller roof', homeownerName: 'Pat Miller', street: '12 Elm St', city: 'Tulsa', carrierId: acmeId, claimNumber: 'CLM-77' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const project = (await created.json()) as { id: string };

    // The carrier's page: details, its adjuster, its project.
    await adjusters.getByRole('link', { name: 'Acme Mutual' }).click();
    await expect(page).toHaveURL(`/companies/${acmeId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Mutual' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Adjusters of Acme Mutual' }).getByRole('heading', { name: 'Dana Field' })).toBeVisible();
    const projectLink = page.getByRole('list', { name: 'Claim files with Acme Mutual' }).getByRole('link', { name: /Miller roof/ });
    await expect(projectLink).toHaveAttribute('href', `/projects/${project.id}`);
    await toastsGone(page);
    await expectNoSeriousA11yViolations(page);

    // Edit the details.
    await page.getByRole('button', { name: 'Edit carrier' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Acme Mutual' });
    await expect(edit.getByLabel('Claims phone')).toHaveValue('(405) 555-0100');
    await edit.getByLabel('Claims phone').fill('(918) 555-0199');
    await edit.getByRole('button', { name: 'Save carrier' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('link', { name: /claims line/ })).toHaveAttribute('href', 'tel:9185550199');

    // Delete: the confirmation says projects keep their data; the project loses the link.
    let question = '';
    page.once('dialog', (confirm) => {
      question = confirm.message();
      void confirm.accept();
    });
    await page.getByRole('button', { name: 'Delete carrier' }).click();
    await expect(page).toHaveURL(/\/companies$/);
    expect(question).toBe('Delete Acme Mutual? Its claim file keeps its data but loses the carrier link.');
    await expect(carrierCards(page)).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Acme Mutual' })).toHaveCount(0);
    const after = (await (await page.request.get(`/api/projects/${project.id}`)).json()) as { title: string; carrier: unknown };
    expect(after).toMatchObject({ title: 'Miller roof', carrier: null });
  });

  test("another company's carrier is not found, on the page and in the API", async ({ page, browser }) => {
    await signedInUser(page, 'carriers-owner');
    const created = await page.request.post('/api/carriers', { headers: ORIGIN_HEADERS, data: { name: 'Private Mutual' } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signedInUser(other, 'carriers-other');
    expect((await other.request.get(`/api/carriers/${id}`)).status()).toBe(404);
    await other.goto(`/companies/${id}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Carrier not found' })).toBeVisible();
    await expect(other.getByText('Private Mutual')).toHaveCount(0);
    await other.goto('/companies');
    await expect(other.getByText('Add the carriers you work with: their claims line, email and portal, so every claim file can pick them.')).toBeVisible();
    await otherContext.close();
  });

  test('a member adds and edits their own carrier, is offered no Delete and told who deletes; the server refuses it too', async ({ page, browser }) => {
    const { colleagues } = await companyOfColleagues(browser, page, 1);
    const member = colleagues[0];
    if (!member) throw new Error('no member');
    const office = await page.request.post('/api/carriers', { headers: ORIGIN_HEADERS, data: { name: 'Office Mutual' } });
    expect(office.status(), await office.text()).toBe(201);
    const officeId = ((await office.json()) as { id: string }).id;

    const phone = member.page;
    await phone.goto('/companies');
    await expect(phone.getByText('Only owners and managers delete carriers and adjusters. You can edit the ones you added.')).toBeVisible();
    await addCarrierInDialog(phone, { name: 'Met On The Roof Mutual' });
    await expect(phone.getByText('Carrier added', { exact: true })).toBeVisible();
    const mine = carrierCards(phone).filter({ hasText: 'Met On The Roof Mutual' });
    const theirs = carrierCards(phone).filter({ hasText: 'Office Mutual' });
    await expect(mine.getByRole('button', { name: 'Edit Met On The Roof Mutual' })).toBeVisible();
    await expect(theirs.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(phone.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await toastsGone(phone);
    await expectNoSeriousA11yViolations(phone);

    await mine.getByRole('button', { name: 'Edit Met On The Roof Mutual' }).click();
    const edit = phone.getByRole('dialog', { name: 'Edit Met On The Roof Mutual' });
    await edit.getByLabel('Claims phone').fill('(918) 555-0111');
    await edit.getByRole('button', { name: 'Save carrier' }).click();
    await expect(edit).toBeHidden();
    await expect(mine.getByRole('link', { name: /claims line/ })).toHaveAttribute('href', 'tel:9185550111');

    // The carrier's own page offers the same, and the API answers a member's delete with 403.
    await theirs.getByRole('link', { name: 'Office Mutual' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Office Mutual' })).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Delete carrier' })).toHaveCount(0);
    await expect(phone.getByRole('button', { name: 'Edit carrier' })).toHaveCount(0);
    const refused = await phone.request.delete(`/api/carriers/${officeId}`, { headers: ORIGIN_HEADERS });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Only company owners and managers can delete a carrier from the directory.',
    );
    await member.context.close();
  });

  test('on a phone: cards, call and email links a thumb can hit', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInUser(page, 'carriers-phone');
    const created = await page.request.post('/api/carriers', {
      headers: ORIGIN_HEADERS,
      data: { name: 'Lone Star Mutual', claimsPhone: '800-555-0123', claimsEmail: 'claims@lonestar.example' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/companies');
    const card = carrierCards(page).first();
    const call = card.getByRole('link', { name: /claims line/ });
    await expect(call).toHaveAttribute('href', 'tel:8005550123');
    for (const target of [call, card.getByRole('link', { name: /Email Lone Star Mutual/ }), card.getByRole('button', { name: 'Edit Lone Star Mutual' })]) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    // Nothing wider than the screen.
    expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });
});
