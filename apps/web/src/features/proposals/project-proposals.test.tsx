import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Proposal, ReportDetail } from '@ridgeline/shared/contracts/documents';
import { defaultProposalOptions } from '@ridgeline/shared/domain/documents';
import { fakeEstimate } from '../../test/estimating-fakes';
import { answer, json, sent } from '../../test/fake-server';
import { notify } from '../../lib/toast';
import { answerCompany, fakeMe } from '../../test/claim-flow-fakes';
import { fakeCompany } from '../../test/company-fakes';
import { PROPOSAL_RIGHTS_TEXT, ProjectProposals } from './project-proposals';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 8_000 };
const PROJECT_ID = '00000000-0000-4000-8000-0000000000a1';
const ESTIMATE_ID = '00000000-0000-4000-8000-0000000000d1';
const PROPOSAL_ID = '00000000-0000-4000-8000-0000000000e1';
const REPORT_ID = '00000000-0000-4000-8000-0000000000b1';
const FILE_ID = '00000000-0000-4000-8000-0000000000f9';

// The company's letterhead details are complete: documents are made at once (the prompt for
// missing ones has its own tests).
beforeEach(() => {
  answerCompany({ phone: '+1 555 010 0100', address: '1 Main St, Tulsa, OK' });
  // The editor's photo picker reads the claim file's photos.
  answer(`GET /api/projects/${PROJECT_ID}/photos`, json({ photos: [] }));
});

function fakeProposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    id: PROPOSAL_ID,
    projectId: PROJECT_ID,
    estimateId: ESTIMATE_ID,
    status: 'draft',
    intro: 'Thank you for the chance to quote your roof.',
    options: defaultProposalOptions(1_000_000),
    deductibleCents: null,
    approvedCents: null,
    approvedSource: 'typed',
    photoIds: [],
    chosenTier: null,
    signature: null,
    reportId: null,
    signedFileId: null,
    createdBy: { id: 'u1', name: 'Alice Roof' },
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

function fakeReport(overrides: Partial<ReportDetail>): ReportDetail {
  return {
    id: REPORT_ID,
    kind: 'proposal',
    title: 'Proposal',
    status: 'queued',
    progress: 0,
    projectId: PROJECT_ID,
    sessionId: null,
    proposalId: PROPOSAL_ID,
    sourceLabel: 'Smith roof',
    pageCount: null,
    fileSize: null,
    overrideReason: null,
    error: null,
    stale: false,
    version: 1,
    createdBy: null,
    updatedBy: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    renderedAt: null,
    document: { sections: [], showAnnotations: true, showMetadata: true },
    packet: null,
    ...overrides,
  };
}

