import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { companyOfColleagues } from '../support/chat';
import { ORIGIN_HEADERS } from '../support/flows';
import { expectNoHorizontalOverflow } from '../support/layout';

// The office's analytics on seeded data: the owner seeds two claim files through the API (one of
// theirs with Hailstone Mutual, hail, approved, a $500.00 supplement asked (which moves it on to
// Supplement requested by itself) and $4,000.00 received;
// one of the member's, wind, denied), reads the figures in the tables on a desktop and a 390 px
// phone with axe (and fits 360 px), narrows to a loss type, and downloads a table as CSV. The member sees only their own.

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: ORIGIN_HEADERS, data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function statusIds(request: APIRequestContext): Promise<Map<string, string>> {
  const response = await request.get('/api/project-statuses');
  const { statuses } = (await response.json()) as { statuses: { id: string; key: string }[] };
  return new Map(statuses.map((status) => [status.key, status.id]));
}

const table = (page: Page, name: string) => page.getByRole('table', { name });
/** The labels of a chart's value axis, left to right or bottom to top. */
const valueAxis = (page: Page, id: string, axis: 'x' | 'y') =>
  page.locator(`[aria-labelledby="${id}-title"] .recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`).allTextContents();
const rowOf = (page: Page, tableName: string, first: string) =>
  table(page, tableName)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: first, exact: true }) });

test.describe('analytics', () => {
  test('the figures on seeded data, filtered and downloaded, on a desktop and a phone; a member sees their own', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { owner, colleagues } = await companyOfColleagues(browser, page, 1);
    const member = colleagues[0];
    if (!member) throw new Error('No colleague');
    const request = owner.page.request;
    const team = (await (await request.get('/api/team')).json()) as { members: { userId: string; email: string }[] };
    const memberId = team.members.find((m) => m.email === member.user.email.toLowerCase())?.userId;
    const ownerId = team.members.find((m) => m.email === owner.user.email.toLowerCase())?.userId;
    const statuses = await statusIds(request);

    const carrier = await post<{ id: string }>(request, '/api/carriers', { name: 'Hailstone Mutual' });
    const approved = await post<{ id: string }>(request, '/api/projects', {
      title: 'Analytics hail claim',
      homeownerName: 'Pat Hail',
      street: '1 Analytics Way',
      carrierId: carrier.id,
      lossType: 'hail',
      rcvCents: 1_000_000,
      assigneeId: ownerId,
    });
    await post(request, `/api/projects/${approved.id}/status`, { statusId: statuses.get('claim_filed') });
    await post(request, `/api/projects/${approved.id}/status`, { statusId: statuses.get('approved') });
    await post(request, `/api/projects/${approved.id}/ledger/entries`, { kind: 'supplement_requested', label: 'Drip edge', amountCents: 50_000 });
    const today = new Date().toISOString().slice(0, 10);
    await post(request, `/api/projects/${approved.id}/ledger/entries`, {
      kind: 'payment_received',
      paymentType: 'acv_check',
      amountCents: 400_000,
      date: today,
    });
    const denied = await post<{ id: string }>(request, '/api/projects', {
      title: 'Analytics wind claim',
      homeownerName: 'Sam Wind',
      street: '2 Analytics Way',
      lossType: 'wind',
      rcvCents: 200_000,
      assigneeId: memberId,
    });
    await post(request, `/api/projects/${denied.id}/status`, { statusId: statuses.get('denied') });

    // The server moves the claim file on after the supplement's commit: the figures are read once it has.
    await expect
      .poll(async () => ((await (await request.get(`/api/projects/${approved.id}`)).json()) as { statusId: string }).statusId, { timeout: 20_000 })
      .toBe(statuses.get('supplement_requested'));
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    // Hailstone: 1 approved of 1 decided; hail 100%, wind 0%; $500.00 asked; $4,000.00 received this month.
    await expect(rowOf(page, 'Approval rate by carrier', 'Hailstone Mutual')).toContainText('100%');
    await expect(rowOf(page, 'Approval rate by loss type', 'Hail')).toContainText('100%');
    await expect(rowOf(page, 'Approval rate by loss type', 'Wind')).toContainText('0%');
    await expect(rowOf(page, 'Supplements requested and approved', 'Requested')).toContainText('$500.00');
    await expect(table(page, 'Money received per month')).toContainText('$4,000.00');
    // The supplement waiting for the insurer moved the approved claim file on to Supplement requested by itself.
    await expect(rowOf(page, 'Pipeline value by status', 'Supplement requested')).toContainText('$10,000.00');
    // Even ticks, every one labeled, money in whole dollars (the pipeline's axis skipped $24,000.00 between $16,000.00 and $32,000.00).
    await expect.poll(() => valueAxis(page, 'pipeline', 'x')).toEqual(['$0', '$5,000', '$10,000']);
    await expect.poll(() => valueAxis(page, 'revenue', 'y')).toEqual(['$0', '$1,000', '$2,000', '$3,000', '$4,000']);
    await expectNoSeriousA11yViolations(page);

    // The CSV of a table: the same numbers.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Approval rate by carrier as CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^approval-by-carrier-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    expect(await readFile(path, 'utf8')).toContain('"Hailstone Mutual","1","0","100"');

    // A filter: wind only, kept in the address.
    await page.getByLabel('Loss type', { exact: true }).selectOption('wind');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/lossType=wind/);
    await expect(table(page, 'Approval rate by loss type').getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, 'Approval rate by loss type', 'Wind')).toBeVisible();
    await expect(table(page, 'Approval rate by carrier')).not.toContainText('Hailstone Mutual');
    await expect(table(page, 'Money received per month')).toHaveCount(0);

    // The same link on a phone: nothing scrolls sideways, axe passes.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(rowOf(page, 'Approval rate by loss type', 'Wind')).toBeVisible();
    await expect.poll(() => valueAxis(page, 'approval-loss-type', 'x')).toEqual(['0%', '50%', '100%']);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalOverflow(page);

    // The member: their own figures only (the wind claim file), and no member filter.
    await member.page.goto('/analytics');
    await expect(member.page.getByText('Your own figures', { exact: false })).toBeVisible();
    await expect(rowOf(member.page, 'Approval rate by loss type', 'Wind')).toContainText('0%');
    await expect(table(member.page, 'Approval rate by loss type').getByRole('row')).toHaveCount(2);
    await expect(table(member.page, 'Approval rate by carrier')).not.toContainText('Hailstone Mutual');
    await expect(rowOf(member.page, 'Approval rate by carrier', 'No carrier')).toContainText('0%');
    await expect(member.page.getByLabel('Member', { exact: true })).toHaveCount(0);
    await member.context.close();
  });
});
