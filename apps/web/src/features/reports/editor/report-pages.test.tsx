import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateReportInput } from '@ridgeline/shared/contracts/documents';
import { answer, json, sent } from '../../../test/fake-server';
import { fakeProject, fakeProjectList } from '../../../test/project-fakes';
import AdvancedReportsPage from './advanced-reports-page';
import { fakeReport, PROJECT_ID, REPORT_ID } from './editor-fakes';
import NewReportPage from './new-report-page';

vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 8_000 };

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/advanced-photo-reports" element={<AdvancedReportsPage />} />
          <Route path="/advanced-photo-reports/new" element={<NewReportPage />} />
          <Route path="/advanced-photo-reports/:id/edit" element={<h1>Editor of {REPORT_ID}</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('advanced reports pages', { timeout: 30_000 }, () => {
  it('lists the advanced reports with status, who changed them last, Edit, and Download when ready', async () => {
    answer(
      'GET /api/reports',
      json({
        reports: [
          fakeReport({ title: 'Draft one', updatedBy: { id: 'u-bob', name: 'Bob Shingle' } }),
          fakeReport({ id: '7c0f4e2a-1b2c-4d3e-8f40-000000000002', title: 'Done one', status: 'ready' }),
        ],
        total: 2,
      }),
    );
    renderAt('/advanced-photo-reports');
    const list = await screen.findByRole('list', { name: 'Advanced reports' }, SLOW);
    const draft = within(list).getByRole('listitem', { name: 'Draft one' });
    expect(draft).toHaveTextContent('Draft');
    expect(draft).toHaveTextContent('by Bob Shingle');
    expect(within(draft).getByRole('link', { name: 'Edit Draft one' })).toHaveAttribute('href', `/advanced-photo-reports/${REPORT_ID}/edit`);
    expect(within(draft).queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
    const done = within(list).getByRole('listitem', { name: 'Done one' });
    expect(within(done).getByRole('link', { name: 'Download Done one' })).toHaveAttribute('href', '/api/reports/7c0f4e2a-1b2c-4d3e-8f40-000000000002/file');
    expect(sent('GET /api/reports')[0]?.url.searchParams.get('kind')).toBe('advanced');
  });

  it('says so when there is none yet', async () => {
    answer('GET /api/reports', json({ reports: [], total: 0 }));
    renderAt('/advanced-photo-reports');
    expect(await screen.findByText('No advanced reports yet', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New report' })).toHaveAttribute('href', '/advanced-photo-reports/new');
  });

  it('creates an advanced report from a claim file and opens it in the editor', async () => {
    answer('GET /api/projects', json(fakeProjectList([fakeProject({ id: PROJECT_ID, title: 'Smith roof', street: '12 Oak St' })])));
    answer('POST /api/reports', json({ report: fakeReport() }, { status: 201 }));
    renderAt('/advanced-photo-reports/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create' }, SLOW));
    expect(await screen.findByText('Choose a claim file', { selector: 'p' })).toBeInTheDocument();
    expect(sent('POST /api/reports')).toHaveLength(0);
    await vi.waitFor(() => expect(screen.getByRole('option', { name: 'Smith roof · 12 Oak St' })).toBeInTheDocument(), SLOW);
    await user.selectOptions(screen.getByLabelText('Claim file'), PROJECT_ID);
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Smith hail report');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { name: `Editor of ${REPORT_ID}` }, SLOW)).toBeInTheDocument();
    expect(sent('POST /api/reports')[0]?.body as CreateReportInput).toEqual({ kind: 'advanced', projectId: PROJECT_ID, title: 'Smith hail report' });
  });
});
