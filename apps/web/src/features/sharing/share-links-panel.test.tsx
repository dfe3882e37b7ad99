import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareLink } from '@ridgeline/shared/contracts/documents';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import { fakeMe } from '../../test/claim-flow-fakes';
import { answer, json, sent } from '../../test/fake-server';
import { REVOKE_RIGHTS_TEXT, ShareLinksPanel } from './share-links-panel';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 8_000 };
const PROJECT_ID = '00000000-0000-4000-8000-0000000000a1';
const REPORT_ID = '00000000-0000-4000-8000-0000000000b1';
const LINK_ID = '00000000-0000-4000-8000-0000000000c1';

function fakeLink(overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: LINK_ID,
    projectId: PROJECT_ID,
    reportId: REPORT_ID,
    proposalId: null,
    title: 'Photo report',
    audience: 'adjuster',
    url: 'https://app.example/share/tok_abcdefghijkl',
    expiresAt: '2026-12-23T10:00:00.000Z',
    revokedAt: null,
    state: 'active',
    viewCount: 2,
    lastViewedAt: '2026-11-22T09:30:00.000Z',
    emails: [],
    createdBy: { id: 'u1', name: 'Alice Roof' },
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

function renderPanel(role: CompanyRole = 'owner') {
  answer('GET /api/me', json(fakeMe(role)));
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ShareLinksPanel projectId={PROJECT_ID} />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('ShareLinksPanel', () => {
  it("lists the project's links with audience, state, expiry and views, and shows the view log", async () => {
    answer(
      'GET /api/share-links',
      json({
        links: [
          fakeLink(),
          fakeLink({
            id: '00000000-0000-4000-8000-0000000000c2',
            title: 'Proposal',
            audience: 'homeowner',
            state: 'revoked',
            revokedAt: '2026-11-22T10:00:00.000Z',
            viewCount: 0,
            lastViewedAt: null,
          }),
        ],
      }),
    );
    answer(
      `GET /api/share-links/${LINK_ID}/views`,
      json({ views: [{ viewedAt: '2026-11-22T09:30:00.000Z', ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone)' }] }),
    );
    const user = userEvent.setup();
    renderPanel();
    const adjuster = await screen.findByRole('article', { name: 'Photo report for the adjuster' }, SLOW);
    expect(sent('GET /api/share-links')[0]?.url.searchParams.get('projectId')).toBe(PROJECT_ID);
    expect(within(adjuster).getByText('Active')).toBeInTheDocument();
    expect(within(adjuster).getByText('2')).toBeInTheDocument();
    const revoked = screen.getByRole('article', { name: 'Proposal for the homeowner' });
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked).getByText('Not opened yet')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    await user.click(within(adjuster).getByRole('button', { name: 'Views: Photo report for the adjuster' }));
    const log = await within(adjuster).findByRole('table', {}, SLOW);
    expect(within(log).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(log).getByText('Mozilla/5.0 (iPhone)')).toBeInTheDocument();
  });

  it('asks before revoking, and sends nothing when the user keeps the link', async () => {
    answer('GET /api/share-links', json({ links: [fakeLink()] }));
    answer(`POST /api/share-links/${LINK_ID}/revoke`, json({ link: fakeLink({ state: 'revoked', revokedAt: '2026-11-23T10:00:00.000Z' }) }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Revoke: Photo report for the adjuster' }, SLOW));
    const question = screen.getByRole('dialog', { name: 'Revoke this link?' });
    await user.click(within(question).getByRole('button', { name: 'Keep the link' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent(`POST /api/share-links/${LINK_ID}/revoke`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke: Photo report for the adjuster' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke this link?' })).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(sent(`POST /api/share-links/${LINK_ID}/revoke`)).toHaveLength(1), SLOW);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers a member no Revoke, and says who can; Copy and Email stay', async () => {
    answer('GET /api/share-links', json({ links: [fakeLink()] }));
    renderPanel('member');
    const link = await screen.findByRole('article', { name: 'Photo report for the adjuster' }, SLOW);
    expect(await screen.findByText(REVOKE_RIGHTS_TEXT, {}, SLOW)).toBeInTheDocument();
    expect(within(link).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(within(link).getByRole('button', { name: 'Copy link: Photo report for the adjuster' })).toBeInTheDocument();
    expect(within(link).getByRole('button', { name: 'Email link: Photo report for the adjuster' })).toBeInTheDocument();
  });

  it('makes a new link to a report for 30 days unless told, refusing more than a year', async () => {
    answer('GET /api/share-links', json({ links: [] }));
    answer(
      'GET /api/reports',
      json({
        reports: [
          {
            id: REPORT_ID,
            kind: 'photo',
            title: 'Photo report',
            status: 'ready',
            progress: 100,
            projectId: PROJECT_ID,
            sessionId: null,
            proposalId: null,
            sourceLabel: 'Smith roof',
            pageCount: 8,
            fileSize: 1000,
            overrideReason: null,
            error: null,
            stale: false,
            version: 1,
            createdBy: null,
            updatedBy: null,
            createdAt: '2026-11-21T10:00:00.000Z',
            updatedAt: '2026-11-21T10:00:00.000Z',
            renderedAt: '2026-11-21T10:00:00.000Z',
          },
        ],
        total: 1,
      }),
    );
    answer('GET /api/proposals', json({ proposals: [] }));
    answer('POST /api/share-links', json({ link: fakeLink() }, { status: 201 }));
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('No share link yet', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New share link' }));
    const dialog = screen.getByRole('dialog', { name: 'New share link' });
    await user.selectOptions(await within(dialog).findByLabelText('What the link opens', {}, SLOW), `report:${REPORT_ID}`);
    const days = within(dialog).getByLabelText('Days valid');
    expect(days).toHaveValue(30);
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Make link' }));
    expect(await within(dialog).findByText('Enter between 1 and 365 days')).toBeInTheDocument();
    expect(sent('POST /api/share-links')).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Make link' }));
    expect(await within(dialog).findByDisplayValue('https://app.example/share/tok_abcdefghijkl', {}, SLOW)).toBeInTheDocument();
    expect(sent('POST /api/share-links')[0]?.body).toEqual({ reportId: REPORT_ID, audience: 'adjuster', expiresInDays: 30 });
  });

  it('emails an active link to an address with a note, and lists each send: to whom, by whom, when', async () => {
    const sentLink = fakeLink({ emails: [{ to: 'sam@carrier.example', sentBy: { id: 'u1', name: 'Alice Roof' }, sentAt: '2026-11-23T10:00:00.000Z' }] });
    answer('GET /api/share-links', [json({ links: [fakeLink()] }), json({ links: [sentLink] })]);
    answer(`POST /api/share-links/${LINK_ID}/email`, json({ link: sentLink }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Email link: Photo report for the adjuster' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Email this link' });
    await user.type(within(dialog).getByLabelText('Email address'), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true'), SLOW);
    expect(sent(`POST /api/share-links/${LINK_ID}/email`)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Email address'));
    await user.type(within(dialog).getByLabelText('Email address'), 'Sam@Carrier.example');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'The photo report of the Smith roof.');
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(sent(`POST /api/share-links/${LINK_ID}/email`)).toHaveLength(1), SLOW);
    expect(sent(`POST /api/share-links/${LINK_ID}/email`)[0]?.body).toEqual({ to: 'sam@carrier.example', note: 'The photo report of the Smith roof.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sends = await screen.findByRole('list', { name: 'Emails of Photo report for the adjuster' }, SLOW);
    expect(sends).toHaveTextContent(/^Emailed to sam@carrier\.example by Alice Roof on /);
  }, 20_000);
});