function renderPanel() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProjectProposals projectId={PROJECT_ID} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('ProjectProposals', () => {
  it('builds a proposal from an estimate, saves an edited price in cents, and shares it with the homeowner', async () => {
    const created = fakeProposal();
    let stored = created;
    answer('GET /api/proposals', () => json({ proposals: sent('POST /api/proposals').length ? [stored] : [] }));
    answer('GET /api/estimates', json({ estimates: [fakeEstimate({ id: ESTIMATE_ID, projectId: PROJECT_ID })] }));
    answer('POST /api/proposals', json({ proposal: created }, { status: 201 }));
    answer(`PUT /api/proposals/${PROPOSAL_ID}`, (request) => {
      stored = { ...created, ...(request.body as Partial<Proposal>) };
      return json({ proposal: stored });
    });
    answer(
      'POST /api/share-links',
      json(
        {
          link: {
            id: '00000000-0000-4000-8000-0000000000c1',
            projectId: PROJECT_ID,
            reportId: null,
            proposalId: PROPOSAL_ID,
            title: 'Proposal',
            audience: 'homeowner',
            url: 'https://app.example/share/tok_homeowner123',
            expiresAt: '2026-12-23T10:00:00.000Z',
            revokedAt: null,
            state: 'active',
            viewCount: 0,
            lastViewedAt: null,
            emails: [],
            createdBy: null,
            createdAt: '2026-11-23T10:00:00.000Z',
          },
        },
        { status: 201 },
      ),
    );
    const user = userEvent.setup();
    renderPanel();

    expect(await screen.findByText('No proposal yet', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New proposal' }));
    await user.selectOptions(await screen.findByLabelText('Estimate', {}, SLOW), ESTIMATE_ID);
    await user.click(screen.getByRole('button', { name: 'Create proposal' }));
    await waitFor(() => expect(sent('POST /api/proposals')[0]?.body).toEqual({ projectId: PROJECT_ID, estimateId: ESTIMATE_ID }), SLOW);

    const price = await screen.findByLabelText('Better: price (dollars)', {}, SLOW);
    expect(price).toHaveValue('11,200.00');
    await user.clear(price);
    await user.type(price, '13,500.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(`PUT /api/proposals/${PROPOSAL_ID}`)).toHaveLength(1), SLOW);
    const body = sent(`PUT /api/proposals/${PROPOSAL_ID}`)[0]?.body as { options: { tier: string; priceCents: number }[] };
    expect(body.options.map((o) => [o.tier, o.priceCents])).toEqual([
      ['good', 1_000_000],
      ['better', 1_350_050],
      ['best', 1_280_000],
    ]);

    const card = await screen.findByRole('article', { name: 'Proposal 1' }, SLOW);
    expect(await within(card).findByText('Better: $13,500.50', {}, SLOW)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Share with homeowner' }));
    expect(await within(card).findByDisplayValue('https://app.example/share/tok_homeowner123', {}, SLOW)).toBeInTheDocument();
    expect(sent('POST /api/share-links')[0]?.body).toEqual({ proposalId: PROPOSAL_ID, audience: 'homeowner' });
  });

  it('refuses a price that is not dollars and sends nothing', async () => {
    answer('GET /api/proposals', json({ proposals: [fakeProposal()] }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, SLOW));
    const price = screen.getByLabelText('Good: price (dollars)');
    await user.clear(price);
    await user.type(price, 'ten thousand');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the price in dollars, like 12,400.00')).toBeInTheDocument();
    expect(sent(`PUT /api/proposals/${PROPOSAL_ID}`)).toHaveLength(0);
  });

  it('makes the PDF, follows its percent, then offers the download', async () => {
    let made = false;
    answer('GET /api/proposals', () => json({ proposals: [fakeProposal(made ? { reportId: REPORT_ID } : {})] }));
    answer(`POST /api/proposals/${PROPOSAL_ID}/pdf`, () => {
      made = true;
      return json({ proposal: fakeProposal({ reportId: REPORT_ID }) }, { status: 202 });
    });
    answer(`GET /api/reports/${REPORT_ID}`, [
      json({ report: fakeReport({ status: 'rendering', progress: 40 }) }),
      json({ report: fakeReport({ status: 'ready', progress: 100, pageCount: 2 }) }),
    ]);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Make PDF' }, SLOW));
    expect(await screen.findByText('Making the PDF… 40%', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download PDF' }, SLOW)).toHaveAttribute('href', `/api/reports/${REPORT_ID}/file`);
    expect(notify.success).toHaveBeenCalledWith('Proposal PDF ready', 'Download it from the proposal.');
  });

  it('shows the signature record of a signed proposal: option, name, date, time, IP, the drawn image and the signed PDF', async () => {
    answer(
      'GET /api/proposals',
      json({
        proposals: [
          fakeProposal({
            status: 'signed',
            chosenTier: 'better',
            signedFileId: FILE_ID,
            signature: {
              name: 'Pat Miller',
              date: '2026-11-22',
              signedAt: '2026-11-22T15:04:00.000Z',
              ip: '203.0.113.9',
              email: 'pat@example.com',
              imageUrl: 'https://storage.example/sig.png',
            },
          }),
        ],
      }),
    );
    answer(
      `GET /api/projects/${PROJECT_ID}/files`,
      json({
        files: [
          {
            id: FILE_ID,
            projectId: PROJECT_ID,
            fileName: 'signed-proposal.pdf',
            mimeType: 'application/pdf',
            fileSize: 1000,
            uploadedBy: null,
            createdAt: '2026-11-22T15:04:05.000Z',
            url: 'https://storage.example/signed.pdf',
          },
        ],
      }),
    );
    renderPanel();
    const record = await screen.findByRole('region', { name: 'Signature' }, SLOW);
    expect(within(record).getByText(/^Better: Impact-resistant/)).toBeInTheDocument();
    expect(within(record).getByText('Pat Miller')).toBeInTheDocument();
    expect(within(record).getByText('Nov 22, 2026')).toBeInTheDocument();
    expect(within(record).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(record).getByRole('img', { name: 'Signature of Pat Miller' })).toHaveAttribute('src', 'https://storage.example/sig.png');
    expect(await within(record).findByRole('link', { name: 'Signed PDF: signed-proposal.pdf' }, SLOW)).toHaveAttribute(
      'href',
      'https://storage.example/signed.pdf',
    );
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share with homeowner' })).not.toBeInTheDocument();
  });

  it('says the homeowner signed, and who prepared the proposal; shows the homeowner’s part of each option', async () => {
    answer(
      'GET /api/proposals',
      json({
        proposals: [
          fakeProposal({
            status: 'signed',
            chosenTier: 'better',
            deductibleCents: 100_000,
            approvedCents: 1_000_000,
            signature: {
              name: 'Pat Miller',
              date: '2026-11-22',
              signedAt: '2026-11-22T15:04:00.000Z',
              ip: '203.0.113.9',
              email: 'pat@example.com',
              imageUrl: null,
            },
          }),
        ],
      }),
    );
    renderPanel();
    const card = await screen.findByRole('article', { name: 'Proposal 1' }, SLOW);
    expect(card).toHaveTextContent(/signed by the homeowner, Pat Miller, on .* · prepared by Alice Roof/);
    expect(card).not.toHaveTextContent(/· by Alice Roof/);
    const options = within(card).getByRole('list', { name: 'Options of Proposal 1' });
    expect(within(options).getByText('Insurance pays $9,000.00 · Homeowner pays $2,200.00')).toBeInTheDocument();
    expect(within(within(card).getByRole('region', { name: 'Signature' })).getByText('pat@example.com')).toBeInTheDocument();
  });

  it('asks an owner for the missing letterhead details before a new proposal, saves them, then goes on', async () => {
    answerCompany({ phone: '+1 555 010 0100', address: null, timeZone: null });
    answer('GET /api/proposals', json({ proposals: [] }));
    answer('GET /api/estimates', json({ estimates: [fakeEstimate({ id: ESTIMATE_ID, projectId: PROJECT_ID })] }));
    answer('PATCH /api/company', (request) => json(fakeCompany({ ...(request.body as object) })));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'New proposal' }, SLOW));
    const prompt = await screen.findByRole('dialog', { name: 'Add your company details' }, SLOW);
    expect(prompt).toHaveTextContent('Your letterhead has no address yet.');
    expect(within(prompt).getByRole('link', { name: 'Settings page' })).toHaveAttribute('href', '/settings');
    await user.click(within(prompt).getByRole('button', { name: 'Save and continue' }));
    expect(await within(prompt).findByText('Enter the address printed on your letterhead', {}, SLOW)).toBeInTheDocument();
    expect(sent('PATCH /api/company')).toHaveLength(0);

    await user.type(within(prompt).getByLabelText('Address'), '1 Main St, Tulsa, OK 74103');
    await user.click(within(prompt).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(sent('PATCH /api/company')).toHaveLength(1), SLOW);
    expect(sent('PATCH /api/company')[0]?.body).toMatchObject({ name: 'Peak Roofing', address: '1 Main St, Tulsa, OK 74103', phone: '+1 555 010 0100' });
    expect(await screen.findByRole('dialog', { name: 'New proposal' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add your company details' })).not.toBeInTheDocument();
  }, 20_000);

  it('tells a member who can add the details, and where', async () => {
    answerCompany({ phone: null, address: null }, 'member');
    answer('GET /api/proposals', json({ proposals: [] }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'New proposal' }, SLOW));
    const prompt = await screen.findByRole('dialog', { name: 'Add your company details' }, SLOW);
    expect(prompt).toHaveTextContent('Your letterhead has no address and phone number yet.');
    expect(within(prompt).getByText(/Only an owner or a manager of your company can add them/)).toBeInTheDocument();
    expect(within(prompt).getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
    expect(within(prompt).queryByLabelText('Address')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'New proposal' })).not.toBeInTheDocument();
  });

  it("offers a member Edit on the proposals they prepared only, and says who changes a colleague's", async () => {
    answerCompany({ phone: '+1 555 010 0100', address: '1 Main St, Tulsa, OK' }, 'member');
    const mine = fakeProposal({ id: '00000000-0000-4000-8000-0000000000e2', createdBy: { id: fakeMe().id, name: 'Alice Roof' } });
    answer('GET /api/proposals', json({ proposals: [mine, fakeProposal({ createdBy: { id: 'u-bob', name: 'Bob Shingle' } })] }));
    renderPanel();
    const own = await screen.findByRole('article', { name: 'Proposal 2' }, SLOW);
    expect(await within(own).findByRole('button', { name: 'Edit' }, SLOW)).toBeInTheDocument();
    const colleagues = screen.getByRole('article', { name: 'Proposal 1' });
    expect(within(colleagues).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(colleagues).getByText(PROPOSAL_RIGHTS_TEXT)).toBeInTheDocument();
    expect(within(own).queryByText(PROPOSAL_RIGHTS_TEXT)).not.toBeInTheDocument();
  });
});
