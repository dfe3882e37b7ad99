import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { axeWithoutToasts } from '../support/toasts';

// One claim file on /projects/:id: fields edited in place with their history, tasks, files, notes,
// the status pipeline to Closed (the active count drops), and another company's project not found.

type CreatedProject = { id: string; title: string };
type ActiveFiles = { active: number; limit: number };

/** A project of the signed-in user's company, created through the API as the list's form would. */
async function createProject(page: Page, overrides: Record<string, unknown> = {}): Promise<CreatedProject> {
  const response = await page.request.post('/api/projects', {
    headers: ORIGIN_HEADERS,
    data: {
      title: 'Hail claim, Oak Street',
      homeownerName: 'Dana Homeowner',
      street: '12 Oak Street',
      city: 'Dallas',
      state: 'TX',
      zip: '75201',
      claimNumber: 'CLM-100',
      lossDescription: 'Hail dented the gutters and cracked shingles',
      rcvCents: 1234500,
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedProject;
}

async function activeFiles(page: Page): Promise<ActiveFiles> {
  const response = await page.request.get('/api/projects/active-files');
  expect(response.status()).toBe(200);
  return (await response.json()) as ActiveFiles;
}

/** The day before today, as a date input takes it. */
function yesterday(): string {
  const day = new Date(Date.now() - 2 * 86_400_000);
  return day.toISOString().slice(0, 10);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

function section(page: Page, name: string) {
  return page.getByRole('region', { name });
}

async function editField(page: Page, label: string, value: string) {
  await page.getByRole('button', { name: `Edit ${label}`, exact: true }).click();
  const input = page.getByRole('form', { name: `Edit ${label}` }).getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Enter');
  await expect(page.getByRole('form', { name: `Edit ${label}` })).toHaveCount(0);
}

test.describe('project detail', () => {
  test('edit in place with history, a task done, a file up, down and deleted, a note, and the pipeline to Closed', async ({ page }) => {
    const user = await signedInUser(page, 'detail');
    const me = `${user.firstName} ${user.lastName}`;
    const project = await createProject(page);
    expect(await activeFiles(page)).toMatchObject({ active: 1 });

    await page.goto(`/projects/${project.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hail claim, Oak Street' })).toBeVisible();
    await expect(page.getByText('12 Oak Street, Dallas, TX 75201')).toBeVisible();
    await expect(page.getByText('Active file', { exact: true })).toBeVisible();
    await expect(page.getByText('$12,345.00', { exact: true })).toBeVisible();
    await expect(page.getByText('Classified from the description')).toBeVisible();
    await axeWithoutToasts(page);

    // A field edited in place, then its history.
    await editField(page, 'Claim number', 'CLM-200');
    await expect(page.getByText('Claim file updated', { exact: true })).toBeVisible();
    await expect(page.getByText('CLM-200', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'History of Claim number' }).click();
    const history = page.getByRole('dialog', { name: 'History of Claim number' });
    await expect(history.getByText('CLM-100')).toBeVisible();
    await expect(history.getByText('CLM-200')).toBeVisible();
    await expect(history.getByText(new RegExp(me))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(history).toHaveCount(0);

    // Money in dollars.
    await editField(page, 'Deductible', '1,250.50');
    await expect(page.getByText('$1,250.50', { exact: true })).toBeVisible();

    // The classified loss type overridden from the list.
    await page.getByRole('button', { name: 'Override Loss type' }).click();
    await page.getByRole('button', { name: 'Choose a different type' }).click();
    await page.getByLabel('Loss type from the list').selectOption('wind');
    await page.getByRole('form', { name: 'Edit Loss type' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Wind', { exact: true })).toBeVisible();
    await expect(page.getByText('Classified from the description')).toHaveCount(0);

    // A carrier added to the directory from here, and picked.
    const carrierName = `Lone Star Mutual ${randomUUID().slice(0, 6)}`;
    await page.getByRole('button', { name: 'Edit Carrier', exact: true }).click();
    const carrierForm = page.getByRole('form', { name: 'Edit Carrier' });
    await carrierForm.getByRole('button', { name: 'Add new carrier' }).click();
    const newCarrier = page.getByRole('dialog', { name: 'Add new carrier' });
    await newCarrier.getByLabel('Carrier name').fill(carrierName);
    await newCarrier.getByRole('button', { name: 'Add carrier' }).click();
    await expect(newCarrier).toHaveCount(0);
    await expect(carrierForm.getByRole('combobox', { name: 'Carrier' })).toHaveValue(/[0-9a-f-]{36}/);
    await carrierForm.getByRole('button', { name: 'Save' }).click();
    await expect(carrierForm).toHaveCount(0);
    await expect(page.getByText(carrierName, { exact: true })).toBeVisible();

    // A task: added (overdue), then ticked done.
    const tasks = section(page, 'Tasks');
    await tasks.getByRole('button', { name: 'Add a task' }).click();
    await tasks.getByLabel('Task', { exact: true }).fill('Call the adjuster');
    await tasks.getByLabel('Due date').fill(yesterday());
    await tasks.getByLabel('Assignee').selectOption({ label: me });
    await tasks.getByRole('button', { name: 'Add task' }).click();
    await expect(page.getByText('Task added', { exact: true })).toBeVisible();
    const taskBox = tasks.getByRole('checkbox', { name: 'Call the adjuster' });
    await expect(taskBox).toBeVisible();
    await expect(tasks.getByText('Overdue')).toBeVisible();
    await taskBox.click();
    await expect(taskBox).toBeChecked();
    await expect(tasks.getByText('Overdue')).toHaveCount(0);

    // A PDF uploaded, downloaded through its signed link, a disallowed file refused, the PDF deleted after confirming.
    const files = section(page, 'Files');
    await files.getByLabel('Upload a file').setInputFiles({ name: 'estimate.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(files.getByText('estimate.pdf', { exact: true })).toBeVisible();
    const download = files.getByRole('link', { name: 'Download estimate.pdf' });
    const href = await download.getAttribute('href');
    expect(href).toBeTruthy();
    const fetched = await page.request.get(href ?? '');
    expect(fetched.status()).toBe(200);
    expect((await fetched.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');

    await files.getByLabel('Upload a file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just words') });
    await expect(files.getByRole('alert')).toContainText('notes.txt:');
    await expect(files.getByText('notes.txt', { exact: true })).toHaveCount(0);

    await files.getByRole('button', { name: 'Delete estimate.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this file?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(files.getByText('estimate.pdf', { exact: true })).toBeVisible();
    await files.getByRole('button', { name: 'Delete estimate.pdf' }).click();
    await confirm.getByRole('button', { name: 'Delete file' }).click();
    await expect(page.getByText('File deleted', { exact: true })).toBeVisible();
    await expect(files.getByText('estimate.pdf', { exact: true })).toHaveCount(0);
    expect((await fetchFiles(page, project.id)).files).toEqual([]);

    // A note, and the timeline telling what happened in words.
    const activity = section(page, 'Activity');
    await activity.getByRole('textbox', { name: 'Add a note' }).fill('Adjuster confirmed the reinspection for Tuesday.');
    await activity.getByRole('button', { name: 'Add note' }).click();
    const timeline = activity.getByRole('list', { name: 'Activity timeline' });
    await expect(timeline.getByText('Adjuster confirmed the reinspection for Tuesday.')).toBeVisible();
    await expect(timeline.getByText(`${me} added a note`)).toBeVisible();
    await expect(timeline.getByText(`${me} changed Claim number from CLM-100 to CLM-200`)).toBeVisible();
    await expect(timeline.getByText(`${me} changed Loss type from Hail to Wind`)).toBeVisible();
    await expect(timeline.getByText(`${me} set Carrier to ${carrierName}`)).toBeVisible();
    await expect(timeline.getByText(`${me} completed the task “Call the adjuster”`)).toBeVisible();
    await expect(timeline.getByText(`${me} uploaded estimate.pdf`)).toBeVisible();
    await expect(timeline.getByText(`${me} deleted the file estimate.pdf`)).toBeVisible();

    // Through the pipeline to Closed: the file is closed and no longer counts.
    const pipeline = page.getByRole('list', { name: 'Status pipeline' });
    await pipeline.getByRole('button', { name: /^Inspected/ }).click();
    await expect(pipeline.getByRole('button', { name: /^Inspected/ })).toHaveAttribute('aria-current', 'step');
    await pipeline.getByRole('button', { name: /^Claim filed/ }).click();
    await expect(pipeline.getByRole('button', { name: /^Claim filed/ })).toHaveAttribute('aria-current', 'step');
    await expect(pipeline.getByRole('button', { name: /^Inspected \(done\)/ })).toBeVisible();
    await pipeline.getByRole('button', { name: /^Closed/ }).click();
    await expect(pipeline.getByRole('button', { name: /^Closed/ })).toHaveAttribute('aria-current', 'step');
    await expect(page.getByText('Active file', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
    await expect(timeline.getByText(`${me} moved the claim file from Claim filed to Closed`)).toBeVisible();
    expect(await activeFiles(page)).toMatchObject({ active: 0 });
    await axeWithoutToasts(page);
  });

  test("another company's project, and a project that does not exist, show 'This claim file was not found'", async ({ page, browser }) => {
    await signedInUser(page, 'owner-a');
    const project = await createProject(page, { title: 'Company A claim' });

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signedInUser(otherPage, 'owner-b');
    expect((await otherPage.request.get(`/api/projects/${project.id}`)).status()).toBe(404);
    for (const id of [project.id, randomUUID(), 'not-an-id']) {
      await otherPage.goto(`/projects/${id}`);
      await expect(otherPage.getByRole('heading', { level: 1, name: 'This claim file was not found' })).toBeVisible();
      await expect(otherPage.getByText('Company A claim')).toHaveCount(0);
    }
    await axeWithoutToasts(otherPage);
    await otherPage.getByRole('link', { name: 'Back to claim files' }).click();
    await expect(otherPage).toHaveURL(/\/projects$/);
    await other.close();

    // Company A still has it, unchanged.
    await page.goto(`/projects/${project.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Company A claim' })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the main path fits the screen: edit a field, add and finish a task, add a note, close the file', async ({ page }) => {
      const user = await signedInUser(page, 'phone');
      const me = `${user.firstName} ${user.lastName}`;
      const project = await createProject(page);
      await page.goto(`/projects/${project.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Hail claim, Oak Street' })).toBeVisible();
      expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);

      await editField(page, 'Homeowner phone', '(405) 555-0123');
      await expect(page.getByText('(405) 555-0123', { exact: true })).toBeVisible();

      const tasks = section(page, 'Tasks');
      await tasks.getByRole('button', { name: 'Add a task' }).click();
      await tasks.getByLabel('Task', { exact: true }).fill('Order the shingles');
      await tasks.getByRole('button', { name: 'Add task' }).click();
      const taskBox = tasks.getByRole('checkbox', { name: 'Order the shingles' });
      await taskBox.click();
      await expect(taskBox).toBeChecked();

      const activity = section(page, 'Activity');
      await activity.getByRole('textbox', { name: 'Add a note' }).fill('Homeowner will be home after 4.');
      await activity.getByRole('button', { name: 'Add note' }).click();
      await expect(activity.getByText(`${me} added a note`)).toBeVisible();

      const pipeline = page.getByRole('list', { name: 'Status pipeline' });
      await pipeline.getByRole('button', { name: /^Closed/ }).click();
      await expect(pipeline.getByRole('button', { name: /^Closed/ })).toHaveAttribute('aria-current', 'step');
      expect(await activeFiles(page)).toMatchObject({ active: 0 });
      expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
      await axeWithoutToasts(page);
    });
  });
});

async function fetchFiles(page: Page, projectId: string): Promise<{ files: unknown[] }> {
  const response = await page.request.get(`/api/projects/${projectId}/files`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { files: unknown[] };
}
