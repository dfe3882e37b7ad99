import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@ridgeline/shared/contracts/chat';
import type { FeedbackDetail, FeedbackItem } from '@ridgeline/shared/contracts/feedback';
import { SCREENSHOT_MAX_BYTES, SCREENSHOT_TOO_LARGE_MESSAGE, SCREENSHOT_TYPE_MESSAGE } from '@ridgeline/shared/domain/feedback';
import { pixelBudgetMessage } from '@ridgeline/shared/domain/images';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import FeedbackItemPage from './feedback-item-page';
import FeedbackLoopPage from './feedback-loop-page';
import FeedbackPage from './feedback-page';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

// The realtime socket, faked: the test holds the pages' listeners and hands them events.
const realtime = vi.hoisted(() => ({ listeners: new Set<(event: RealtimeEvent) => void>() }));
vi.mock('../../lib/realtime/realtime-client', () => ({
  subscribeRealtime: (listener: (event: RealtimeEvent) => void) => {
    realtime.listeners.add(listener);
    return () => realtime.listeners.delete(listener);
  },
  sendRealtime: () => false,
}));

const ID = '11111111-1111-4111-8111-111111111111';
const SHOT = '22222222-2222-4222-8222-222222222222';
const AT = '2026-03-02T15:04:00.000Z';

const item = (overrides: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id: ID,
  type: 'problem',
  status: 'new',
  source: 'user',
  message: 'The photo grid jumps when I scroll.',
  page: '/projects/123',
  replyCount: 0,
  lastReplyBy: null,
  createdAt: AT,
  updatedAt: AT,
  ...overrides,
});

const detail = (overrides: Partial<FeedbackDetail> = {}): FeedbackDetail => ({
  ...item(),
  appVersion: 'development',
  browser: 'Chrome',
  screenshot: null,
  entries: [],
  ...overrides,
});

