import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@ridgeline/shared/contracts/dashboard';
import type { ProjectSummary, Task } from '@ridgeline/shared/contracts/projects';
import { answerAll, apiError, json } from '../test/fake-server';
import { renderWithSession } from '../test/render-with-session';
import { alice, answerSession } from '../test/session-fakes';
import DashboardPage from './dashboard-page';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const COMPANY = {
  id: id(900),
  name: 'Ridge Roofing',
  phone: null,
  address: null,
  logoUrl: null,
  plan: 'professional',
  trialEndsAt: null,
  createdAt: '2026-11-01T00:00:00Z',
};
const ME = {
  id: alice.id,
  email: alice.email,
  firstName: 'Alice',
  lastName: 'Roof',
  name: 'Alice Roof',
  phone: null,
  role: 'contractor',
  isEnabled: true,
  avatarUrl: null,
  company: { id: id(900), name: 'Ridge Roofing', role: 'owner' },
};
const TEAM = { myRole: 'owner', members: [], invitations: [] };

const project = (n: number, title: string): ProjectSummary => ({
  id: id(n),
  title,
  homeownerName: `Owner ${n}`,
  street: `${n} Main St`,
  city: 'Tulsa',
  state: 'OK',
  zip: null,
  claimNumber: null,
  carrier: { id: id(500), name: 'State Farm' },
  lossType: 'hail',
  dateOfLoss: null,
  statusId: id(1),
  assignee: null,
  isActive: true,
  archivedAt: null,
  rcvCents: null,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
});

const task = (n: number, title: string, dueDate: string | null, overdue: boolean): Task => ({
  id: id(700 + n),
  projectId: id(100 + n),
  projectTitle: `Project ${n}`,
  title,
  dueDate,
  assignee: { id: alice.id, name: 'Alice Roof' },
  done: false,
  overdue,
  createdAt: '2026-11-01T00:00:00Z',
});

const EMPTY: Dashboard = {
  activeFiles: { active: 0, limit: 25, plan: 'professional', planName: 'Professional', trialing: true },
  byStatus: [
    { statusId: id(1), name: 'Lead', isClosed: false, count: 0 },
    { statusId: id(2), name: 'Paid', isClosed: true, count: 0 },
  ],
  myTasks: [],
  overdueCount: 0,
  recentProjects: [],
  recentActivity: [],
};

const BUSY: Dashboard = {
  activeFiles: { active: 7, limit: 25, plan: 'professional', planName: 'Professional', trialing: false },
  byStatus: [
    { statusId: id(1), name: 'Lead', isClosed: false, count: 4 },
    { statusId: id(2), name: 'Inspection', isClosed: false, count: 3 },
    { statusId: id(3), name: 'Paid', isClosed: true, count: 1 },
  ],
  myTasks: [task(1, 'Call the adjuster', '2026-01-05', true), task(2, 'Order shingles', '2099-12-01', false)],
  overdueCount: 1,
  recentProjects: [project(101, 'Smith roof'), project(102, 'Jones roof')],
  recentActivity: [
    {
      id: id(801),
      projectId: id(101),
      projectTitle: 'Smith roof',
      kind: 'status_changed',
      actor: { id: alice.id, name: 'Alice Roof' },
      field: 'status',
      oldValue: 'Lead',
      newValue: 'Inspection',
      body: null,
      createdAt: '2026-11-20T10:00:00Z',
    },
    {
      id: id(802),
      projectId: id(102),
      projectTitle: 'Jones roof',
      kind: 'field_changed',
      actor: null,
      field: 'claimNumber',
      oldValue: null,
      newValue: 'CLM-1',
      body: null,
      createdAt: '2026-11-20T09:00:00Z',
    },
  ],
};

