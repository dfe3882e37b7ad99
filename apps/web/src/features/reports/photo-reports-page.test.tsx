import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMe } from '../../test/claim-flow-fakes';
import { answer, json, sent } from '../../test/fake-server';
import PhotoReportsPage from './photo-reports-page';
import { fakeDetail, fakeReport, INCOMPLETE } from './report-fakes';
import { resetWatchedDocuments } from './watched-documents';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 8_000 };
const SESSION_ID = '00000000-0000-4000-8000-0000000000c1';

function renderPage() {
  answer('GET /api/me', json(fakeMe()));
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <PhotoReportsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  resetWatchedDocuments();
  vi.clearAllMocks();
});

describe('PhotoReportsPage', { timeout: 60_000 }, () => {
  it("lists the company's documents with what they were made from, a download only when ready, 25 a page, filtered by kind", async () => {
    const reports = Array.from({ length: 25 }, (_, i) =>
      fakeReport({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        title: `Report ${i}`,
        status: i === 0 ? 'rendering' : 'ready',
        progress: i === 0 ? 30 : 100,
      }),
    );
    answer('GET /api/reports', (request) => {
      if (request.url.searchParams.get('kind') === 'packet') return json({ reports: [], total: 0 });
      return json({ reports, total: 30 });
    });
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: "Your company's reports" }, SLOW);
    expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(25);
    expect(within(list).getAllByText('Jordan Lee · 12 Oak St')).toHaveLength(25);
    expect(within(list).getAllByRole('link', { name: /^Download/ })).toHaveLength(24);
    expect(within(list).getByRole('progressbar', { name: 'Making Report 0' })).toHaveAttribute('aria-valuenow', '30');
    expect(sent('GET /api/reports')[0]?.url.searchParams.get('pageSize')).toBe('25');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent('GET /api/reports').some((r) => r.url.searchParams.get('page') === '2')).toBe(true));

    await user.selectOptions(screen.getByLabelText('Kind'), 'packet');
    expect(await screen.findByText('No claim packet yet', {}, SLOW)).toBeInTheDocument();
    const last = sent('GET /api/reports').at(-1);
    expect(last?.url.searchParams.get('kind')).toBe('packet');
    expect(last?.url.searchParams.get('page')).toBe('1');
  });

  it('makes a new photo report from an inspection chosen in the picker', async () => {
    answer('GET /api/reports/:id', json({ report: fakeDetail({ status: 'queued', progress: 0, projectId: null, sessionId: SESSION_ID }) }));
    answer('GET /api/reports', json({ reports: [], total: 0 }));
    answer(
      'GET /api/projects',
      json({ projects: [], total: 0, page: 1, pageSize: 25, activeFiles: { active: 0, limit: 10, plan: 'starter', planName: 'Starter', trialing: false } }),
    );
    answer(
      'GET /api/inspections',
      json({
        sessions: [
          {
            id: SESSION_ID,
            projectId: null,
            status: 'in_progress',
            inspector: null,
            street: '9 Elm Rd',
            city: 'Denver',
            state: 'CO',
            zip: null,
            homeownerName: 'Sam Hill',
            photoCount: 12,
            createdAt: '2026-11-20T15:00:00.000Z',
            updatedAt: '2026-11-20T15:00:00.000Z',
          },
        ],
        total: 1,
      }),
    );
    answer('GET /api/reports/readiness', json(INCOMPLETE));
    answer('POST /api/reports', json({ report: fakeDetail({ status: 'queued', progress: 0, projectId: null, sessionId: SESSION_ID }) }, { status: 201 }));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No reports yet', {}, SLOW)).toBeInTheDocument();
    const [newReport] = screen.getAllByRole('button', { name: 'New photo report' });
    if (!newReport) throw new Error('No New photo report button');
    await user.click(newReport);
    const picker = await screen.findByRole('dialog', { name: 'New photo report' }, SLOW);
    await user.click(within(picker).getByRole('radio', { name: 'An inspection' }));
    const select = await within(picker).findByLabelText('Inspection', {}, SLOW);
    await within(picker).findByRole('option', { name: 'Sam Hill · 9 Elm Rd, Denver' }, SLOW);
    await user.selectOptions(select, SESSION_ID);
    await user.click(within(picker).getByRole('button', { name: 'Next' }));

    const dialog = await screen.findByRole('dialog', { name: 'Photo report' }, SLOW);
    expect(await within(dialog).findByText('12 of 14 required photos', {}, SLOW)).toBeInTheDocument();
    expect(sent('GET /api/reports/readiness')[0]?.url.searchParams.get('sessionId')).toBe(SESSION_ID);
    await user.type(within(dialog).getByLabelText('Why make the report without them?'), 'Homeowner refused interior access');
    await user.click(within(dialog).getByRole('button', { name: 'Make report anyway' }));
    await waitFor(() => expect(sent('POST /api/reports')).toHaveLength(1));
    expect(sent('POST /api/reports')[0]?.body).toEqual({
      kind: 'photo',
      sessionId: SESSION_ID,
      layout: 2,
      overrideReason: 'Homeowner refused interior access',
    });
  });
});
