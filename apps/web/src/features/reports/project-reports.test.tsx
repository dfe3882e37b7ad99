import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { notify } from '../../lib/toast';
import { answerCompany } from '../../test/claim-flow-fakes';
import { DELETE_DOCUMENT_RIGHTS_TEXT } from './documents-list';
import { ProjectReports } from './project-reports';
import { ESTIMATE_ID, fakeDetail, fakePacketDefaults, fakeReadiness, fakeReport, INCOMPLETE, PROJECT_ID, REPORT_ID } from './report-fakes';
import { REASON_REQUIRED } from './report-form-schema';
import { resetWatchedDocuments } from './watched-documents';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

/** The first answers and screens can take a few seconds on a busy machine. */
const SLOW = { timeout: 8_000 };

const ME = { id: 'u-1', email: 'alice@example.com', firstName: 'Alice', lastName: 'Roof', phone: null, avatarUrl: null, role: 'contractor', isEnabled: true };

function renderPanel() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProjectReports projectId={PROJECT_ID} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The company's letterhead details are complete: documents are made at once (the prompt for
// missing ones has its own tests).
beforeEach(() => {
  answerCompany({ phone: '+1 555 010 0100', address: '1 Main St, Tulsa, OK' });
});

const renders = () => sent().filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/render'));
const deletes = () => sent().filter((r) => r.method === 'DELETE');

afterEach(() => {
  resetWatchedDocuments();
  vi.clearAllMocks();
});

