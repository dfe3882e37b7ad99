import { expect, test, type Page } from '@playwright/test';
import { signedInUser } from '../support/flows';
import { expectNoHorizontalOverflow, PHONES } from '../support/layout';

// The navigation a new user reads: each job once, in the group of the work it belongs to, and no two
// links alike (it listed Field Inspection beside Field Inspections, Photo Reports beside Advanced
// Reports, Feedback beside Feedback Loop, Pricing, Credits and Payments, the carriers under
// "Companies"). Every page it linked to is still one click away, on a desktop and in a phone's drawer.

const GROUPS: [group: string, links: [name: string, path: string][]][] = [
  [
    'Work',
    [
      ['Dashboard', '/dashboard'],
      ['Inbox', '/inbox'],
      ['Messages', '/messages'],
      ['Assistant', '/assistant'],
    ],
  ],
  [
    'Field',
    [
      ['Inspect a Roof', '/field-inspection'],
      ['All Inspections', '/field-inspections'],
      ['Roof Measurements', '/measurements'],
      ['Identify a Shingle', '/shingle-id'],
      ['Past Shingle IDs', '/shingle-history'],
    ],
  ],
  [
    'Claims',
    [
      ['Claim Files', '/projects'],
      ['Carriers and Adjusters', '/companies'],
      ['Analytics', '/analytics'],
    ],
  ],
  [
    'Reports',
    [
      ['Photo Reports', '/photo-reports'],
      ['Report Builder', '/advanced-photo-reports'],
    ],
  ],
  [
    'Billing',
    [
      ['Subscription and Invoices', '/payments'],
      ['Compare Plans', '/pricing'],
      ['Service Credits', '/credits'],
    ],
  ],
  [
    'Company',
    [
      ['Team', '/team'],
      ['Settings', '/settings'],
      ['Account Security', '/security'],
    ],
  ],
  [
    'Help',
    [
      ['Tutorials', '/tutorials'],
      ['Send Feedback', '/feedback'],
      ['Replies to Your Feedback', '/feedback-loop'],
    ],
  ],
];

async function expectGroups(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' }).last();
  const lists = nav.getByRole('list');
  await expect(lists).toHaveCount(GROUPS.length);
  for (const [i, [group, links]] of GROUPS.entries()) {
    const list = lists.nth(i);
    await expect(list).toHaveAccessibleName(group);
    const items = list.getByRole('link');
    await expect(items).toHaveText(links.map(([name]) => name));
    for (const [j, [, path]] of links.entries()) await expect(items.nth(j)).toHaveAttribute('href', path);
  }
}

test('on a desktop: seven groups, each job once, every page one click away', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInUser(page, 'nav-desktop');
  await page.goto('/dashboard');
  await expectGroups(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Carriers and Adjusters' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('button', { name: 'Add carrier' })).toBeVisible();
});

for (const phone of PHONES) {
  test(`at ${phone.width} px: the drawer holds the same groups and fits the screen`, async ({ page }) => {
    await page.setViewportSize(phone);
    await signedInUser(page, `nav-${phone.width}`);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectGroups(page);
    await expectNoHorizontalOverflow(page);
    await page.getByRole('dialog').getByRole('link', { name: 'Replies to Your Feedback' }).click();
    await expect(page).toHaveURL(/\/feedback-loop$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}
