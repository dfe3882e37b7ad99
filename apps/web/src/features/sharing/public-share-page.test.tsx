import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicShare } from '@ridgeline/shared/contracts/documents';
import { defaultProposalOptions } from '@ridgeline/shared/domain/documents';
import { answer, apiError, json, sent, sentPaths } from '../../test/fake-server';
import PublicSharePage from './public-share-page';

/** The first answers and screens can take a few seconds on a busy machine. */
const SLOW = { timeout: 8_000 };
const TOKEN = 'tok_abcdefghijklmnop';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const options = defaultProposalOptions(1_000_000).map((o) => ({ ...o }));

function proposalShare(overrides: Partial<NonNullable<PublicShare['proposal']>> = {}): PublicShare {
  return {
    kind: 'proposal',
    audience: 'homeowner',
    companyName: 'Summit Roofing',
    companyPhone: '(512) 555-0100',
    companyLogoUrl: null,
    propertyAddress: '12 Oak St, Austin, TX',
    homeownerName: 'Pat Miller',
    title: 'Roof replacement proposal',
    expiresAt: '2026-12-23T10:00:00.000Z',
    document: null,
    proposal: {
      intro: 'Thank you for choosing us.',
      options,
      status: 'sent',
      chosenTier: null,
      signature: null,
      deductibleCents: null,
      approvedCents: null,
      approvedSource: 'typed',
      askEmail: false,
      signedPdfPending: false,
      ...overrides,
    },
  };
}

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/share/${TOKEN}`]}>
        <Routes>
          <Route path="/share/:token" element={<PublicSharePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// jsdom draws nothing: the canvas's 2D context is a recorder and its PNG a fixed one, so what the
// page sends is known.
const drawCalls: string[] = [];
beforeEach(() => {
  drawCalls.length = 0;
  const context = new Proxy({} as Record<string, unknown>, {
    get: (target, key: string) => {
      if (key === 'measureText') return () => ({ width: 100 });
      if (!(key in target)) target[key] = (...args: unknown[]) => drawCalls.push(`${key}(${args.map(String).join(',')})`);
      return target[key];
    },
    set: (target, key: string, value: unknown) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});
afterEach(() => vi.restoreAllMocks());

describe('/share/:token', () => {
  it('says a revoked, expired or unknown link is no longer valid, and asks for a new one', async () => {
    answer(`GET /api/public/share/${TOKEN}`, apiError('NOT_FOUND'));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is no longer valid' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/ask the person who sent it to you for a new link/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign proposal' })).not.toBeInTheDocument();
  });

  it('shows a report with its pages and its PDF, and calls nothing but the public endpoints', async () => {
    answer(
      `GET /api/public/share/${TOKEN}`,
      json({
        ...proposalShare(),
        kind: 'report',
        audience: 'adjuster',
        title: 'Photo report',
        proposal: null,
        document: { pageCount: 12, fileName: 'photo-report.pdf' },
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo report' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Summit Roofing')).toBeInTheDocument();
    expect(screen.getByText('12 Oak St, Austin, TX')).toBeInTheDocument();
    expect(screen.getByText(/12 pages/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/public/share/${TOKEN}/file`);
    expect(sentPaths().every((p) => p.startsWith('GET /api/public/share/'))).toBe(true);
  });

  it('keeps Sign proposal disabled until an option, a name and a signature are there, then sends the drawn PNG', async () => {
    answer(`GET /api/public/share/${TOKEN}`, json(proposalShare()));
    answer(`POST /api/public/share/${TOKEN}/sign`, (request) => {
      const body = request.body as { tier: 'better'; name: string; date: string };
      return json(
        proposalShare({ status: 'signed', chosenTier: body.tier, signature: { name: body.name, date: body.date, signedAt: '2026-11-23T19:00:00.000Z' } }),
      );
    });
    const user = userEvent.setup();
    renderPage();
    const sign = await screen.findByRole('button', { name: 'Sign proposal' }, SLOW);
    expect(sign).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /^Better: \$11,200\.00$/ }));
    expect(sign).toBeDisabled();
    await user.type(screen.getByLabelText('Your full name'), 'Pat Miller');
    expect(sign).toBeDisabled();

    // A stroke with the mouse: down, across, up.
    const pad = screen.getByRole('img', { name: 'Signature pad' });
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10, pointerType: 'mouse' });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 60, clientY: 30, pointerType: 'mouse' });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'mouse' });
    expect(drawCalls.some((c) => c.startsWith('lineTo'))).toBe(true);
    expect(sign).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(sign).toBeDisabled();
    fireEvent.pointerDown(pad, { pointerId: 2, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(pad, { pointerId: 2 });
    expect(sign).toBeEnabled();

    await user.click(sign);
    const status = await screen.findByRole('status', {}, SLOW);
    expect(within(status).getByRole('heading', { name: 'Thank you, Pat Miller. Your proposal is signed.' })).toBeInTheDocument();
    expect(within(status).getByText(/^Better: Impact-resistant/)).toBeInTheDocument();
    const body = sent(`POST /api/public/share/${TOKEN}/sign`)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ tier: 'better', name: 'Pat Miller', signature: PNG });
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('writes a typed name on the canvas for those who cannot draw', async () => {
    answer(`GET /api/public/share/${TOKEN}`, json(proposalShare()));
    const user = userEvent.setup();
    renderPage();
    const sign = await screen.findByRole('button', { name: 'Sign proposal' }, SLOW);
    await user.click(screen.getByRole('radio', { name: /^Good:/ }));
    await user.type(screen.getByLabelText('Your full name'), 'Pat Miller');
    await user.click(screen.getByRole('button', { name: 'Type your signature instead' }));
    expect(sign).toBeDisabled();
    await user.type(screen.getByLabelText('Type your signature'), 'Pat Miller');
    expect(drawCalls.some((c) => c.startsWith('fillText(Pat Miller'))).toBe(true);
    expect(sign).toBeEnabled();
  });

  it('shows an already signed proposal as signed, with nothing to sign', async () => {
    answer(
      `GET /api/public/share/${TOKEN}`,
      json(
        proposalShare({ status: 'signed', chosenTier: 'best', signature: { name: 'Pat Miller', date: '2026-11-20', signedAt: '2026-11-20T15:00:00.000Z' } }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This proposal is signed' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/^Best: Designer shingles/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign proposal' })).not.toBeInTheDocument();
  });

  it('shows the homeowner’s part of each option, asks for the email when the claim file has none, and offers the signed PDF once it is made', async () => {
    const signed = {
      status: 'signed' as const,
      chosenTier: 'better' as const,
      signature: { name: 'Pat Miller', date: '2026-11-23', signedAt: '2026-11-23T19:00:00.000Z' },
      askEmail: false,
    };
    answer(`GET /api/public/share/${TOKEN}`, [
      json(proposalShare({ deductibleCents: 100_000, approvedCents: 1_000_000, askEmail: true })),
      json({
        ...proposalShare({ ...signed, deductibleCents: 100_000, approvedCents: 1_000_000 }),
        document: { pageCount: 3, fileName: 'Proposal - 12 Oak St.pdf' },
      }),
    ]);
    answer(
      `POST /api/public/share/${TOKEN}/sign`,
      json(proposalShare({ ...signed, deductibleCents: 100_000, approvedCents: 1_000_000, signedPdfPending: true })),
    );
    const user = userEvent.setup();
    renderPage();
    const better = await screen.findByRole('radio', { name: /^Better: \$11,200\.00$/ }, SLOW);
    // Approved $10,000.00, deductible $1,000.00: the insurance pays $9,000.00 of each option at or above it.
    expect(
      screen.getByText('Insurance pays $9,000.00. You pay $2,200.00 (your deductible $1,000.00 and $1,200.00 above what your insurance approved).'),
    ).toBeInTheDocument();
    expect(screen.getByText('Insurance pays $9,000.00. You pay $1,000.00 (your deductible $1,000.00).')).toBeInTheDocument();

    const sign = screen.getByRole('button', { name: 'Sign proposal' });
    await user.click(better);
    await user.type(screen.getByLabelText('Your full name'), 'Pat Miller');
    const pad = screen.getByRole('img', { name: 'Signature pad' });
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10, pointerType: 'mouse' });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 60, clientY: 30, pointerType: 'mouse' });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'mouse' });
    // The email is asked for: nothing is sent without it.
    expect(sign).toBeDisabled();
    await user.type(screen.getByLabelText('Your email'), 'pat@example');
    await user.click(sign);
    expect(sent(`POST /api/public/share/${TOKEN}/sign`)).toHaveLength(0);
    await user.type(screen.getByLabelText('Your email'), '.com');
    await user.click(sign);
    await waitFor(() => expect(sent(`POST /api/public/share/${TOKEN}/sign`)).toHaveLength(1), SLOW);
    expect(sent(`POST /api/public/share/${TOKEN}/sign`)[0]?.body).toMatchObject({ tier: 'better', name: 'Pat Miller', email: 'pat@example.com' });

    const status = await screen.findByRole('status', {}, SLOW);
    expect(within(status).getByText(/a copy of the signed PDF is on its way to your email/)).toBeInTheDocument();
    expect(within(status).getByText('Your signed PDF is being prepared. Its Download button appears here in a moment.')).toBeInTheDocument();
    // Asked again while the PDF is made: then it is there to keep.
    const download = await screen.findByRole('link', { name: 'Download signed PDF' }, { timeout: 10_000 });
    expect(download).toHaveAttribute('href', `/api/public/share/${TOKEN}/file`);
    expect(within(status).getByText('Your part')).toBeInTheDocument();
  }, 20_000);
});