function renderDashboard(dashboard: Dashboard | 'error', role: 'owner' | 'manager' | 'member' = 'owner') {
  answerSession(alice);
  answerAll({
    'GET /api/me': json({ ...ME, company: { ...ME.company, role } }),
    'GET /api/company': json(COMPANY),
    'GET /api/team': json(TEAM),
    'GET /api/dashboard': dashboard === 'error' ? apiError('INTERNAL_ERROR', { message: 'The dashboard is down.' }) : json(dashboard),
  });
  renderWithSession(<DashboardPage />, { url: '/dashboard', queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
}

describe('/dashboard', () => {
  it('shows active files against the limit with a progress bar and the plan', async () => {
    renderDashboard(BUSY);
    const card = within(await screen.findByRole('region', { name: 'Active files' }));
    expect(card.getByText('7 of 25 active files')).toBeInTheDocument();
    const bar = card.getByRole('progressbar', { name: 'Active files used' });
    expect(bar).toHaveAttribute('aria-valuenow', '7');
    expect(bar).toHaveAttribute('aria-valuemax', '25');
    expect(card.getByText(/Professional plan/)).toBeInTheDocument();
    // Far from the limit: no upgrade hint.
    expect(card.queryByRole('link', { name: /plans|upgrade/ })).not.toBeInTheDocument();
  });

  it('near and at the limit, hints at /pricing', async () => {
    renderDashboard({ ...BUSY, activeFiles: { ...BUSY.activeFiles, active: 21 } });
    const near = within(await screen.findByRole('region', { name: 'Active files' }));
    expect(near.getByRole('link', { name: 'compare plans' })).toHaveAttribute('href', '/pricing');
  });

  it('at the limit, says every slot is used and links to /pricing', async () => {
    renderDashboard({ ...BUSY, activeFiles: { ...BUSY.activeFiles, active: 25 } });
    const full = within(await screen.findByRole('region', { name: 'Active files' }));
    expect(full.getByText('25 of 25 active files')).toBeInTheDocument();
    expect(full.getByRole('link', { name: 'upgrade your plan' })).toHaveAttribute('href', '/pricing');
  });

  it('draws projects by status as bars a screen reader reads as counts', async () => {
    renderDashboard(BUSY);
    const chart = await screen.findByRole('list', { name: 'Claim files by status' });
    const rows = within(chart).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Lead: 4 claim files4', 'Inspection: 3 claim files3', 'Paid: 1 claim file1']);
    // The bar and the digit are drawn for the eye; the words are what is read.
    expect(within(chart).getByText(': 4 claim files')).toHaveClass('sr-only');
    for (const row of rows) expect(row.querySelectorAll('[aria-hidden="true"]')).toHaveLength(2);
  });

  it('lists my tasks with the overdue one marked, each linking to its project', async () => {
    renderDashboard(BUSY);
    const region = within(await screen.findByRole('region', { name: 'My tasks (1 overdue)' }));
    const [overdue, later] = region.getAllByRole('link');
    expect(overdue).toHaveAttribute('href', `/projects/${id(101)}`);
    expect(within(overdue as HTMLElement).getByText('Call the adjuster')).toBeInTheDocument();
    expect(within(overdue as HTMLElement).getByText('Overdue')).toBeInTheDocument();
    expect(within(later as HTMLElement).queryByText('Overdue')).not.toBeInTheDocument();
    expect(later).toHaveAttribute('href', `/projects/${id(102)}`);
  });

  it('lists recent projects and activity in words', async () => {
    renderDashboard(BUSY);
    const projects = within(await screen.findByRole('list', { name: 'Recent claim files' }));
    expect(projects.getByRole('link', { name: /Smith roof/ })).toHaveAttribute('href', `/projects/${id(101)}`);
    const activity = within(screen.getByRole('list', { name: 'Recent activity' }));
    expect(activity.getByText('Alice Roof moved Smith roof from Lead to Inspection')).toBeInTheDocument();
    expect(activity.getByText('Someone set the claim number of Jones roof to “CLM-1”')).toBeInTheDocument();
    // The set-up step is done once a project exists.
    expect(await screen.findByRole('link', { name: 'Create your first claim file (done)' })).toHaveAttribute('href', '/projects/new');
  });

  it('a new company sees empty states that teach the next step', async () => {
    renderDashboard(EMPTY);
    expect(await screen.findByText('0 of 25 active files')).toBeInTheDocument();
    expect(screen.getByText(/Professional plan during your free trial/)).toBeInTheDocument();
    expect(screen.getByText(/Your pipeline is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a claim file' })).toHaveAttribute('href', '/projects/new');
    expect(screen.getByText(/No open tasks for you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open a new claim file' })).toHaveAttribute('href', '/projects/new');
    const setUp = within(await screen.findByRole('region', { name: 'Get set up' }));
    expect(setUp.getByRole('link', { name: 'Create your first claim file' })).toHaveAttribute('href', '/projects/new');
    expect(screen.getByText(/Status changes, notes, tasks and files/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Claim files by status' })).not.toBeInTheDocument();
    // The set-up steps and the trial card stay.
    expect(screen.getByRole('region', { name: 'Get set up' })).toBeInTheDocument();
    expect(screen.getByText('Free trial')).toBeInTheDocument();
  });

  it('says why when the dashboard cannot load, keeping the rest of the page', async () => {
    renderDashboard('error');
    expect(await screen.findByText('The dashboard is down.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard - Ridgeline'));
    expect(await screen.findByRole('region', { name: 'Get set up' })).toBeInTheDocument();
  });

  it('shows each role what is its own: a member neither the trial nor the company set-up, a manager no trial', async () => {
    renderDashboard(BUSY, 'member');
    expect(await screen.findByRole('region', { name: 'Your account' })).toBeInTheDocument();
    const account = within(screen.getByRole('region', { name: 'Your account' }));
    expect(account.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/security']);
    expect(screen.queryByRole('region', { name: 'Get set up' })).not.toBeInTheDocument();
    expect(screen.queryByText('Free trial')).not.toBeInTheDocument();
    expect(screen.getByText('My tasks', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('2 open')).toBeInTheDocument();
    expect(screen.getByText('1 overdue')).toBeInTheDocument();
  });

  it('shows a manager the company set-up, without the trial', async () => {
    renderDashboard(BUSY, 'manager');
    const setUp = within(await screen.findByRole('region', { name: 'Get set up' }));
    expect(setUp.getByRole('link', { name: 'Invite your crew and office staff (users are unlimited)' })).toHaveAttribute('href', '/team');
    expect(screen.queryByText('Free trial')).not.toBeInTheDocument();
  });
});
