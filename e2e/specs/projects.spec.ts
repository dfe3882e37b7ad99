import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';

type Status = { id: string; name: string; position: number; isClosed: boolean };

async function statuses(page: Page): Promise<Status[]> {
  const body = (await (await page.request.get('/api/project-statuses')).json()) as { statuses: Status[] };
  return body.statuses.sort((a, b) => a.position - b.position);
}

async function createProjectApi(page: Page, index: number): Promise<{ id: string }> {
  const response = await page.request.post('/api/projects', {
    headers: ORIGIN_HEADERS,
    data: { title: `Roof ${index}`, homeownerName: `Owner ${index}`, street: `${index} Elm St` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

function column(page: Page, name: string) {
  return page.getByTestId(`board-column-${name}`);
}

test.describe('projects', () => {
  test('a contractor opens a claim file, finds it in the table and moves it across the board', async ({ page }) => {
    await signedInUser(page, 'projects');
    const suffix = randomUUID().slice(0, 6);
    const homeowner = `Jane Smith ${suffix}`;
    const carrier = `Acme Mutual ${suffix}`;

    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Claim Files' })).toBeVisible();
    await expect(page.getByText('No claim files yet.')).toBeVisible();
    await expect(page.getByTestId('active-files')).toHaveText('0 of 25 active files on the Professional plan (free trial).');
    await expectNoSeriousA11yViolations(page);

    // Open a claim file through the form: an inline carrier and a classified loss type.
    await page.getByRole('link', { name: 'New claim file' }).first().click();
    await expect(page).toHaveURL(/\/projects\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New Claim File' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Title').fill('Smith roof');
    await page.getByLabel('Street').fill('12 Oak St');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('Homeowner name').fill(homeowner);
    await page.getByRole('button', { name: 'Add new carrier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new carrier' });
    await dialog.getByLabel('Carrier name').fill(carrier);
    await dialog.getByRole('button', { name: 'Add carrier' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Carrier', { exact: true }).locator('option:checked')).toHaveText(carrier);
    await page.getByLabel('Claim number').fill(`CLM-${suffix}`);
    await page.getByLabel('Loss description').fill('Hail dented the north slope');
    await expect(page.getByText('Classified as: Hail')).toBeVisible();
    await page.getByLabel('Deductible').fill('1,000');
    await page.getByRole('button', { name: 'Create claim file' }).click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    const projectId = page.url().split('/').pop();

    // The table lists it, with the count of active files.
    await page.goto('/projects');
    const table = page.getByTestId('projects-table');
    await expect(table.getByRole('link', { name: homeowner })).toHaveAttribute('href', `/projects/${projectId}`);
    await expect(table.getByRole('row').filter({ hasText: homeowner })).toContainText(carrier);
    await expect(page.getByTestId('active-files')).toHaveText('1 of 25 active files on the Professional plan (free trial).');
    await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Search and filters live in the URL.
    await page.getByLabel('Search').fill(`CLM-${suffix}`);
    await expect(page).toHaveURL(new RegExp(`q=CLM-${suffix}`));
    await expect(table.getByRole('link', { name: homeowner })).toBeVisible();
    await page.getByLabel('Search').fill('no such claim anywhere');
    await expect(page.getByText('No claim files match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(table.getByRole('link', { name: homeowner })).toBeVisible();
    await page.getByLabel('Loss type').selectOption('hail');
    await expect(page).toHaveURL(/lossType=hail/);
    await expect(table.getByRole('link', { name: homeowner })).toBeVisible();
    await page.getByLabel('Loss type').selectOption('wind');
    await expect(page.getByText('No claim files match these filters')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Loss type')).toHaveValue('wind');
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // The CSV export downloads the filtered list.
    await page.getByLabel('Loss type').selectOption('hail');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv).toContain(homeowner);
    expect(csv).toContain(`CLM-${suffix}`);
    await page.getByLabel('Loss type').selectOption('');

    // The board: one column per status, the card in the first.
    await page.getByRole('tab', { name: 'Board' }).click();
    await expect(page).toHaveURL(/view=board/);
    const pipeline = await statuses(page);
    const [first, second, third] = pipeline;
    if (!first || !second || !third) throw new Error('the default pipeline has at least three statuses');
    await expect(column(page, first.name).getByRole('link', { name: homeowner })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Keyboard: pick up with space, one column right, drop with space.
    const handle = page.getByRole('button', { name: `Drag ${homeowner}` });
    const announced = page.locator('[id^=DndLiveRegion]');
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(announced).toHaveText(`${homeowner} is over ${first.name}.`);
    await page.keyboard.press('ArrowRight');
    await expect(announced).toHaveText(`${homeowner} is over ${second.name}.`);
    await page.keyboard.press('Space');
    await expect(column(page, second.name).getByRole('link', { name: homeowner })).toBeVisible();
    await expect.poll(async () => ((await (await page.request.get(`/api/projects/${projectId}`)).json()) as { statusId: string }).statusId).toBe(second.id);

    // Mouse: drag the handle into the next column.
    const from = await page.getByRole('button', { name: `Drag ${homeowner}` }).boundingBox();
    const to = await column(page, third.name).boundingBox();
    if (!from || !to) throw new Error('the card and the column are on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
    await page.mouse.up();
    await expect(column(page, third.name).getByRole('link', { name: homeowner })).toBeVisible();
    await expect.poll(async () => ((await (await page.request.get(`/api/projects/${projectId}`)).json()) as { statusId: string }).statusId).toBe(third.id);

    // One hand, no dragging: the card's "Move to" select.
    await page.getByLabel(`Move ${homeowner} to`).selectOption(first.id);
    await expect(column(page, first.name).getByRole('link', { name: homeowner })).toBeVisible();
  });

  test('an owner renames and reorders the pipeline on /settings', async ({ page }) => {
    await signedInUser(page, 'pipeline');
    await createProjectApi(page, 1);
    await page.goto('/settings?section=pipeline');
    await expect(page.getByRole('heading', { name: 'Claim file pipeline' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const name = page.getByLabel('Name of Inspected');
    await name.fill('Roof inspected');
    await name.press('Enter');
    await expect(page.getByText('Status renamed', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Move Claim filed up' }).click();
    await expect(page.getByText('Pipeline reordered', { exact: true })).toBeVisible();
    await expect.poll(async () => (await statuses(page)).slice(0, 3).map((status) => status.name)).toEqual(['Lead', 'Claim filed', 'Roof inspected']);
    // The keyboard drag: pick Paid up, one place up, drop.
    const names = async () => (await statuses(page)).map((status) => status.name);
    const before = await names();
    const paid = before.indexOf('Paid');
    const announced = page.locator('[id^=DndLiveRegion]');
    await page.getByRole('button', { name: 'Drag Paid' }).focus();
    await page.keyboard.press('Space');
    await expect(announced).toHaveText(`Paid is over position ${paid + 1} of 12.`);
    await page.keyboard.press('ArrowUp');
    await expect(announced).toHaveText(`Paid is over position ${paid} of 12.`);
    await page.keyboard.press('Space');
    await expect(announced).toHaveText(`Paid was dropped at position ${paid} of 12.`);
    await expect.poll(async () => (await names()).indexOf('Paid')).toBe(paid - 1);
    await page.getByRole('button', { name: 'Hide Denied' }).click();
    await expect(page.getByRole('button', { name: 'Show Denied' })).toBeVisible();
    // Lead holds the project: it cannot be deleted, and says why.
    await expect(page.getByRole('button', { name: 'Delete Lead' })).toBeDisabled();
    await expect(page.getByText('1 claim file is in this status: move them to another status before deleting it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Paid' })).toBeEnabled();
    await page.goto('/projects?view=board');
    await expect(column(page, 'Roof inspected')).toBeVisible();
    await expect(column(page, 'Denied')).toHaveCount(0);
  });

  test('the 26th active file is refused with the plan limit and a link to /pricing; closing one frees a slot', async ({ page }) => {
    test.setTimeout(120_000);
    await signedInUser(page, 'limit');
    for (let index = 1; index <= 25; index += 1) await createProjectApi(page, index);

    await page.goto('/projects/new');
    await page.getByLabel('Title').fill('One too many');
    await page.getByLabel('Street').fill('26 Elm St');
    await page.getByLabel('Homeowner name').fill('Owner 26');
    await page.getByRole('button', { name: 'Create claim file' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Professional' });
    await expect(alert).toContainText('25');
    await expect(alert.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByLabel('Title')).toHaveValue('One too many');

    await page.goto('/projects?view=board');
    await expect(page.getByTestId('active-files')).toHaveText('25 of 25 active files on the Professional plan (free trial).');
    const closed = (await statuses(page)).find((status) => status.isClosed);
    if (!closed) throw new Error('the default pipeline has a closed status');
    await page.getByLabel('Move Owner 1 to').selectOption(closed.id);
    await expect(column(page, closed.name).getByRole('link', { name: 'Owner 1' })).toBeVisible();
    await expect(page.getByTestId('active-files')).toHaveText('24 of 25 active files on the Professional plan (free trial).');

    // Reopening it needs the slot back: with the 26th created, the move is refused and the card goes back.
    await createProjectApi(page, 26);
    await page.reload();
    await page.getByLabel('Move Owner 1 to').selectOption((await statuses(page))[0]?.id ?? '');
    await expect(page.getByRole('link', { name: 'See plans and pricing' })).toBeVisible();
    await expect(column(page, closed.name).getByRole('link', { name: 'Owner 1' })).toBeVisible();
  });

  test('on a phone the list is a card list, filters fold away and the board scrolls sideways', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    try {
      await signedInUser(page, 'phone');
      await createProjectApi(page, 1);
      await page.goto('/projects');
      await expect(page.getByTestId('projects-cards').getByRole('link', { name: 'Owner 1' })).toBeVisible();
      await expect(page.getByTestId('projects-table')).toBeHidden();
      await expect(page.getByLabel('Loss type')).toBeHidden();
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByLabel('Loss type')).toBeVisible();
      const newProject = await page.getByRole('link', { name: 'New claim file' }).first().boundingBox();
      expect(newProject?.height ?? 0).toBeGreaterThanOrEqual(44);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('tab', { name: 'Board' }).click();
      const board = page.getByTestId('project-board');
      await expect(board.getByRole('link', { name: 'Owner 1' })).toBeVisible();
      const widths = await board.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
      expect(widths.scroll).toBeGreaterThan(widths.client);
      expect(Number(await page.evaluate(`document.documentElement.scrollWidth`))).toBeLessThanOrEqual(390);
      await expectNoSeriousA11yViolations(page);

      await page.goto('/projects/new');
      await expect(page.getByRole('button', { name: 'Create claim file' })).toBeVisible();
      expect(Number(await page.evaluate(`document.documentElement.scrollWidth`))).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
