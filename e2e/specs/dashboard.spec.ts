import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';

// The dashboard: a company's claim files at a glance, real data from GET /api/dashboard.

type Status = { id: string; name: string };

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { headers: ORIGIN_HEADERS, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test.describe('dashboard', () => {
  test('a new user sees empty states that teach the next step', async ({ page }) => {
    await signedInUser(page, 'dash-new');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('0 of 25 active files')).toBeVisible();
    await expect(page.getByText(/Your pipeline is empty/)).toBeVisible();
    await expect(page.getByText(/No open tasks for you/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open a new claim file' })).toHaveAttribute('href', '/projects/new');
    await expect(page.getByRole('region', { name: 'Get set up' }).getByRole('link', { name: 'Create your first claim file' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('after projects and a task, shows counts per status, the active count, the overdue task, recent projects and activity', async ({ page }) => {
    await signedInUser(page, 'dash-busy');
    const me = (await (await page.request.get('/api/me')).json()) as { id: string };
    const { statuses } = (await (await page.request.get('/api/project-statuses')).json()) as { statuses: Status[] };
    const inspected = statuses.find((status) => status.name === 'Inspected');
    const closed = statuses.find((status) => status.name === 'Closed');
    if (!inspected || !closed) throw new Error('the default pipeline has Inspected and Closed');

    const smith = await post<{ id: string }>(page, '/api/projects', { title: 'Smith roof', homeownerName: 'Jo Smith', street: '1 Oak St' });
    await post(page, '/api/projects', { title: 'Jones roof', homeownerName: 'Al Jones', street: '2 Oak St' });
    const old = await post<{ id: string }>(page, '/api/projects', { title: 'Old barn', homeownerName: 'Kim Old', street: '3 Oak St' });
    await post(page, `/api/projects/${smith.id}/status`, { statusId: inspected.id });
    await post(page, `/api/projects/${old.id}/status`, { statusId: closed.id });
    await post(page, `/api/projects/${smith.id}/tasks`, { title: 'Call the adjuster', dueDate: '2024-01-15', assigneeId: me.id });

    await page.goto('/dashboard');
    await expect(page.getByText('2 of 25 active files')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Active files used' })).toHaveAttribute('aria-valuenow', '2');

    const chart = page.getByRole('list', { name: 'Claim files by status' });
    await expect(chart.getByRole('listitem').filter({ hasText: /^Lead/ })).toContainText('Lead: 1 claim file');
    await expect(chart.getByRole('listitem').filter({ hasText: /^Inspected/ })).toContainText('Inspected: 1 claim file');
    await expect(chart.getByRole('listitem').filter({ hasText: /^Closed/ })).toContainText('Closed: 1 claim file');

    const tasks = page.getByRole('region', { name: 'My tasks (1 overdue)' });
    const task = tasks.getByRole('link', { name: /Call the adjuster/ });
    await expect(task).toHaveAttribute('href', `/projects/${smith.id}`);
    await expect(task.getByText('Overdue')).toBeVisible();

    const recent = page.getByRole('list', { name: 'Recent claim files' });
    await expect(recent.getByRole('link', { name: /Smith roof/ })).toHaveAttribute('href', `/projects/${smith.id}`);
    await expect(recent.getByRole('link')).toHaveCount(3);

    const activity = page.getByRole('list', { name: 'Recent activity' });
    await expect(activity.getByText(/moved Smith roof from Lead to Inspected/)).toBeVisible();
    await expect(activity.getByText(/added the task “Call the adjuster” on Smith roof/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Get set up' }).getByRole('link', { name: 'Create your first claim file (done)' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A phone shows the same, one column, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText('2 of 25 active files')).toBeVisible();
    expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
  });
});