describe('ProjectReports: the photo report dialog', { timeout: 60_000 }, () => {
  it('lists the missing shots and refuses to make the report until a reason is written; the reason is sent', async () => {
    answer('GET /api/reports/:id', json({ report: fakeDetail({ status: 'queued', progress: 0 }) }));
    answer('GET /api/reports', json({ reports: [], total: 0 }));
    answer('GET /api/reports/readiness', json(INCOMPLETE));
    answer(
      'POST /api/reports',
      json({ report: fakeDetail({ status: 'queued', progress: 0, overrideReason: 'Left side fenced off by the neighbour' }) }, { status: 201 }),
    );
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('No documents yet', {}, SLOW)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Photo report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo report' }, SLOW);
    expect(await within(dialog).findByText('12 of 14 required photos', {}, SLOW)).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('list', { name: 'Missing shots' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Left elevation', 'Roof overview']);
    expect(within(dialog).getByLabelText('Photos per page')).toHaveValue('2');

    await user.click(within(dialog).getByRole('button', { name: 'Make report anyway' }));
    expect(await within(dialog).findByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(sent('POST /api/reports')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Why make the report without them?'), 'Left side fenced off by the neighbour');
    await user.selectOptions(within(dialog).getByLabelText('Photos per page'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Make report anyway' }));
    await waitFor(() => expect(sent('POST /api/reports')).toHaveLength(1));
    expect(sent('POST /api/reports')[0]?.body).toEqual({
      kind: 'photo',
      projectId: PROJECT_ID,
      layout: 4,
      overrideReason: 'Left side fenced off by the neighbour',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('GET /api/reports/readiness')[0]?.url.searchParams.get('projectId')).toBe(PROJECT_ID);
  });

  it('makes the report with no reason asked when every required shot is there', async () => {
    answer('GET /api/reports/:id', json({ report: fakeDetail({ status: 'queued', progress: 0 }) }));
    answer('GET /api/reports', json({ reports: [], total: 0 }));
    answer('GET /api/reports/readiness', json(fakeReadiness()));
    answer('POST /api/reports', json({ report: fakeDetail({ status: 'queued', progress: 0 }) }, { status: 201 }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Photo report' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Photo report' }, SLOW);
    expect(await within(dialog).findByText(/14 of 14 required photos/, {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Why make the report without them?')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make report' }));
    await waitFor(() => expect(sent('POST /api/reports')).toHaveLength(1));
    expect(sent('POST /api/reports')[0]?.body).toEqual({ kind: 'photo', projectId: PROJECT_ID, layout: 2 });
  });

  it('asks for the reason when the server finds shots missing after the dialog opened', async () => {
    answer('GET /api/reports', json({ reports: [], total: 0 }));
    let readinessReads = 0;
    answer('GET /api/reports/readiness', () => (++readinessReads === 1 ? json(fakeReadiness()) : json(INCOMPLETE)));
    answer('POST /api/reports', apiError('SHOT_LIST_INCOMPLETE'));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Photo report' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Photo report' }, SLOW);
    await user.click(await within(dialog).findByRole('button', { name: 'Make report' }, SLOW));
    expect(await within(dialog).findByLabelText('Why make the report without them?', {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByText('12 of 14 required photos')).toBeInTheDocument();
  });
});

describe('ProjectReports: the documents list', { timeout: 60_000 }, () => {
  it('shows the percent of a document on its way as a progress bar, and no download until it is ready', async () => {
    answer('GET /api/reports', json({ reports: [fakeReport({ status: 'rendering', progress: 42, pageCount: null })], total: 1 }));
    renderPanel();
    const bar = await screen.findByRole('progressbar', { name: 'Making Photo report: 12 Oak St' }, SLOW);
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('offers the download (the file link, as a download) only for a ready document; a failed one says why and tries again', async () => {
    const failedId = '00000000-0000-4000-8000-0000000000b2';
    answer('GET /api/reports/:id', json({ report: fakeDetail({ id: failedId, status: 'queued', progress: 0 }) }));
    answer(
      'GET /api/reports',
      json({
        reports: [
          fakeReport(),
          fakeReport({
            id: failedId,
            kind: 'packet',
            title: 'Claim packet: 12 Oak St',
            status: 'failed',
            progress: 10,
            pageCount: null,
            error: 'A photo could not be read',
          }),
        ],
        total: 2,
      }),
    );
    answer(
      'POST /api/reports/:id/render',
      json({ report: fakeDetail({ id: failedId, kind: 'packet', title: 'Claim packet: 12 Oak St', status: 'queued', progress: 0 }) }),
    );
    const user = userEvent.setup();
    renderPanel();
    const links = await screen.findAllByRole('link', { name: /Download/ }, SLOW);
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `/api/reports/${REPORT_ID}/file`);
    expect(links[0]).toHaveAttribute('download');
    expect(links[0]).toHaveAccessibleName('Download Photo report: 12 Oak St');
    expect(screen.getByText('Failed: A photo could not be read')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(renders()).toHaveLength(1));
    expect(renders()[0]?.path).toBe(`/api/reports/${failedId}/render`);
  });

  it('updates an out-of-date PDF and deletes a document after the confirmation', async () => {
    answer('GET /api/reports/:id', json({ report: fakeDetail({ status: 'queued', progress: 0 }) }));
    answer('GET /api/reports', json({ reports: [fakeReport({ stale: true })], total: 1 }));
    answer('POST /api/reports/:id/render', json({ report: fakeDetail({ status: 'queued', progress: 0 }) }));
    answer('DELETE /api/reports/:id', { kind: 'empty', status: 204, delayMs: 0 });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('Out of date', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update PDF' }));
    await waitFor(() => expect(renders()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Delete Photo report: 12 Oak St' }));
    expect(confirm).toHaveBeenCalledWith('Delete Photo report: 12 Oak St? Its PDF and any link sharing it stop working.');
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(deletes()[0]?.path).toBe(`/api/reports/${REPORT_ID}`);
  });

  it('offers a member no Delete, and says who can delete documents', async () => {
    answerCompany({ phone: '+1 555 010 0100', address: '1 Main St, Tulsa, OK' }, 'member');
    answer('GET /api/reports', json({ reports: [fakeReport({ status: 'ready' })], total: 1 }));
    renderPanel();
    expect(await screen.findByText(DELETE_DOCUMENT_RIGHTS_TEXT, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Photo report: 12 Oak St' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });
});

describe('ProjectReports: the ready toast', { timeout: 60_000 }, () => {
  /** Makes a photo report from the panel; reading the report afterwards answers `followed` (one answer or several in turn). */
  async function makePhotoReportFollowedBy(followed: Parameters<typeof answer>[1]) {
    answer('GET /api/reports/:id', followed);
    answer('GET /api/reports', json({ reports: [], total: 0 }));
    answer('GET /api/reports/readiness', json(fakeReadiness()));
    answer('POST /api/reports', json({ report: fakeDetail({ status: 'queued', progress: 0 }) }, { status: 201 }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Photo report' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Make report' }, SLOW));
  }

  it('says "<Title> is ready" once the document the user started turns ready', async () => {
    await makePhotoReportFollowedBy([
      json({ report: fakeDetail({ status: 'rendering', progress: 60 }) }),
      json({ report: fakeDetail({ status: 'ready', progress: 100 }) }),
    ]);
    await waitFor(
      () => expect(notify.success).toHaveBeenCalledWith('Photo report: 12 Oak St is ready', expect.any(String), expect.objectContaining({ label: 'Download' })),
      { timeout: 8_000 },
    );
    expect(notify.success).toHaveBeenCalledTimes(1);
  });

  it('says why when the document failed', async () => {
    await makePhotoReportFollowedBy(json({ report: fakeDetail({ status: 'failed', progress: 20, error: 'The storage did not answer' }) }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Photo report: 12 Oak St failed', 'The storage did not answer'), { timeout: 8_000 });
  });
});

describe('ProjectReports: the claim packet dialog', { timeout: 60_000 }, () => {
  it('fills the preview with the claim values as the letter is edited, inserts fields, and sends the edited letter and parts', async () => {
    answer('GET /api/reports/:id', json({ report: fakeDetail({ kind: 'packet', title: 'Claim packet', status: 'queued', progress: 0 }) }));
    answer('GET /api/me', json({ ...ME, company: { id: 'c-1', name: 'Peak Roofing', role: 'owner' } }));
    answer('GET /api/reports', json({ reports: [], total: 0 }));
    answer('GET /api/reports/readiness', json(fakeReadiness()));
    answer('GET /api/reports/packet-defaults', json(fakePacketDefaults()));
    answer('PUT /api/reports/cover-letter-template', { kind: 'empty', status: 204, delayMs: 0 });
    answer('POST /api/reports/packet', json({ report: fakeDetail({ kind: 'packet', title: 'Claim packet', status: 'queued', progress: 0 }) }, { status: 201 }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Claim packet' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Claim packet' }, SLOW);
    const preview = await within(dialog).findByTestId('cover-letter-preview', {}, SLOW);
    expect(preview).toHaveTextContent('Re: Claim CLM-4471 for Jordan Lee.');
    expect(sent('GET /api/reports/packet-defaults')[0]?.url.searchParams.get('projectId')).toBe(PROJECT_ID);

    const letter = within(dialog).getByLabelText('Cover letter');
    await user.clear(letter);
    await user.type(letter, 'Dear adjuster, we enclose our findings for ');
    await user.click(within(dialog).getByRole('button', { name: 'Insert Carrier' }));
    await user.click(within(dialog).getByRole('button', { name: 'Insert Policy number' }));
    expect(letter).toHaveValue('Dear adjuster, we enclose our findings for {{carrier_name}}{{policy_number}}');
    // A field the claim has no value for shows as its label in brackets.
    expect(preview).toHaveTextContent('Dear adjuster, we enclose our findings for State Farm[Policy number]');

    await user.click(await within(dialog).findByRole('button', { name: 'Save as company template' }, SLOW));
    await waitFor(() => expect(sent('PUT /api/reports/cover-letter-template')).toHaveLength(1));
    expect(sent('PUT /api/reports/cover-letter-template')[0]?.body).toEqual({
      template: 'Dear adjuster, we enclose our findings for {{carrier_name}}{{policy_number}}',
    });

    await user.click(within(dialog).getByRole('checkbox', { name: 'Measurements' }));
    expect(within(dialog).getByLabelText('Estimate')).toHaveValue(ESTIMATE_ID);
    await user.click(within(dialog).getByRole('button', { name: 'Make packet' }));
    await waitFor(() => expect(sent('POST /api/reports/packet')).toHaveLength(1));
    expect(sent('POST /api/reports/packet')[0]?.body).toEqual({
      projectId: PROJECT_ID,
      coverLetter: 'Dear adjuster, we enclose our findings for {{carrier_name}}{{policy_number}}',
      photoReport: true,
      measurements: false,
      estimateId: ESTIMATE_ID,
      layout: 2,
    });
  });

  it('hides the template save from a member and needs the reason when shots are missing', async () => {
    answer('GET /api/reports/:id', json({ report: fakeDetail({ kind: 'packet', status: 'queued', progress: 0 }) }));
    answer('GET /api/me', json({ ...ME, company: { id: 'c-1', name: 'Peak Roofing', role: 'member' } }));
    answer('GET /api/reports', json({ reports: [], total: 0 }));
    answer('GET /api/reports/readiness', json(INCOMPLETE));
    answer('GET /api/reports/packet-defaults', json(fakePacketDefaults({ estimates: [] })));
    answer('POST /api/reports/packet', json({ report: fakeDetail({ kind: 'packet', status: 'queued', progress: 0 }) }, { status: 201 }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Claim packet' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Claim packet' }, SLOW);
    await user.click(await within(dialog).findByRole('button', { name: 'Make packet anyway' }, SLOW));
    expect(await within(dialog).findByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(sent('POST /api/reports/packet')).toHaveLength(0);
    expect(within(dialog).queryByRole('button', { name: 'Save as company template' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Why make the packet without them?'), 'Roof too steep to walk');
    await user.click(within(dialog).getByRole('button', { name: 'Make packet anyway' }));
    await waitFor(() => expect(sent('POST /api/reports/packet')).toHaveLength(1));
    expect(sent('POST /api/reports/packet')[0]?.body).toMatchObject({ estimateId: null, overrideReason: 'Roof too steep to walk' });
  });
});
