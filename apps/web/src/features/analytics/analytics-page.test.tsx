import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Analytics } from '@ridgeline/shared/contracts/analytics';
import { answer, json, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import AnalyticsPage from './analytics-page';

// The charts draw nothing in jsdom (no layout); the tables carry the same numbers and are what is tested.
vi.mock('./components/bar-chart', () => ({ CHART_COLORS: { blue: '', amber: '', green: '', slate: '' }, FigureBarChart: () => null }));

const ACME = '33333333-3333-4333-8333-333333333333';
const FORMULA = '44444444-4444-4444-8444-444444444444';

const figures = (overrides: Partial<Analytics> = {}): Analytics => ({
  filters: { from: '2026-01-01', to: '2026-06-30', memberId: null, carrierId: null, lossType: null },
  scope: 'company',
  members: [
    { id: 'u-alice', name: 'Alice Roof' },
    { id: 'u-mason', name: 'Mason Reed' },
  ],
  carriers: [
    { id: ACME, name: 'Acme Mutual' },
    { id: FORMULA, name: '=HYPERLINK("x")' },
  ],
  approvalByCarrier: [
    { key: ACME, label: 'Acme Mutual', approved: 1, denied: 1, percent: 50 },
    { key: FORMULA, label: '=HYPERLINK("x")', approved: 1, denied: 0, percent: 100 },
  ],
  approvalByLossType: [{ key: 'hail', label: 'Hail', approved: 2, denied: 0, percent: 100 }],
  supplements: { requested: 2, requestedCents: 70_000, approved: 1, approvedCents: 30_000, denied: 1 },
  cycleTimes: [
    { key: 'filed', label: 'Inspection to claim filed', claimFiles: 3, medianDays: 4, p90Days: 8.8 },
    { key: 'approved', label: 'Inspection to approval', claimFiles: 2, medianDays: 11, p90Days: 13.4 },
    { key: 'paid', label: 'Inspection to first payment', claimFiles: 1, medianDays: 26, p90Days: 26 },
  ],
  pipelineByStatus: [
    { statusId: 's1', name: 'Lead', claimFiles: 1, rcvCents: 0 },
    { statusId: 's2', name: 'Approved', claimFiles: 1, rcvCents: 500_000 },
    { statusId: 's3', name: 'Build scheduled', claimFiles: 0, rcvCents: 0 },
  ],
  daysInStatus: [{ statusId: 's1', name: 'Lead', stays: 3, averageDays: 1.3, medianDays: 1 }],
  weeklyActivity: [{ week: '2026-01-05', memberId: 'u-mason', memberName: 'Mason Reed', inspections: 1, photos: 3 }],
  revenueByMonth: [{ month: '2026-02-01', receivedCents: 800_000, payments: 1 }],
  ...overrides,
});

let blobs: Blob[] = [];

beforeEach(() => {
  answerSession(alice);
  blobs = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:analytics';
  });
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderPage(url = '/analytics?from=2026-01-01&to=2026-06-30') {
  renderWithSession(
    <Routes>
      <Route
        path="/analytics"
        element={
          <>
            <AnalyticsPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { url, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
  );
}

const table = (title: string) => screen.getByRole('table', { name: title });

describe('/analytics', () => {
  it('shows every figure as a table, from the filters in the address', async () => {
    answer('GET /api/analytics', json(figures()));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    const carriers = await screen.findByRole('table', { name: 'Approval rate by carrier' });
    expect(
      within(carriers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['CarrierApprovedDeniedApproval rate', 'Acme Mutual1150%', '=HYPERLINK("x")10100%']);
    expect(within(table('Supplements requested and approved')).getByRole('row', { name: /Requested/ })).toHaveTextContent('$700.00');
    expect(within(table('Time from inspection')).getByRole('row', { name: /claim filed/ })).toHaveTextContent('348.8');
    // Statuses with no claim file are left out of the pipeline's table.
    expect(within(table('Pipeline value by status')).getAllByRole('row')).toHaveLength(3);
    expect(within(table('Pipeline value by status')).getByRole('row', { name: /Approved/ })).toHaveTextContent('$5,000.00');
    expect(within(table('Inspections and photos per week')).getByRole('row', { name: /Mason Reed/ })).toHaveTextContent('13');
    expect(within(table('Money received per month')).getByRole('row', { name: /2026/ })).toHaveTextContent('$8,000.00');
    expect(sent('GET /api/analytics')[0]?.url.search).toBe('?from=2026-01-01&to=2026-06-30');
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
  });

  it('applies a filter through the address and asks again', async () => {
    answer('GET /api/analytics', (request) =>
      json(figures(request.url.searchParams.get('carrierId') ? { approvalByCarrier: figures().approvalByCarrier.slice(0, 1) } : {})),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Approval rate by carrier' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Carrier'), 'Acme Mutual');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(`?from=2026-01-01&to=2026-06-30&carrierId=${ACME}`));
    await waitFor(() => expect(within(table('Approval rate by carrier')).getAllByRole('row')).toHaveLength(2));
    expect(sent('GET /api/analytics').at(-1)?.url.searchParams.get('carrierId')).toBe(ACME);
  });

  it('refuses a range that ends before it starts, by the shared contract, and asks nothing', async () => {
    answer('GET /api/analytics', json(figures()));
    renderPage();
    await screen.findByRole('table', { name: 'Approval rate by carrier' });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('The start date must be on or before the end date')).toBeInTheDocument();
    expect(sent('GET /api/analytics')).toHaveLength(1);
  });

  it('writes a table as CSV, a cell a spreadsheet would run kept as text', async () => {
    answer('GET /api/analytics', json(figures()));
    renderPage();
    await screen.findByRole('table', { name: 'Approval rate by carrier' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download Approval rate by carrier as CSV' }));
    expect(blobs).toHaveLength(1);
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blobs[0] ?? new Blob());
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.split('\r\n')).toEqual([
      '\uFEFF"Carrier","Approved","Denied","Approval rate"',
      '"Acme Mutual","1","1","50"',
      `"'=HYPERLINK(""x"")","1","0","100"`,
      '',
    ]);
  });

  it("shows a member their own figures without a member filter, and says a bad link's filters were dropped", async () => {
    answer('GET /api/analytics', json(figures({ scope: 'own', members: [{ id: 'u-mason', name: 'Mason Reed' }] })));
    renderPage('/analytics?lossType=meteor');
    expect(await screen.findByText(/Your own figures/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Member')).not.toBeInTheDocument();
    expect(screen.getByText(/The filters in this link were not valid/)).toBeInTheDocument();
    expect(sent('GET /api/analytics')[0]?.url.search).toBe('');
  });
});
