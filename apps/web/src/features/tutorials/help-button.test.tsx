import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiError, json, sent, sentPaths } from '../../test/fake-server';
import { HelpButton } from './help-button';

function answerTutorials(embedCode: string | null, guide: string | null = null) {
  answer(
    'GET /api/tutorials',
    embedCode === null && guide === null
      ? apiError('INTERNAL_ERROR', { message: 'down' })
      : json({
          tutorials: [
            {
              id: 't1',
              pageRoute: '/projects/*',
              isActive: true,
              title: 'One claim file',
              description: 'How a claim file works',
              embedCode,
              guide,
              updatedAt: '2026-01-01T00:00:00Z',
            },
          ],
        }),
  );
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <HelpButton />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/** Waits until the page's tutorial read (the `count`th of the test) has been answered and settled. */
async function tutorialsSettled(client: QueryClient, count: number) {
  await waitFor(() => {
    expect(sent('GET /api/tutorials')).toHaveLength(count);
    expect(client.isFetching()).toBe(0);
  });
}

describe('HelpButton', () => {
  it('opens a dialog with our own iframe for a YouTube embed, looked up for the page', async () => {
    answerTutorials('<iframe src="https://www.youtube.com/embed/abcdefghijk" onload="alert(1)"></iframe>');
    renderAt('/projects/123');
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
    const frame = await screen.findByTitle('One claim file');
    expect(frame.getAttribute('src')).toBe('https://www.youtube.com/embed/abcdefghijk');
    expect(frame.getAttribute('onload')).toBeNull();
    expect(screen.getByText('How a claim file works')).toBeTruthy();
    expect(sentPaths()).toEqual(['GET /api/tutorials?route=%2Fprojects%2F123']);
  });

  it('shows no video and no guide for a non-https or other host, nor (logged) when the read fails: the dialog offers feedback alone', async () => {
    /** Opens the page's help and checks it holds no video, no steps, and the way to send feedback about the page. */
    async function expectFeedbackOnly() {
      await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
      const dialog = await screen.findByRole('dialog', { name: 'Help' });
      expect(dialog.querySelector('iframe')).toBeNull();
      expect(screen.queryByRole('list', { name: 'Steps' })).toBeNull();
      expect(screen.getByText(/This page has no guide yet/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Send feedback about this page' }).getAttribute('href')).toBe('/feedback?page=%2Fdashboard');
    }

    answerTutorials('<iframe src="http://www.youtube.com/embed/abcdefghijk"></iframe>');
    const first = renderAt('/dashboard');
    await tutorialsSettled(first.client, 1);
    await expectFeedbackOnly();
    first.unmount();

    answerTutorials('https://evil.example/embed/abcdefghijk');
    const second = renderAt('/dashboard');
    await tutorialsSettled(second.client, 2);
    await expectFeedbackOnly();
    second.unmount();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answerTutorials(null);
    renderAt('/dashboard');
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    await expectFeedbackOnly();
    warn.mockRestore();
  });

  it("offers feedback about the page next to the page's own help, and closes when it is followed", async () => {
    answerTutorials(null, '1. Move it through its statuses.');
    renderAt('/projects/123');
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
    await screen.findByRole('list', { name: 'Steps' });
    const link = screen.getByRole('link', { name: 'Send feedback about this page' });
    expect(link.getAttribute('href')).toBe('/feedback?page=%2Fprojects%2F123');
    await userEvent.click(link);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a written guide as numbered steps where there is no video, and no iframe', async () => {
    answerTutorials(null, '1. Move it through its statuses.\n\n- Add tasks with due dates.');
    renderAt('/projects/123');
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
    const steps = await screen.findByRole('list', { name: 'Steps' });
    expect(Array.from(steps.querySelectorAll('li')).map((item) => item.textContent)).toEqual(['Move it through its statuses.', 'Add tasks with due dates.']);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