beforeEach(() => {
  vi.clearAllMocks();
  realtime.listeners.clear();
  answerSession(alice);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderFeedback(url = '/feedback?page=%2Fprojects%2F123') {
  renderWithSession(
    <Routes>
      <Route path="/feedback" element={<FeedbackPage />} />
      <Route path="/feedback-loop/:id" element={<p>The item page</p>} />
    </Routes>,
    { url, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
  );
}

const png = (name = 'grid.png', size = 8) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('/feedback', () => {
  it('fills in the page it was opened from, checks the screenshot when picked, and sends it all with the app version', async () => {
    answer('PUT /api/feedback/screenshots', json({ id: SHOT, contentType: 'image/png', byteSize: 8, width: 1280, height: 720 }, { status: 201 }));
    answer('POST /api/feedback', json(detail(), { status: 201 }));
    renderFeedback();
    expect(screen.getByRole('heading', { level: 1, name: 'Feedback' })).toBeInTheDocument();
    expect(screen.getByLabelText('The page it is about (optional)')).toHaveValue('/projects/123');
    expect(screen.getByRole('radio', { name: 'Problem' })).toBeChecked();

    await userEvent.upload(screen.getByLabelText('Screenshot (optional)'), png());
    expect(await screen.findByText(/grid\.png, 1280 x 720 pixels/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The screenshot you picked' })).toHaveAttribute('src', 'blob:preview');
    expect(sent('PUT /api/feedback/screenshots')[0]?.headers.get('content-type')).toBe('image/png');

    await userEvent.type(screen.getByLabelText('Your message'), 'The photo grid jumps when I scroll.');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('The item page')).toBeInTheDocument();
    expect(sent('POST /api/feedback')[0]?.body).toEqual({
      type: 'problem',
      message: 'The photo grid jumps when I scroll.',
      page: '/projects/123',
      appVersion: 'development',
      screenshotId: SHOT,
    });
  });

  it('refuses a screenshot over 10 MB or of another type before sending it, and shows the server’s refusal of one over the pixel budget', async () => {
    answer('PUT /api/feedback/screenshots', apiError('IMAGE_TOO_MANY_PIXELS'));
    renderFeedback('/feedback');
    const input = screen.getByLabelText('Screenshot (optional)');
    await userEvent.upload(input, png('huge.png', SCREENSHOT_MAX_BYTES + 1));
    expect(await screen.findByText(SCREENSHOT_TOO_LARGE_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // The file input's accept list keeps other files out of the picker; a file dropped past it is still refused here.
    await userEvent.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }), { applyAccept: false });
    expect(await screen.findByText(SCREENSHOT_TYPE_MESSAGE)).toBeInTheDocument();
    expect(sent('PUT /api/feedback/screenshots')).toHaveLength(0);

    await userEvent.upload(input, png('panorama.png'));
    expect(await screen.findByText(pixelBudgetMessage())).toBeInTheDocument();
    expect(sent('PUT /api/feedback/screenshots')).toHaveLength(1);
  });

  it("sends every screenshot picked in one form under the form's draft (the server replaces the one before), and shows a quota's refusal in the server's words", async () => {
    answer('PUT /api/feedback/screenshots', json({ id: SHOT, contentType: 'image/png', byteSize: 8, width: 1280, height: 720 }, { status: 201 }));
    renderFeedback('/feedback');
    const input = screen.getByLabelText('Screenshot (optional)');
    await userEvent.upload(input, png('first.png'));
    expect(await screen.findByText(/first\.png, 1280 x 720 pixels/)).toBeInTheDocument();
    const hour = 'Your feedback screenshots this hour have reached the limit of 50 MB. Send your feedback without a screenshot, or add one in 20 minutes.';
    answer('PUT /api/feedback/screenshots', apiError('UPLOAD_QUOTA_EXCEEDED', { message: hour, retryAfter: 1200 }));
    await userEvent.upload(input, png('second.png'));
    expect(await screen.findByText(hour)).toBeInTheDocument();
    const drafts = sent('PUT /api/feedback/screenshots').map((request) => request.url.searchParams.get('draft'));
    expect(drafts).toHaveLength(2);
    expect(drafts[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(drafts[1]).toBe(drafts[0]);
  });

  it('says what is missing without sending anything, and shows the server’s refusal of the whole form', async () => {
    renderFeedback('/feedback');
    expect(screen.getByLabelText('The page it is about (optional)')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Write the message.')).toBeInTheDocument();
    expect(sent('POST /api/feedback')).toHaveLength(0);

    answer('POST /api/feedback', apiError('RATE_LIMITED', { message: 'Too many requests.', retryAfter: 30 }));
    await userEvent.click(screen.getByRole('radio', { name: 'Idea' }));
    await userEvent.type(screen.getByLabelText('Your message'), 'Sort by carrier');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many attempts. Try again at/);
    expect(sent('POST /api/feedback')[0]?.body).toMatchObject({ type: 'idea', page: null, screenshotId: null });
  });
});

describe('/feedback-loop', () => {
  it('lists the user’s feedback with its status, and says when the team replied', async () => {
    answer(
      'GET /api/feedback',
      json({ items: [item({ status: 'planned', replyCount: 1, lastReplyBy: 'team' }), item({ id: SHOT, type: 'idea', message: 'Dark mode', page: null })] }),
    );
    renderWithSession(<FeedbackLoopPage />, { url: '/feedback-loop', queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
    const list = await screen.findByRole('list', { name: 'Your feedback' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('two items expected');
    expect(within(first).getByRole('link', { name: 'The photo grid jumps when I scroll.' })).toHaveAttribute('href', `/feedback-loop/${ID}`);
    expect(within(first).getByText('Planned')).toBeInTheDocument();
    expect(within(first).getByText('The team replied')).toBeInTheDocument();
    expect(within(first).getByText('1 reply')).toBeInTheDocument();
    expect(within(second).getByText('Idea')).toBeInTheDocument();
    expect(within(second).getByText('No replies yet')).toBeInTheDocument();
    expect(within(second).queryByText('The team replied')).not.toBeInTheDocument();
  });

  it('reads the list again when the team’s reply or status change arrives over the socket', async () => {
    answer('GET /api/feedback', [json({ items: [item()] }), json({ items: [item({ status: 'planned' })] })]);
    renderWithSession(<FeedbackLoopPage />, { url: '/feedback-loop', queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
    const list = await screen.findByRole('list', { name: 'Your feedback' });
    expect(within(list).getByText('New')).toBeInTheDocument();
    act(() => {
      for (const listener of realtime.listeners) {
        listener({
          type: 'notification',
          notification: { id: SHOT, kind: 'mention', title: 'Someone mentioned you', body: '', link: null, actorName: null, readAt: null, createdAt: AT },
        });
      }
    });
    expect(sent('GET /api/feedback')).toHaveLength(1);
    act(() => {
      for (const listener of realtime.listeners) {
        listener({
          type: 'notification',
          notification: {
            id: SHOT,
            kind: 'feedback',
            title: 'Your feedback is now: Planned',
            body: '',
            link: `/feedback-loop/${ID}`,
            actorName: null,
            readAt: null,
            createdAt: AT,
          },
        });
      }
    });
    expect(await within(list).findByText('Planned')).toBeInTheDocument();
    expect(sent('GET /api/feedback')).toHaveLength(2);
  });

  it('shows an item’s thread and sends the author’s reply', async () => {
    const entries: FeedbackDetail['entries'] = [
      { id: '33333333-3333-4333-8333-333333333333', kind: 'status', body: null, status: 'planned', byTeam: true, authorName: 'Avery Admin', createdAt: AT },
      {
        id: '44444444-4444-4444-8444-444444444444',
        kind: 'reply',
        body: 'Fixed in the next release.',
        status: null,
        byTeam: true,
        authorName: 'Avery Admin',
        createdAt: AT,
      },
    ];
    answer(`GET /api/feedback/${ID}`, json(detail({ status: 'planned', entries })));
    answer(
      `POST /api/feedback/${ID}/replies`,
      json(
        detail({
          entries: [
            ...entries,
            {
              id: '55555555-5555-4555-8555-555555555555',
              kind: 'reply',
              body: 'Thanks!',
              status: null,
              byTeam: false,
              authorName: 'Alice Roof',
              createdAt: AT,
            },
          ],
        }),
        { status: 201 },
      ),
    );
    renderWithSession(
      <Routes>
        <Route path="/feedback-loop/:id" element={<FeedbackItemPage />} />
      </Routes>,
      { url: `/feedback-loop/${ID}`, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
    );
    expect(await screen.findByText(/moved it to/)).toHaveTextContent('Avery Admin, Ridgeline team moved it to Planned');
    expect(screen.getByRole('article', { name: 'Reply from Avery Admin, Ridgeline team' })).toHaveTextContent('Fixed in the next release.');
    await userEvent.type(screen.getByLabelText('Your reply'), 'Thanks!');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('article', { name: 'Reply from You' })).toHaveTextContent('Thanks!');
    expect(sent(`POST /api/feedback/${ID}/replies`)[0]?.body).toEqual({ body: 'Thanks!' });
    await waitFor(() => expect(screen.getByLabelText('Your reply')).toHaveValue(''));
  });
});
